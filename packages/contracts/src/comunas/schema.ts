import { z } from 'zod';

export const comunaMessages = {
  noOficial: (nombre: string) => `La comuna "${nombre.slice(0, 100)}" no está en el listado de comunas de Chile`,
} as const;

/** Number of comunas of Chile (CUT 2018, with the Región de Ñuble). */
export const TOTAL_COMUNAS = 346;

/** GET /encargos/comunas/ row: the official comuna with its CUT code, province and region. */
export const ComunaSchema = z.object({
  codigo: z.string().regex(/^\d{5}$/),
  nombre: z.string(),
  provincia: z.string(),
  region: z.string(),
});
export type Comuna = z.infer<typeof ComunaSchema>;

/** GET /encargos/comunas/?q — an optional search text. */
export const ComunasQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: 'Texto de búsqueda inválido' }).max(100, { error: 'Máximo 100 caracteres' }).optional(),
  ),
});
