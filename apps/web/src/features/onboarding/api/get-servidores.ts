import type { Servidor } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function getServidores(): Promise<Servidor[]> {
  return api.get<Servidor[]>('/onboarding/servidores/');
}

export function servidoresQueryOptions() {
  return queryOptions({ queryKey: onboardingKeys.servidores, queryFn: getServidores });
}

export function useServidores() {
  return useQuery(servidoresQueryOptions());
}
