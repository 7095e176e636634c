import type { UsuarioList } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getUsuarios(): Promise<UsuarioList> {
  return api.get<UsuarioList>('/configuracion/usuarios/');
}

// Only active users take part in the matrix (spec 02 §6).
const activeUsers = (data: UsuarioList) => data.results.filter((usuario) => usuario.is_active);

export const usuariosQueryKey = ['permisos', 'usuarios'] as const;

export function usuariosQueryOptions() {
  return queryOptions({
    queryKey: usuariosQueryKey,
    queryFn: getUsuarios,
    select: activeUsers,
  });
}

export function useUsuarios() {
  return useQuery(usuariosQueryOptions());
}
