import type { ArancelFila, Tarifa, TarifaInput, TipoEstampado, Utm } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

const tarifasKey = ['honorarios', 'tarifas'] as const;

/** GET /api/v1/honorarios/tarifas/: every row (the general list and every firm's). */
export function useTarifas() {
  return useQuery({ queryKey: tarifasKey, queryFn: () => api.get<Tarifa[]>('/honorarios/tarifas/') });
}

/** PUT /api/v1/honorarios/tarifas/: the whole list, replacing it. */
export function useSaveTarifas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: TarifaInput[]) => api.put<unknown>('/honorarios/tarifas/', rows),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tarifasKey }),
  });
}

/** The official schedule; shown beside the prices, absent when the API cannot give it. */
export function useArancel() {
  return useQuery({ queryKey: ['honorarios', 'arancel'], queryFn: () => api.get<ArancelFila[]>('/honorarios/arancel/'), retry: false, staleTime: 10 * 60_000 });
}

export function useUtm(mes: string) {
  return useQuery({ queryKey: ['honorarios', 'utm', mes], queryFn: () => api.get<Utm>('/honorarios/utm/', { params: { mes } }), retry: false, staleTime: 60 * 60_000 });
}

/** The stamp types (result types) of the stamp service. */
export function useTiposEstampadoTarifas() {
  return useQuery({
    queryKey: ['estampados', 'tipos'],
    queryFn: async () => {
      const body = await api.get<unknown>('/estampados/tipos', stampServiceOptions());
      return Array.isArray(body) ? (body as TipoEstampado[]) : [];
    },
    staleTime: 10 * 60_000,
  });
}
