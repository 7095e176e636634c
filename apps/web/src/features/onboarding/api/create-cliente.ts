import type { ClienteCreateResponse, ClienteCreateValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function createCliente(payload: ClienteCreateValue): Promise<ClienteCreateResponse> {
  return api.post<ClienteCreateResponse>('/onboarding/clientes/crear/', payload);
}

export function useCreateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCliente,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
