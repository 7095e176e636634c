import type { Sugerido } from '@receptoria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/v1/honorarios/sugerido/?encargo_id&tipo_estampado_id: the fee by the firm's price list, the
 * general list or the type's default. Quiet when it cannot be had (no cobranza module, API without it).
 */
export function useValorSugerido(encargoId: number | null | undefined, tipoEstampadoId: string | null | undefined) {
  const tipo = tipoEstampadoId ? Number(tipoEstampadoId) : null;
  return useQuery({
    queryKey: ['honorarios', 'sugerido', encargoId ?? null, tipo] as const,
    queryFn: () => api.get<Sugerido>('/honorarios/sugerido/', { params: { encargo_id: encargoId, tipo_estampado_id: tipo } }),
    enabled: Boolean(encargoId) && tipo !== null && Number.isInteger(tipo),
    retry: false,
    staleTime: 60_000,
  });
}
