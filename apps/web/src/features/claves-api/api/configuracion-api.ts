import type { EstudioPortalConfiguracion, EstudioPortalConfiguracionInput } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = (estudioId: number) => ['estudio-portal-configuracion', estudioId] as const;

/** GET /api/v1/estudios/{id}/portal_configuracion/ — the firm's API settings. */
export function useConfiguracionApi(estudioId: number) {
  return useQuery({
    queryKey: key(estudioId),
    queryFn: () => api.get<EstudioPortalConfiguracion>(`/estudios/${estudioId}/portal_configuracion/`),
  });
}

/** PUT …/portal_configuracion/ */
export function useGuardarConfiguracionApi(estudioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EstudioPortalConfiguracionInput) => api.put<EstudioPortalConfiguracion>(`/estudios/${estudioId}/portal_configuracion/`, input),
    onSuccess: (saved) => queryClient.setQueryData(key(estudioId), saved),
  });
}
