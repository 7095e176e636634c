import type { DashboardEstadisticas } from '@receptoria/contracts';
import { parseDashboardEstadisticasResponse } from '@receptoria/contracts/dashboard/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Workflow counts refresh every 5 seconds (spec 01 §9). */
export const ESTADISTICAS_REFRESH_MS = 5000;

export async function getDashboardEstadisticas(): Promise<DashboardEstadisticas> {
  const body = parseDashboardEstadisticasResponse(await api.get<unknown>('/dashboard/estadisticas/'));
  return body.estadisticas;
}

export function dashboardEstadisticasQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'estadisticas'],
    queryFn: getDashboardEstadisticas,
    // The next poll is the retry.
    retry: false,
    staleTime: 0,
    refetchInterval: ESTADISTICAS_REFRESH_MS,
  });
}

export function useDashboardEstadisticas() {
  return useQuery(dashboardEstadisticasQueryOptions());
}
