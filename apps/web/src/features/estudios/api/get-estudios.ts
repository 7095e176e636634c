import type { EstudioListItem } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listOf } from './list-of';

export const estudiosListKey = ['estudios', 'list'] as const;

export async function getEstudios(): Promise<EstudioListItem[]> {
  return listOf<EstudioListItem>(await api.get<unknown>('/estudios/'));
}

export function estudiosQueryOptions() {
  return queryOptions({ queryKey: estudiosListKey, queryFn: getEstudios });
}

export function useEstudios() {
  return useQuery(estudiosQueryOptions());
}
