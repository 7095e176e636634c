import type { TrasladoEstado } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** Drops the old database of the receiver's last finished move (it cannot be undone). */
export function confirmarTraslado(clienteId: number): Promise<TrasladoEstado> {
  return api.post<TrasladoEstado>(`/onboarding/clientes/${clienteId}/mover/confirmar/`);
}

export function useConfirmarTraslado(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmarTraslado(clienteId),
    onSuccess: (estado) => {
      queryClient.setQueryData(onboardingKeys.traslado(clienteId), estado);
      return queryClient.invalidateQueries({ queryKey: onboardingKeys.traslados });
    },
  });
}
