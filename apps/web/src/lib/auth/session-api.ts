import type { LoginInput, LoginResponse, Permiso, Profile } from '@receptoria/contracts';
import { api } from '../api-client';

export const sessionApi = {
  login: (input: LoginInput) => api.post<LoginResponse>('/auth/login/', input),
  logout: (refresh: string) => api.post<{ detail: string }>('/auth/logout/', { refresh }),
  getProfile: () => api.get<Profile>('/auth/profile/'),
  getPermisos: (userId: number) => api.get<Permiso[]>(`/configuracion/usuarios/${userId}/permisos/`),
};
