import type { TrasladoEstado } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** How often a running move is asked about. */
export const TRASLADO_POLL_MS = 1_000;

/** The receiver's last move, or null when it never moved (the API answers 404). */
export async function getTraslado(clienteId: number): Promise<TrasladoEstado | null> {
  try {
    return await api.get<TrasladoEstado>(`/onboarding/clientes/${clienteId}/mover/`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function trasladoQueryOptions(clienteId: number) {
  return queryOptions({
    queryKey: onboardingKeys.traslado(clienteId),
    queryFn: () => getTraslado(clienteId),
    // Asked again while the copy runs; a finished move stays as it is.
    refetchInterval: (query) => (query.state.data?.estado === 'copiando' ? TRASLADO_POLL_MS : false),
  });
}

export function useTraslado(clienteId: number | null) {
  return useQuery({ ...trasladoQueryOptions(clienteId ?? 0), enabled: clienteId !== null });
}
