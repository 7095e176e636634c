import type { CartaArt46Input, CartaArt46Response } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { colaQueryOptions } from './get-cola';

/** POST /encargos/{id}/carta_art46/: the art. 46 letter was sent (closes its deadline). */
export function registrarCartaArt46({ encargoId, carta }: { encargoId: number; carta: CartaArt46Input }): Promise<CartaArt46Response> {
  return api.post<CartaArt46Response>(`/encargos/${encargoId}/carta_art46/`, carta);
}

/** Registers the sending and reloads the work queue, which the letter leaves. */
export function useRegistrarCartaArt46() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registrarCartaArt46,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: colaQueryOptions().queryKey }),
  });
}
