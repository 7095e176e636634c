import type { TipoEstampado } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';

/** GET /estampados/api/estampados/tipos: the stamp types a new template can serve. */
export async function getTiposEstampado(): Promise<TipoEstampado[]> {
  const body = await api.get<unknown>('/estampados/tipos', stampServiceOptions());
  return Array.isArray(body) ? (body as TipoEstampado[]) : [];
}

export function useTiposEstampado() {
  return useQuery(
    queryOptions({ queryKey: ['plantillas', 'tipos-estampado'], queryFn: getTiposEstampado, staleTime: 10 * 60_000, retry: 1 }),
  );
}
