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

// ---------------------------------------------------------------------------------------------
// A firm's API settings: GET|PUT /api/v1/estudios/{id}/portal_configuracion/ (staff)

/** Default of `limite_api_por_minuto`: requests each key may make in a sliding minute. */
export const LIMITE_API_POR_MINUTO_DEFECTO = CLAVE_API_LIMITE_POR_MINUTO;
export const LIMITE_API_POR_MINUTO_MAX = 100_000;

export const EstudioPortalConfiguracionSchema = z.object({
  /** Requests each of the firm's keys may make in any 60 seconds (default 600). */
  limite_api_por_minuto: z.number().int(),
  /** Requests sent with a key become assignments at once (default false: they wait in the office's inbox). */
  aceptar_api_automaticamente: z.boolean(),
});
export type EstudioPortalConfiguracion = z.infer<typeof EstudioPortalConfiguracionSchema>;

export const EstudioPortalConfiguracionInputSchema = z.object({
  limite_api_por_minuto: z
    .number({ error: m.limiteInvalido })
    .int({ error: m.limiteInvalido })
    .min(1, { error: m.limiteInvalido })
    .max(LIMITE_API_POR_MINUTO_MAX, { error: m.limiteInvalido }),
  aceptar_api_automaticamente: z.boolean({ error: m.aceptarInvalido }),
});
export type EstudioPortalConfiguracionInput = z.infer<typeof EstudioPortalConfiguracionInputSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/v1/portal/solicitudes/ as JSON, and its Idempotency-Key header

/** Longest `Idempotency-Key` accepted (printable ASCII). */
export const IDEMPOTENCY_KEY_MAX = 255;
/** Hours an Idempotency-Key's answer is kept. */
export const IDEMPOTENCIA_HORAS = 24;

/** An `Idempotency-Key` header's value: 1 to 255 printable ASCII characters. */
export const IdempotencyKeySchema = z
  .string({ error: m.idempotenciaInvalida })
  .min(1, { error: m.idempotenciaInvalida })
  .max(IDEMPOTENCY_KEY_MAX, { error: m.idempotenciaInvalida })
  .regex(/^[\x21-\x7e]+$/, { error: m.idempotenciaInvalida });

/** Characters of base64 for a PDF of at most `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** A PDF sent in JSON: its file name and its bytes in base64 (standard alphabet, padded). */
export const archivoBase64Schema = (maxBytes: number) =>
  z.strictObject(
    {
      nombre: z.string({ error: m.archivoNombreRequerido }).trim().min(1, { error: m.archivoNombreRequerido }),
      contenido_base64: z
        .string({ error: m.archivoBase64Invalido })
        .max(base64Length(maxBytes), { error: m.archivoBase64Grande })
        .refine((value) => value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value), { error: m.archivoBase64Invalido }),
    },
    { error: m.archivoBase64Invalido },
  );
