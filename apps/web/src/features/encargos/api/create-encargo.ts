import type { EncargoCreateValue, EncargoDetail } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /nuevo_encargo/crear/ → the new assignment (at least its id). */
export function createEncargo(payload: EncargoCreateValue): Promise<Pick<EncargoDetail, 'id'> & Partial<EncargoDetail>> {
  return api.post('/nuevo_encargo/crear/', payload);
}

export function useCreateEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos', 'lista'] }),
  });
}
