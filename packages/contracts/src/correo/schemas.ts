import { z } from 'zod';
import { boundedString, idSchema } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { correoMessages as m } from './messages';

/**
 * The receiver's outbox (issue 36 §4):
 *   GET /api/v1/correo_saliente/?estado&desde&hasta&page   → CorreoSalienteListResponse
 *   GET /api/v1/correo_saliente/{id}/                      → CorreoSaliente
 * and, for the platform admin, the same for another receiver under /onboarding/clientes/{id}/correo_saliente/.
 */
export const CORREO_ESTADOS = ['pendiente', 'enviado', 'fallido', 'sin_transporte'] as const;
export type CorreoEstado = (typeof CORREO_ESTADOS)[number];
export const CORREO_PAGE_SIZE = 50;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : typeof value === 'string' ? value.trim() : value;

const FechaSchema = z.preprocess(
  blankToUndefined,
  boundedString(10, { error: m.fechaInvalida, tooLong: m.fechaInvalida })
    .refine((value) => isValidIsoDate(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100, { error: m.fechaInvalida })
    .optional(),
);

export const CorreoSalienteQuerySchema = z
  .object({
    estado: z.preprocess(blankToUndefined, z.enum(CORREO_ESTADOS, { error: m.estadoInvalido }).optional()),
    /** Santiago dates of `creado`, both included. */
    desde: FechaSchema,
    hasta: FechaSchema,
    page: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: m.paginaInvalida }).int({ error: m.paginaInvalida }).min(1, { error: m.paginaInvalida }).max(1_000_000, { error: m.paginaInvalida }).default(1),
    ),
  })
  .refine((value) => !value.desde || !value.hasta || value.desde <= value.hasta, { error: m.rangoInvertido, path: ['hasta'] });
export type CorreoSalienteQuery = z.output<typeof CorreoSalienteQuerySchema>;

export const CorreoAdjuntoSchema = z.object({ nombre: z.string(), bytes: z.number().int() });

export const CorreoSalienteSchema = z.object({
  id: z.number().int(),
  asunto: z.string(),
  /** The recipients, comma-separated. */
  para: z.string(),
  /** Santiago ISO datetimes. */
  creado: z.string(),
  enviado: z.string().nullable(),
  estado: z.enum(CORREO_ESTADOS),
  cuerpo: z.string(),
  adjuntos: z.array(CorreoAdjuntoSchema),
  /** The transport's reason when it failed; '' otherwise. */
  error: z.string(),
});
export type CorreoSaliente = z.infer<typeof CorreoSalienteSchema>;

/** A list row: the body is left out (the detail has it). */
export const CorreoSalienteResumenSchema = CorreoSalienteSchema.omit({ cuerpo: true });
export type CorreoSalienteResumen = z.infer<typeof CorreoSalienteResumenSchema>;

export const CorreoSalienteListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(CorreoSalienteResumenSchema),
});
export type CorreoSalienteListResponse = z.infer<typeof CorreoSalienteListResponseSchema>;

/** GET /onboarding/clientes/{id}/correo_saliente/{correo}/ */
export const ClienteCorreoParamsSchema = z.object({ id: idSchema(), correo: idSchema() });

/** What a sending action tells about its mail: how it went, and for an invitation its link (only to the staff who invited). */
export const CorreoResultadoSchema = z.object({
  estado: z.enum(CORREO_ESTADOS),
  enlace_activacion: z.string().nullable(),
});
export type CorreoResultado = z.infer<typeof CorreoResultadoSchema>;
