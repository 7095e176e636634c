import type { ColaResponse } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /diligencias/cola/: assignments waiting for results and for a stamp, oldest first. */
export function getCola(): Promise<ColaResponse> {
  return api.get<ColaResponse>('/diligencias/cola/');
}

export function colaQueryOptions() {
  return queryOptions({ queryKey: ['diligencias', 'cola'], queryFn: getCola });
}

export function useCola() {
  return useQuery(colaQueryOptions());
}
