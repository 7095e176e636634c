import type { TrasladoCreateValue, TrasladoEstado } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

export type TrasladoIniciado = TrasladoEstado & { message: string };

/** Starts moving a receiver's database to another server (202: the copy runs in the background). */
export function moverCliente(clienteId: number, payload: TrasladoCreateValue): Promise<TrasladoIniciado> {
  return api.post<TrasladoIniciado>(`/onboarding/clientes/${clienteId}/mover/`, payload);
}

export function useMoverCliente(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TrasladoCreateValue) => moverCliente(clienteId, payload),
    onSuccess: ({ message: _message, ...estado }) => {
      queryClient.setQueryData(onboardingKeys.traslado(clienteId), estado);
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.traslados });
    },
  });
}
