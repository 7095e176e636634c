import type { EncargoDetail } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ModifyEncargoInput {
  id: number;
  payload: Record<string, unknown>;
}

/** PATCH /encargos/{id}/modificar_encargo/: the fields sent replace the stored ones. */
export function modifyEncargo({ id, payload }: ModifyEncargoInput): Promise<EncargoDetail> {
  return api.patch<EncargoDetail>(`/encargos/${id}/modificar_encargo/`, payload);
}

export function useModifyEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos', 'lista'] }),
  });
}
