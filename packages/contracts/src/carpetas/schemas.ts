import { z } from 'zod';

/** Folder links of the caller's receiver (spec 02 §3); a link not configured is null. */
export const CarpetasLinksSchema = z.object({
  estampados_link: z.string().nullable(),
  cobranza_link: z.string().nullable(),
});
export type CarpetasLinks = z.infer<typeof CarpetasLinksSchema>;
