import type { Cliente, ClienteListResponse } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export async function getClientes(): Promise<Cliente[]> {
  const body = await api.get<ClienteListResponse>('/onboarding/clientes/');
  return body.clientes ?? [];
}

export function clientesQueryOptions() {
  return queryOptions({ queryKey: onboardingKeys.clientes, queryFn: getClientes });
}

export function useClientes() {
  return useQuery(clientesQueryOptions());
}
