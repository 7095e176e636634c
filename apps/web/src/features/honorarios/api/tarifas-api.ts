import type { ArancelFila, ArancelInput, RetencionTasa, Tarifa, TarifaInput, TipoEstampado, Utm, UtmPutInput } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

const tarifasKey = ['honorarios', 'tarifas'] as const;

/** GET /api/v1/honorarios/tarifas/: every row (the general list and every firm's). */
export function useTarifas() {
  return useQuery({ queryKey: tarifasKey, queryFn: () => api.get<Tarifa[]>('/honorarios/tarifas/') });
}

/** PUT /api/v1/honorarios/tarifas/?version: the whole list, replacing it; 409 when it changed since it was read. */
export function useSaveTarifas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, version }: { rows: TarifaInput[]; version: number }) => api.put<unknown>('/honorarios/tarifas/', rows, { params: { version } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tarifasKey }),
  });
}

/** The official schedule; shown beside the prices, absent when the API cannot give it. */
export function useArancel() {
  return useQuery({ queryKey: ['honorarios', 'arancel'], queryFn: () => api.get<ArancelFila[]>('/honorarios/arancel/'), retry: false, staleTime: 10 * 60_000 });
}

export function useSaveArancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: ArancelInput[]) => api.put<ArancelFila[]>('/honorarios/arancel/', rows),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['honorarios', 'arancel'] }),
  });
}

export function useUtm(mes: string) {
  return useQuery({ queryKey: ['honorarios', 'utm', mes], queryFn: () => api.get<Utm>('/honorarios/utm/', { params: { mes } }), retry: false, staleTime: 60 * 60_000 });
}

/** PUT /api/v1/honorarios/utm/: the receiver's value for a month (when mindicador.cl cannot give it, or to correct it). */
export function useSaveUtm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UtmPutInput) => api.put<Utm>('/honorarios/utm/', body),
    onSuccess: (utm) => queryClient.setQueryData(['honorarios', 'utm', utm.mes], utm),
  });
}

const retencionKey = ['honorarios', 'retencion'] as const;

export function useRetencion() {
  return useQuery({ queryKey: retencionKey, queryFn: () => api.get<RetencionTasa[]>('/honorarios/retencion/') });
}

export function useSaveRetencion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: RetencionTasa[]) => api.put<RetencionTasa[]>('/honorarios/retencion/', rows),
    onSuccess: (rows) => queryClient.setQueryData(retencionKey, rows),
  });
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
