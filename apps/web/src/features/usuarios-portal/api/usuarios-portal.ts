import type { PortalInvitacionInput, PortalInvitacionResponse, PortalUsuarioResponse, PortalUsuariosListResponse } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const keys = { list: (estudioId: number) => ['usuarios-portal', estudioId] as const };

/** GET /api/v1/estudios/{id}/usuarios_portal/ */
export function useUsuariosPortal(estudioId: number) {
  return useQuery({
    queryKey: keys.list(estudioId),
    queryFn: async () => (await api.get<PortalUsuariosListResponse>(`/estudios/${estudioId}/usuarios_portal/`)).results,
  });
}

/** POST …/usuarios_portal/ — invites (or, for one not yet active, sends the link again); says how the mail went. */
export function useInvitarUsuarioPortal(estudioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PortalInvitacionInput) => api.post<PortalInvitacionResponse>(`/estudios/${estudioId}/usuarios_portal/`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(estudioId) }),
  });
}

/** POST …/usuarios_portal/{uid}/desactivar/ | activar/ */
export function useCambiarActivoUsuarioPortal(estudioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, activo }: { uid: number; activo: boolean }) =>
      api.post<PortalUsuarioResponse>(`/estudios/${estudioId}/usuarios_portal/${uid}/${activo ? 'activar' : 'desactivar'}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(estudioId) }),
  });
}
