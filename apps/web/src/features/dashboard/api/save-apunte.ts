import type { Apunte, ApunteSaveInput } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apunteQueryKey } from './get-apunte';

export function saveApunte(input: ApunteSaveInput): Promise<{ fecha_actualizacion: string }> {
  return api.post<{ fecha_actualizacion: string }>('/apuntes-personales/guardar_texto/', input);
}

export function useSaveApunte() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApunte,
    onSuccess: (result, input) => {
      queryClient.setQueryData<Apunte>(apunteQueryKey, {
        texto: input.texto,
        fecha_actualizacion: result.fecha_actualizacion,
      });
    },
    // Note errors are only logged (spec 01 §8).
    onError: (error) => console.error('No se pudieron guardar los apuntes', error),
  });
}
