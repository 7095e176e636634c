import type { ReceptorDatosUpdateInput, ReceptorDatosUpdateResponse } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { receptorKeys } from './keys';

export function updateReceptorDatos(payload: ReceptorDatosUpdateInput): Promise<ReceptorDatosUpdateResponse> {
  return api.put<ReceptorDatosUpdateResponse>('/configuracion/receptor/', payload);
}

export function useUpdateReceptorDatos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReceptorDatos,
    onSuccess: ({ message: _message, ...datos }) => queryClient.setQueryData(receptorKeys.datos, datos),
  });
}
