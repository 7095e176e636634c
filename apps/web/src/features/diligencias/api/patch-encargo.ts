import type { EncargoDetail, EncargoModifyInput } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PATCH /encargos/{id}/ with only the changed fields ('Campo modificado', spec 02 §4). */
export function patchEncargo({ id, cambios }: { id: number; cambios: EncargoModifyInput }): Promise<EncargoDetail> {
  return api.patch<EncargoDetail>(`/encargos/${id}/`, cambios);
}

export function usePatchEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos'] }),
  });
}
