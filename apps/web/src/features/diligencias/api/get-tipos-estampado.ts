import type { TipoEstampado } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

/** GET /estampados/api/estampados/tipos → [{id, nombre, …}] (the result types). */
export async function getTiposEstampado(): Promise<TipoEstampado[]> {
  const body = await api.get<unknown>('/estampados/tipos', stampServiceOptions());
  return Array.isArray(body) ? (body as TipoEstampado[]) : [];
}

export function tiposEstampadoQueryOptions() {
  return queryOptions({ queryKey: ['estampados', 'tipos'], queryFn: getTiposEstampado, staleTime: 10 * 60_000 });
}

export function useTiposEstampado() {
  return useQuery(tiposEstampadoQueryOptions());
}
