import type { VisitaListResponse } from '@receptoria/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /encargos/{id}/visitas/: the assignment's field visits, oldest first (the results form starts from the latest). */
export function visitasEncargoQueryOptions(encargoId: number) {
  return queryOptions({
    queryKey: ['visitas', encargoId],
    queryFn: () => api.get<VisitaListResponse>(`/encargos/${encargoId}/visitas/`),
  });
}
