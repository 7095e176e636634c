import type { Estudio, EstudioCreateValue } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function registerEstudio(payload: EstudioCreateValue): Promise<Estudio> {
  return api.post<Estudio>('/estudios/registrar_estudio/', payload);
}

export function useRegisterEstudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEstudio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['estudios'] }),
  });
}
