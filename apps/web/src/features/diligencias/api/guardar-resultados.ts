import type { GuardarResultadosInput, GuardarResultadosResponse } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /diligencias/guardar_resultados/ ('Estampar Más Tarde'). */
export function guardarResultados(input: GuardarResultadosInput): Promise<GuardarResultadosResponse> {
  return api.post<GuardarResultadosResponse>('/diligencias/guardar_resultados/', input);
}

export function useGuardarResultados() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardarResultados,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['diligencias', 'cola'] }),
  });
}
