import type { ClienteDetail } from '@receptoria/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function getCliente(id: number): Promise<ClienteDetail> {
  return api.get<ClienteDetail>(`/onboarding/clientes/${id}/`);
}

export function clienteQueryOptions(id: number) {
  return queryOptions({ queryKey: onboardingKeys.cliente(id), queryFn: () => getCliente(id) });
}

export function useCliente(id: number | null) {
  return useQuery({ ...clienteQueryOptions(id ?? 0), enabled: id !== null });
}
