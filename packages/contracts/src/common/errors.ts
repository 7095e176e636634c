import { z } from 'zod';
import { idSchema } from './text';

/** Every error body the API sends carries a Spanish `detail` (spec 01 §8). */
export const ErrorBodySchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export { commonMessages } from './messages';

export const IdParamSchema = z.object({ id: idSchema() });
