import type { ClienteUsuarioCreateResponse, ClienteUsuarioCreateValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export function addUsuario(clienteId: number, payload: ClienteUsuarioCreateValue): Promise<ClienteUsuarioCreateResponse> {
  return api.post<ClienteUsuarioCreateResponse>(`/onboarding/clientes/${clienteId}/secretaria/`, payload);
}

export function useAddUsuario(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ClienteUsuarioCreateValue) => addUsuario(clienteId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
