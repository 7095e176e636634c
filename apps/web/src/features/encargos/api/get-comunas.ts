import { COMUNAS, type Comuna } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

/** Chile's 346 comunas from the system, the spec's 16 first; the 16 when the answer is empty. */
export async function getComunas(): Promise<string[]> {
  const rows = listOf<Comuna | string>(await api.get<unknown>('/encargos/comunas/'));
  const names = rows.map((row) => (typeof row === 'string' ? row : row.nombre)).filter(Boolean);
  return names.length ? names : [...COMUNAS];
}

export function comunasQueryOptions() {
  return queryOptions({ queryKey: ['encargos', 'comunas'], queryFn: getComunas, staleTime: 60 * 60_000 });
}

export function useComunas(enabled = true) {
  return useQuery({ ...comunasQueryOptions(), enabled });
}

/** Comuna names to choose from: the loaded list, or the spec's 16 while it loads or when it fails. */
export function useComunaNames(): readonly string[] {
  return useComunas().data ?? COMUNAS;
}
