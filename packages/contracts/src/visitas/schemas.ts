import { z } from 'zod';
import { boundedString, bodyIdSchema } from '../common/text';
import { isValidIsoDate, parseDateTime } from '../format/dates';
import {
  ESTADOS_ART44,
  FOTO_TIPOS_MIME,
  INFORMANTE_NOMBRE_MAX,
  NUMERO_SEGUIMIENTO_MAX,
  ORIGENES_VISITA,
  RELACIONES_INFORMANTE,
  RESULTADOS_VISITA,
  TIPOS_VISITA,
  VISITA_APUNTES_MAX,
} from './enums';
import { EntregaCopiasRespuestaSchema, EntregaCopiasSchema, GENEROS } from './entrega-copias';
import { visitaMessages as m } from './messages';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nullToUndefined = (value: unknown) => (value === null ? undefined : value);

/** A client-made UUID (crypto.randomUUID()), compared in lower case. */
export function visitaUuidSchema(message: string = m.uuidInvalido) {
  return z
    .string({ error: message })
    .trim()
    .max(36, { error: message, abort: true })
    .regex(UUID_RE, { error: message })
    .transform((value) => value.toLowerCase());
}

/** Path parameter of /visitas/{uuid}/… */
export const VisitaUuidParamsSchema = z.object({ uuid: visitaUuidSchema(m.visitaNoEncontrada) });

/** The instant of the visit as the device saw it: ISO date-time with offset (or Z); output as a Date. */
export const FechaHoraVisitaSchema = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value === null || value === '' ? undefined : value),
  z
    .string({ error: m.fechaHoraRequerida })
    .trim()
    .max(40, { error: m.fechaHoraInvalida, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/i, { error: m.fechaHoraInvalida, abort: true })
    .refine((text) => isValidIsoDate(text.slice(0, 10)) && parseDateTime(text) !== null, { error: m.fechaHoraInvalida, abort: true })
    .transform((text) => parseDateTime(text) as Date)
    .refine((date) => date.getUTCFullYear() >= 2000, { error: m.fechaHoraAntigua }),
);

export const InformanteSchema = z.object({
  nombre: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    boundedString(INFORMANTE_NOMBRE_MAX, { error: m.informanteNombreRequerido, tooLong: m.informanteNombreLargo })
      .trim()
      .min(1, { error: m.informanteNombreRequerido }),
  ),
  relacion: z.enum(RELACIONES_INFORMANTE, { error: m.relacionInvalida }),
  /** The relation agrees with it ("vecina del sector"); absent → inferred from the name. */
  genero: z.preprocess((value) => (value === null || value === '' ? undefined : value), z.enum(GENEROS, { error: m.generoInvalido }).optional()),
});
export type Informante = z.output<typeof InformanteSchema>;

/** The informant as answered (no input transforms: responses are encoded with it). */
export const InformanteRespuestaSchema = z.object({ nombre: z.string(), relacion: z.enum(RELACIONES_INFORMANTE), genero: z.enum(GENEROS).optional() });

export const UbicacionSchema = z.object({
  lat: z.number({ error: m.latitudInvalida }).min(-90, { error: m.latitudInvalida }).max(90, { error: m.latitudInvalida }),
  lon: z.number({ error: m.longitudInvalida }).min(-180, { error: m.longitudInvalida }).max(180, { error: m.longitudInvalida }),
  precision_m: z
    .number({ error: m.precisionInvalida })
    .min(0, { error: m.precisionInvalida })
    .max(100_000, { error: m.precisionInvalida }),
});
export type Ubicacion = z.output<typeof UbicacionSchema>;

/**
 * POST /api/v1/encargos/{id}/visitas/ — one visit, made on the phone (or in the office). The `uuid` is the
 * client's: posting it again with the same content answers 200 and the same visit; with other content, 409.
 */
export const VisitaInputSchema = z.object({
  uuid: visitaUuidSchema(),
  /** The address visited; optional only when the assignment has no address. */
  domicilio_id: z.preprocess(nullToUndefined, bodyIdSchema(m.domicilioInvalido).optional()),
  fecha_hora: FechaHoraVisitaSchema,
  tipo: z.enum(TIPOS_VISITA, { error: m.tipoInvalido }),
  resultado: z.enum(RESULTADOS_VISITA, { error: m.resultadoInvalido }),
  informante: z.preprocess(nullToUndefined, InformanteSchema.optional()),
  apuntes: z
    .preprocess(
      (value) => (value === null || value === undefined ? '' : value),
      boundedString(VISITA_APUNTES_MAX, { tooLong: m.apuntesLargos }).trim(),
    )
    .default(''),
  ubicacion: z.preprocess(nullToUndefined, UbicacionSchema.optional()),
  origen: z.preprocess(nullToUndefined, z.enum(ORIGENES_VISITA, { error: m.origenInvalido }).default('terreno')),
  /** UUID of an earlier visit of the same assignment that this one corrects (visits are never edited). */
  corrige_a: z.preprocess(nullToUndefined, visitaUuidSchema(m.corrigeAInvalida).optional()),
  /** What was done with the copies (an art. 44 or cédula notification). */
  entrega_copias: z.preprocess(nullToUndefined, EntregaCopiasSchema.optional()),
});
export type VisitaInput = z.input<typeof VisitaInputSchema>;
export type VisitaValue = z.output<typeof VisitaInputSchema>;

export const FotoSchema = z.object({
  id: z.string(),
  /** Signed link (no bearer needed), valid FOTO_ENLACE_SEGUNDOS from the response that gave it. */
  url: z.string(),
});
export type Foto = z.infer<typeof FotoSchema>;

export const VisitaFotoSchema = FotoSchema.extend({
  tipo_mime: z.enum(FOTO_TIPOS_MIME),
  bytes: z.number().int(),
});
export type VisitaFoto = z.infer<typeof VisitaFotoSchema>;

export const VisitaSchema = z.object({
  uuid: z.string(),
  encargo_id: z.number().int(),
  domicilio_id: z.number().int().nullable(),
  /** 'direccion, comuna' of the address visited (as it was when read), or null. */
  domicilio_texto: z.string().nullable(),
  /** ISO date-time with the Santiago offset, e.g. 2026-03-10T09:30:00-03:00. */
  fecha_hora: z.string(),
  tipo: z.enum(TIPOS_VISITA),
  resultado: z.enum(RESULTADOS_VISITA),
  informante: InformanteRespuestaSchema.nullable(),
  apuntes: z.string(),
  ubicacion: UbicacionSchema.nullable(),
  origen: z.enum(ORIGENES_VISITA),
  corrige_a: z.string().nullable(),
  /** UUID of the later visit that corrects this one, when there is one. */
  corregida_por: z.string().nullable(),
  autor: z.object({ id: z.number().int(), nombre: z.string() }),
  /** Server time the visit was stored (ISO with the Santiago offset). */
  registrada_en: z.string(),
  fotos: z.array(VisitaFotoSchema),
  entrega_copias: EntregaCopiasRespuestaSchema.nullable(),
  /** The diligence saved in the office from this visit (the latest), or null. */
  diligencia_id: z.number().int().nullable(),
});
export type Visita = z.infer<typeof VisitaSchema>;

/** 201 (new) or 200 (the same uuid and content again). */
export const VisitaResponseSchema = z.object({ message: z.string(), visita: VisitaSchema });
export type VisitaResponse = z.infer<typeof VisitaResponseSchema>;

/** GET /api/v1/encargos/{id}/visitas/ — oldest first (by fecha_hora). */
export const VisitaListResponseSchema = z.object({ visitas: z.array(VisitaSchema) });
export type VisitaListResponse = z.infer<typeof VisitaListResponseSchema>;

/** POST /api/v1/visitas/{uuid}/fotos/ (multipart, field `foto`) → 201. */
export const FotoResponseSchema = z.object({ message: z.string(), foto: FotoSchema });
export type FotoResponse = z.infer<typeof FotoResponseSchema>;

/** Query of the signed photo link: GET /api/v1/visitas/fotos/{tenant}/{id}?exp=…&sig=… */
export const FotoEnlaceQuerySchema = z.object({
  exp: z.string().max(20).regex(/^\d{1,15}$/),
  sig: z.string().max(128).regex(/^[A-Za-z0-9_-]{16,128}$/),
});

// ---------------------------------------------------------------------------------------------
// GET /api/v1/terreno/hoy/ — the phone's stops for today

export const TerrenoEncargoSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  estado: z.enum(['pendiente', 'preparado']),
  ejecutados: z.string(),
  tipo_encargo: z.string(),
  estudio: z.string(),
  tribunal: z.string(),
  fecha_encargo: z.string(),
});

export const TerrenoDomicilioSchema = z.object({
  id: z.number().int(),
  direccion: z.string(),
  comuna: z.string(),
  ciudad: z.string(),
  es_principal: z.boolean(),
  /** 'direccion, comuna, ciudad, Chile' for a maps link. */
  direccion_google_maps: z.string(),
});

export const TerrenoParadaSchema = z.object({
  /** 1, 2, 3… in the order shown. */
  orden: z.number().int(),
  /** True when the stop is in the route the user generated today (those come first, in its order). */
  en_ruta: z.boolean(),
  encargo: TerrenoEncargoSchema,
  /** Null only for an assignment without active addresses. */
  domicilio: TerrenoDomicilioSchema.nullable(),
  estado_art44: z.enum(ESTADOS_ART44),
  /** Santiago dates (YYYY-MM-DD) of the positive búsquedas counted for art. 44 at this address. */
  dias_busqueda_positiva: z.array(z.string()),
  /** Visits of this assignment at this address (or without address when domicilio is null), oldest first. */
  visitas: z.array(VisitaSchema),
});
export type TerrenoParada = z.infer<typeof TerrenoParadaSchema>;

export const TerrenoHoyResponseSchema = z.object({
  /** Today in Santiago, YYYY-MM-DD. */
  fecha: z.string(),
  ruta_generada: z.boolean(),
  paradas: z.array(TerrenoParadaSchema),
  /** More stops exist than the ones sent (at most TERRENO_MAX_PARADAS). */
  truncado: z.boolean(),
});
export type TerrenoHoyResponse = z.infer<typeof TerrenoHoyResponseSchema>;
export const TERRENO_MAX_PARADAS = 300;

// ---------------------------------------------------------------------------------------------
// Art. 46 letter

/** POST /api/v1/encargos/{id}/carta_art46/ */
export const CartaArt46InputSchema = z.object({
  fecha_envio: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: m.fechaEnvioRequerida })
      .trim()
      .max(10, { error: m.fechaEnvioInvalida, abort: true })
      .refine(isValidIsoDate, { error: m.fechaEnvioInvalida }),
  ),
  numero_seguimiento: z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    boundedString(NUMERO_SEGUIMIENTO_MAX, { error: m.numeroSeguimientoRequerido, tooLong: m.numeroSeguimientoLargo })
      .trim()
      .min(1, { error: m.numeroSeguimientoRequerido, abort: true })
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: m.numeroSeguimientoInvalido })
      .transform((value) => value.toUpperCase()),
  ),
});
export type CartaArt46Input = z.input<typeof CartaArt46InputSchema>;
export type CartaArt46Value = z.output<typeof CartaArt46InputSchema>;

export const CartaArt46Schema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  /** Santiago date of the art. 44 notification the letter announces. */
  fecha_notificacion: z.string(),
  fecha_envio: z.string(),
  numero_seguimiento: z.string(),
  registrada_por: z.string(),
  registrada_en: z.string(),
});
export type CartaArt46 = z.infer<typeof CartaArt46Schema>;

export const CartaArt46ResponseSchema = z.object({
  message: z.string(),
  carta: CartaArt46Schema,
  /** How many open 'Carta certificada art. 46' deadlines it met. */
  plazos_cumplidos: z.number().int(),
});
export type CartaArt46Response = z.infer<typeof CartaArt46ResponseSchema>;

/** An item of GET /diligencias/cola/ `cartas_art46`: a letter still to send. */
export const ColaCartaArt46Schema = z.object({
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  /** YYYY-MM-DD. */
  vence: z.string(),
  estado: z.enum(['pendiente', 'vencida']),
});
export type ColaCartaArt46 = z.infer<typeof ColaCartaArt46Schema>;
