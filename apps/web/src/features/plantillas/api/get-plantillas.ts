import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stampServiceOptions } from '../../../lib/stamp-service';
import type { Plantilla } from '@receptoria/contracts';

/** GET /estampados/api/plantillas → {success, plantillas}. */
export async function getPlantillas(): Promise<Plantilla[]> {
  const body = await api.get<{ success?: boolean; plantillas?: Plantilla[] }>('/plantillas', stampServiceOptions());
  return Array.isArray(body?.plantillas) ? body.plantillas : [];
}

/** Template queries retry once and never refetch on focus (spec 02 §9). */
export function plantillasQueryOptions() {
  return queryOptions({
    queryKey: ['plantillas', 'lista'],
    queryFn: getPlantillas,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function usePlantillas() {
  return useQuery(plantillasQueryOptions());
}
