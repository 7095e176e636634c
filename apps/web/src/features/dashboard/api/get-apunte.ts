import type { Apunte } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getApunte(): Promise<Apunte> {
  return api.get<Apunte>('/apuntes-personales/texto/');
}

export const apunteQueryKey = ['apuntes-personales', 'texto'] as const;

export function apunteQueryOptions() {
  return queryOptions({ queryKey: apunteQueryKey, queryFn: getApunte, staleTime: Infinity });
}

export function useApunte() {
  return useQuery(apunteQueryOptions());
}
