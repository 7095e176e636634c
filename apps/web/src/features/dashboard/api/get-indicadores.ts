import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const IndicadorSchema = z.object({ valor: z.coerce.number(), fecha: z.string().nullish() });

export const IndicadoresResponseSchema = z.object({
  success: z.boolean().optional(),
  indicadores: z.object({ uf: IndicadorSchema, ipc: IndicadorSchema, dolar: IndicadorSchema }),
});
export type IndicadoresResponse = z.infer<typeof IndicadoresResponseSchema>;

/** Economic indicators; an answer of another shape counts as no answer. */
export async function getIndicadores(): Promise<IndicadoresResponse> {
  return IndicadoresResponseSchema.parse(await api.get<unknown>('/indicadores-economicos/'));
}

const HOUR = 60 * 60 * 1000;

export function indicadoresQueryOptions() {
  return queryOptions({
    queryKey: ['indicadores-economicos'],
    queryFn: getIndicadores,
    retry: false,
    staleTime: HOUR,
    // Indicators refresh every hour (spec 01 §9) while the service answers.
    refetchInterval: (query) => (query.state.status === 'success' ? HOUR : false),
  });
}

export function useIndicadores() {
  return useQuery(indicadoresQueryOptions());
}
