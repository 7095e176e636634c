import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const CountSchema = z.object({ valor: z.coerce.number() });

export const DashboardEstadisticasSchema = z.object({
  flujo_trabajo: z.object({
    preparado: CountSchema,
    listo_para_estampar: CountSchema,
    estampado: CountSchema,
  }),
});
export type DashboardEstadisticas = z.infer<typeof DashboardEstadisticasSchema>;

/** Dashboard statistics; accepts `{estadisticas: {...}}` or the statistics object itself. */
export async function getDashboardEstadisticas(): Promise<DashboardEstadisticas> {
  const body = await api.get<unknown>('/dashboard/estadisticas/');
  const inner = (body as { estadisticas?: unknown } | null)?.estadisticas ?? body;
  return DashboardEstadisticasSchema.parse(inner);
}

const WORKFLOW_REFRESH_MS = 5000;

export function dashboardEstadisticasQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'estadisticas'],
    queryFn: getDashboardEstadisticas,
    retry: false,
    // Workflow counts refresh every 5 seconds (spec 01 §9) while the service answers.
    refetchInterval: (query) => (query.state.status === 'success' ? WORKFLOW_REFRESH_MS : false),
  });
}

export function useDashboardEstadisticas() {
  return useQuery(dashboardEstadisticasQueryOptions());
}
