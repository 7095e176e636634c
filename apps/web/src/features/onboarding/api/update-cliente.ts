import type { ClienteDetail, ClienteUpdateInput } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function updateCliente(clienteId: number, payload: ClienteUpdateInput): Promise<ClienteDetail> {
  return api.patch<ClienteDetail>(`/onboarding/clientes/${clienteId}/`, payload);
}

export function useUpdateCliente(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ClienteUpdateInput) => updateCliente(clienteId, payload),
    onSuccess: (detail) => {
      queryClient.setQueryData(onboardingKeys.cliente(clienteId), detail);
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
}
