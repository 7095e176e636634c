import type { TipoCausa } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

export async function getTiposCausa(): Promise<TipoCausa[]> {
  return listOf<TipoCausa>(await api.get<unknown>('/encargos/causas/'));
}

export function tiposCausaQueryOptions() {
  return queryOptions({ queryKey: ['encargos', 'causas'], queryFn: getTiposCausa, staleTime: 10 * 60_000 });
}

export function useTiposCausa() {
  return useQuery(tiposCausaQueryOptions());
}
