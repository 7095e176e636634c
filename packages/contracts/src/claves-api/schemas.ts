import { z } from 'zod';
import { boundedString } from '../common/text';
import { isValidIsoDate, todayIso } from '../format/dates';
import { clavesApiMessages as m } from './messages';

/**
 * A firm's API keys: `Authorization: Bearer rk_…` opens the portal's firm-scoped routes its scopes allow.
 * The secret is shown once; the database keeps its SHA-256 and a visible prefix.
 */

export const CLAVE_API_ALCANCES = ['encargos:leer', 'encargos:crear', 'documentos:leer', 'cuenta:leer', 'webhooks:administrar'] as const;
export type ClaveApiAlcance = (typeof CLAVE_API_ALCANCES)[number];
/** `rk_` + 32 random bytes in base62 (43 characters). */
export const CLAVE_API_PREFIJO = 'rk_';
/** Requests a key may make in a minute, counted on every instance together. */
export const CLAVE_API_LIMITE_POR_MINUTO = 600;
/** Characters of the secret kept and shown as its prefix (`rk_` + 8). */
export const CLAVE_API_PREFIJO_LARGO = 11;

const AlcanceSchema = z.enum(CLAVE_API_ALCANCES, { error: m.alcanceInvalido });

export const ClaveApiCreateSchema = z.object({
  nombre: boundedString(100, { error: m.nombreRequerido, tooLong: m.nombreLargo })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: m.nombreRequerido }),
  alcances: z
    .array(AlcanceSchema, { error: m.alcancesRequeridos })
    .min(1, { error: m.alcancesRequeridos })
    .max(CLAVE_API_ALCANCES.length, { error: m.alcanceInvalido })
    .transform((values) => CLAVE_API_ALCANCES.filter((a) => values.includes(a))),
  expira: z
    .string({ error: m.expiraInvalida })
    .max(10, { error: m.expiraInvalida })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidIsoDate(value), { error: m.expiraInvalida, abort: true })
    .refine((value) => value >= todayIso(), { error: m.expiraPasada })
    .nullish()
    .transform((value) => value ?? null),
});
export type ClaveApiCreateInput = z.input<typeof ClaveApiCreateSchema>;
export type ClaveApiCreateValue = z.output<typeof ClaveApiCreateSchema>;

export const ClaveApiSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  prefijo: z.string(),
  alcances: z.array(z.enum(CLAVE_API_ALCANCES)),
  creada: z.string(),
  ultimo_uso: z.string().nullable(),
  /** Last valid day (YYYY-MM-DD, America/Santiago), null: no expiry. */
  expira: z.string().nullable(),
});
export type ClaveApi = z.infer<typeof ClaveApiSchema>;

export const ClaveApiCreadaSchema = z.object({ clave: ClaveApiSchema, secreto: z.string() });
export type ClaveApiCreada = z.infer<typeof ClaveApiCreadaSchema>;

export const ClavesApiListSchema = z.object({ results: z.array(ClaveApiSchema) });
export type ClavesApiList = z.infer<typeof ClavesApiListSchema>;

/** POST /api/v1/estudios/{id}/usuarios_portal/{uid}/administra_api/ */
export const AdministraApiSchema = z.object({ administra_api: z.boolean({ error: m.derechoInvalido }) });

export const ClaveApiRevocadaSchema = z.object({ message: z.string() });
