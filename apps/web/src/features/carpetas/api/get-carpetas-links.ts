import type { CarpetasLinks } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCarpetasLinks(): Promise<CarpetasLinks> {
  return api.get<CarpetasLinks>('/configuracion/carpetas/links/');
}

/** Folder links: one retry and no refetch on window focus (spec 02 §9). */
export function carpetasLinksQueryOptions() {
  return queryOptions({
    queryKey: ['carpetas', 'links'] as const,
    queryFn: getCarpetasLinks,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

export function useCarpetasLinks() {
  return useQuery(carpetasLinksQueryOptions());
}
