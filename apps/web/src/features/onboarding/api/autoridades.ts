import type { Autoridad, AutoridadCreateValue, AutoridadesResponse } from '@receptoria/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** The platform's CA certificates the signing chain may use (GET /api/v1/firma/autoridades/, platform admin). */
export function getAutoridades(): Promise<AutoridadesResponse> {
  return api.get<AutoridadesResponse>('/firma/autoridades/');
}

export function autoridadesQueryOptions() {
  return queryOptions({ queryKey: [...onboardingKeys.all, 'autoridades'] as const, queryFn: getAutoridades });
}

export function useAutoridades() {
  return useQuery(autoridadesQueryOptions());
}

export function createAutoridad(payload: AutoridadCreateValue): Promise<Autoridad> {
  return api.post<Autoridad>('/firma/autoridades/', payload);
}

export function useCreateAutoridad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAutoridad,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autoridadesQueryOptions().queryKey }),
  });
}
