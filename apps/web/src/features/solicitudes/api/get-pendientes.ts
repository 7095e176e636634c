import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * How many requests wait for the office (the top bar's and the dashboard's badge): GET
 * /api/v1/solicitudes/?estado=pendiente. No contract import, so the dashboard downloads no more than this.
 * Its key is under ['solicitudes'], so accepting or rejecting one refreshes it.
 */
export function usePendientesCount() {
  return useQuery({
    queryKey: ['solicitudes', 'pendientes'],
    queryFn: async () => (await api.get<{ pendientes: number }>('/solicitudes/', { params: { estado: 'pendiente' } })).pendientes,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
