import type { VisitaListResponse } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /encargos/{id}/visitas/: every visit of the assignment, oldest first, with signed photo links. */
export function getVisitas(encargoId: number): Promise<VisitaListResponse> {
  return api.get<VisitaListResponse>(`/encargos/${encargoId}/visitas/`);
}

/** Photo links work 10 minutes: the list is read again every 5 while it is shown. */
export function visitasQueryOptions(encargoId: number) {
  return queryOptions({
    queryKey: ['visitas', encargoId],
    queryFn: () => getVisitas(encargoId),
    refetchInterval: 5 * 60_000,
  });
}

export function useVisitas(encargoId: number) {
  return useQuery(visitasQueryOptions(encargoId));
}
