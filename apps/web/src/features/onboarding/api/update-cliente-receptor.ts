import type { ReceptorDatosUpdateInput, ReceptorDatosUpdateResponse } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from './keys';

/** The platform admin changes a client's identity (name, RUT, title, office) from its detail. */
export function updateClienteReceptor(clienteId: number, payload: ReceptorDatosUpdateInput): Promise<ReceptorDatosUpdateResponse> {
  return api.put<ReceptorDatosUpdateResponse>(`/onboarding/clientes/${clienteId}/receptor/`, payload);
}

export function useUpdateClienteReceptor(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReceptorDatosUpdateInput) => updateClienteReceptor(clienteId, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
