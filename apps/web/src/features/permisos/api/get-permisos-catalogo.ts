import type { PermisoCatalogo } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPermisosCatalogo(): Promise<PermisoCatalogo[]> {
  return api.get<PermisoCatalogo[]>('/configuracion/permisos/');
}

export const permisosCatalogoQueryKey = ['permisos', 'catalogo'] as const;

/** The catalogue is fixed by the product: read once per session. */
export function permisosCatalogoQueryOptions() {
  return queryOptions({ queryKey: permisosCatalogoQueryKey, queryFn: getPermisosCatalogo, staleTime: Infinity });
}

export function usePermisosCatalogo() {
  return useQuery(permisosCatalogoQueryOptions());
}
