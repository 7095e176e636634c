import type { Servidor, ServidorCreateValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export type ServidorCreateResponse = Servidor & { message: string };

export function createServidor(payload: ServidorCreateValue): Promise<ServidorCreateResponse> {
  return api.post<ServidorCreateResponse>('/onboarding/servidores/', payload);
}

export function useCreateServidor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServidor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.servidores }),
  });
}
