import type { EstudioListItem } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

/** Firms with their plaintiff parties, for the assignment forms. */
export async function getEstudiosOptions(): Promise<EstudioListItem[]> {
  return listOf<EstudioListItem>(await api.get<unknown>('/estudios/'));
}

export function estudiosOptionsQueryOptions() {
  return queryOptions({ queryKey: ['estudios', 'list'], queryFn: getEstudiosOptions });
}

export function useEstudiosOptions() {
  return useQuery(estudiosOptionsQueryOptions());
}
