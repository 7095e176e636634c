import type { IndicadoresResponse } from '@receptoria/contracts';
import { parseIndicadoresResponse } from '@receptoria/contracts/dashboard/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Indicators refresh every hour (spec 01 §9). */
export const INDICADORES_REFRESH_MS = 60 * 60 * 1000;

/** Economic indicators; an answer of another shape counts as a failed request. */
export async function getIndicadores(): Promise<IndicadoresResponse> {
  return parseIndicadoresResponse(await api.get<unknown>('/indicadores-economicos/'));
}

export function indicadoresQueryOptions() {
  return queryOptions({
    queryKey: ['indicadores-economicos'],
    queryFn: getIndicadores,
    staleTime: INDICADORES_REFRESH_MS,
    refetchInterval: INDICADORES_REFRESH_MS,
  });
}

export function useIndicadores() {
  return useQuery(indicadoresQueryOptions());
}
