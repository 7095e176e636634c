import type { AgregarPartesResponse, AgregarPartesValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AddPartesInput {
  estudioId: number;
  payload: AgregarPartesValue;
}

export function addPartes({ estudioId, payload }: AddPartesInput): Promise<AgregarPartesResponse> {
  return api.post<AgregarPartesResponse>(`/estudios/${estudioId}/agregar_partes_demandantes/`, payload);
}

export function useAddPartes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPartes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['estudios'] }),
  });
}
