import type { TrasladoListItem } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** The platform's receiver moves, newest first (at most TRASLADOS_LIST_LIMIT). */
export function getTraslados(): Promise<TrasladoListItem[]> {
  return api.get<TrasladoListItem[]>('/onboarding/traslados/');
}

export function trasladosQueryOptions() {
  return queryOptions({ queryKey: onboardingKeys.traslados, queryFn: getTraslados });
}

export function useTraslados() {
  return useQuery(trasladosQueryOptions());
}
