import type { Tribunal } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

export async function getTribunales(): Promise<Tribunal[]> {
  return listOf<Tribunal>(await api.get<unknown>('/encargos/tribunales/'));
}

export function tribunalesQueryOptions() {
  return queryOptions({ queryKey: ['encargos', 'tribunales'], queryFn: getTribunales, staleTime: 10 * 60_000 });
}

export function useTribunales() {
  return useQuery(tribunalesQueryOptions());
}
