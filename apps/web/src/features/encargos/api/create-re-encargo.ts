import type { EncargoDetail } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /encargos/re_encargo/: a new assignment linked to the original, which stays. */
export function createReEncargo(payload: Record<string, unknown>): Promise<EncargoDetail> {
  return api.post<EncargoDetail>('/encargos/re_encargo/', payload);
}

export function useCreateReEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos', 'lista'] }),
  });
}
