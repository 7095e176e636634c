import type { DiasHabilesResponse } from '@receptoria/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /calendario/dias_habiles/?desde=YYYY-MM-DD&dias=N → the due date N días hábiles after desde. */
export function getDiasHabiles(desde: string, dias: number): Promise<DiasHabilesResponse> {
  return api.get<DiasHabilesResponse>('/calendario/dias_habiles/', { params: { desde, dias } });
}

/** The due date, asked only when both the start day and a count of at least one day are known. */
export function useDiasHabiles(desde: string | null, dias: number | null) {
  return useQuery({
    queryKey: ['calendario', 'dias_habiles', desde, dias],
    queryFn: () => getDiasHabiles(desde ?? '', dias ?? 0),
    enabled: desde !== null && dias !== null && dias >= 1,
    staleTime: 5 * 60_000,
  });
}
