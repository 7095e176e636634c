import type { ReceptorDatos } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { receptorKeys } from './keys';

export function getReceptorDatos(): Promise<ReceptorDatos> {
  return api.get<ReceptorDatos>('/configuracion/receptor/');
}

export function receptorDatosQueryOptions() {
  return queryOptions({ queryKey: receptorKeys.datos, queryFn: getReceptorDatos, retry: 1, refetchOnWindowFocus: false });
}

export function useReceptorDatos() {
  return useQuery(receptorDatosQueryOptions());
}
