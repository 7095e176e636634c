import type { ClaveApiCreada, ClaveApiCreateInput, ClavesApiList } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const keys = { list: (estudioId: number) => ['claves-api', estudioId] as const };

/** GET /api/v1/estudios/{id}/claves_api/ */
export function useClavesApi(estudioId: number) {
  return useQuery({
    queryKey: keys.list(estudioId),
    queryFn: async () => (await api.get<ClavesApiList>(`/estudios/${estudioId}/claves_api/`)).results,
  });
}

/** POST …/claves_api/ — the answer carries the secret, once. */
export function useCrearClaveApi(estudioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaveApiCreateInput) => api.post<ClaveApiCreada>(`/estudios/${estudioId}/claves_api/`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(estudioId) }),
  });
}

/** DELETE …/claves_api/{clave_id}/ */
export function useRevocarClaveApi(estudioId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claveId: number) => api.delete<{ message: string }>(`/estudios/${estudioId}/claves_api/${claveId}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(estudioId) }),
  });
}
