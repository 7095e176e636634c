import { z } from 'zod';
import { idempotencyMessages } from './messages';

/** Idempotent creation (issue 11): one key per form submission, sent as the Idempotency-Key header. */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .max(100, { error: idempotencyMessages.claveInvalida })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: idempotencyMessages.claveInvalida })
    .optional(),
});
