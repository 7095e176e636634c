import { type EncargoCreateValue, type EncargoDetail, IDEMPOTENCY_HEADER } from '@receptoria/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CreateEncargoInput {
  payload: EncargoCreateValue;
  /** One key per form submission: a repeat returns the assignment the first one created. */
  idempotencyKey: string;
}

/** POST /nuevo_encargo/crear/ → the new assignment with its alarms. */
export function createEncargo({ payload, idempotencyKey }: CreateEncargoInput): Promise<EncargoDetail> {
  return api.post('/nuevo_encargo/crear/', payload, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateEncargo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEncargo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['encargos', 'lista'] }),
  });
}

/** A fresh idempotency key for the next submission of the form (getRandomValues works without HTTPS). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
