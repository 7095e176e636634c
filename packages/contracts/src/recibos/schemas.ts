import { z } from 'zod';
import { blankAsAbsent, bodyIdSchema, boundedString, hasVisibleCharacter, idSchema } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { recibosMessages as m } from './messages';

/** A receipt's state, derived from its payments, discounts and void mark (issue 25). */
export const RECIBO_ESTADOS = ['emitido', 'pagado_parcial', 'pagado', 'anulado'] as const;
export type ReciboEstado = (typeof RECIBO_ESTADOS)[number];

/** Who retains the boleta's tax: the paying firm (agente retenedor) or the receiver itself. */
export const BOLETA_RETIENE = ['pagador', 'receptor'] as const;
export type BoletaRetiene = (typeof BOLETA_RETIENE)[number];

export const MAX_DILIGENCIAS_RECIBO = 500;
export const RECIBOS_PAGE_SIZE = 50;
export const NUMERO_RECIBO_MAX = 999_999_999;
/** CLP amounts: whole pesos, up to a trillion. */
export const MONTO_MAX = 1_000_000_000_000;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : typeof value === 'string' ? value.trim() : value;

/** A calendar date YYYY-MM-DD (2000–2100) in a body. */
export const FechaReciboSchema = boundedString(10, { error: m.fechaInvalida, tooLong: m.fechaInvalida }).refine(
  (value) => isValidIsoDate(value) && Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100,
  { error: m.fechaInvalida },
);

/** A date filter in a query string ('' = none). */
export const FechaFiltroSchema = z.preprocess(blankToUndefined, FechaReciboSchema.optional());

/** A positive whole-peso amount in a body. */
export const MontoPositivoSchema = z
  .number({ error: m.montoInvalido })
  .int({ error: m.montoInvalido })
  .min(1, { error: m.montoPositivo })
  .max(MONTO_MAX, { error: m.montoInvalido });

export const MotivoSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  boundedString(500, { error: m.motivoRequerido }).min(1, { error: m.motivoRequerido, abort: true }).refine(hasVisibleCharacter, { error: m.motivoRequerido }),
);

const DiligenciaIdsSchema = z
  .array(bodyIdSchema(m.diligenciaInvalida), { error: m.sinDiligencias })
  .max(MAX_DILIGENCIAS_RECIBO, { error: m.demasiadasDiligencias(MAX_DILIGENCIAS_RECIBO) })
  .refine((ids) => new Set(ids).size === ids.length, { error: m.diligenciasRepetidas });

/** POST /api/v1/recibos/ */
export const ReciboCreateSchema = z.object({
  estudio_id: bodyIdSchema(m.estudioInvalido),
  diligencia_ids: DiligenciaIdsSchema.refine((ids) => ids.length > 0, { error: m.sinDiligencias }),
  fecha: FechaReciboSchema,
  observaciones: z.preprocess(
    (value) => (value === null ? undefined : value),
    boundedString(1000, { tooLong: m.observacionesLargas }).optional(),
  ),
});
export type ReciboCreateInput = z.output<typeof ReciboCreateSchema>;

/** PATCH /api/v1/recibos/{id}/ — add or remove diligences (edit_asocia_recibos; only while nothing is paid). */
export const ReciboPatchSchema = z
  .object({
    agregar: DiligenciaIdsSchema.default([]),
    quitar: DiligenciaIdsSchema.default([]),
  })
  .refine((value) => value.agregar.length + value.quitar.length > 0, { error: m.reciboSinCambios, path: ['agregar'] });
export type ReciboPatchInput = z.output<typeof ReciboPatchSchema>;

/** POST /api/v1/recibos/{id}/rebaja/ — a discount of `monto` pesos (rebaja_recibos); each one is a new record. */
export const ReciboRebajaSchema = z.object({ monto: MontoPositivoSchema, motivo: MotivoSchema });
export type ReciboRebajaInput = z.output<typeof ReciboRebajaSchema>;

/** POST /api/v1/recibos/{id}/anular/ — keeps its number, frees its diligences. */
export const ReciboAnularSchema = z.object({ motivo: MotivoSchema });
export type ReciboAnularInput = z.output<typeof ReciboAnularSchema>;

/** POST /api/v1/recibos/{id}/boleta/ — the electronic boleta de honorarios issued for the receipt. */
export const BoletaCreateSchema = z.object({
  numero_boleta: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
    boundedString(20, { error: m.numeroBoletaInvalido, tooLong: m.numeroBoletaInvalido })
      .min(1, { error: m.numeroBoletaInvalido, abort: true })
      .regex(/^[0-9]+$/, { error: m.numeroBoletaDigitos }),
  ),
  fecha: FechaReciboSchema,
  retiene: z.enum(BOLETA_RETIENE, { error: m.retieneInvalido }),
});
export type BoletaCreateInput = z.output<typeof BoletaCreateSchema>;

/** A boleta's amounts at its year's rate, rounded to the peso as the SII does. */
export const BoletaSchema = z.object({
  numero_boleta: z.string(),
  fecha: z.string(),
  retiene: z.enum(BOLETA_RETIENE),
  bruto: z.number().int(),
  /** Percentage, e.g. 15.25. */
  tasa: z.number(),
  retencion: z.number().int(),
  liquido: z.number().int(),
});
export type Boleta = z.infer<typeof BoletaSchema>;

export const ReciboItemSchema = z.object({
  diligencia_id: z.number().int(),
  numero_rol: z.string(),
  /** The stamp type's name. */
  tipo: z.string(),
  valor: z.number().int(),
  fecha_diligencia: z.string().nullable(),
});
export type ReciboItem = z.infer<typeof ReciboItemSchema>;

export const ReciboRebajaRegistroSchema = z.object({
  id: z.number().int(),
  monto: z.number().int(),
  motivo: z.string(),
  usuario: z.string(),
  creado_en: z.string(),
});

export const ReciboEstudioSchema = z.object({ id: z.number().int(), nombre: z.string() });

export const ReciboSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  estudio: ReciboEstudioSchema,
  fecha: z.string(),
  observaciones: z.string(),
  items: z.array(ReciboItemSchema),
  subtotal: z.number().int(),
  /** Sum of the receipt's discounts. */
  rebaja: z.number().int(),
  total: z.number().int(),
  /** Sum of the payments applied to it (reversed payments left out). */
  pagado: z.number().int(),
  /** The boleta's retention when the paying firm retains it (settled with the SII, not owed). */
  retenido: z.number().int(),
  saldo: z.number().int(),
  estado: z.enum(RECIBO_ESTADOS),
  rebajas: z.array(ReciboRebajaRegistroSchema),
  boleta: BoletaSchema.nullable(),
  anulacion: z.object({ motivo: z.string(), usuario: z.string(), fecha: z.string() }).nullable(),
  creado_en: z.string(),
});
export type Recibo = z.infer<typeof ReciboSchema>;

export const ReciboResponseSchema = z.object({ recibo: ReciboSchema });
export type ReciboResponse = z.infer<typeof ReciboResponseSchema>;

/** GET /api/v1/recibos/?estudio&desde&hasta&estado&page (dates: the receipt's fecha). */
export const RecibosListQuerySchema = z
  .object({
    estudio: z.preprocess(blankAsAbsent, idSchema(m.estudioInvalido).optional()),
    desde: FechaFiltroSchema,
    hasta: FechaFiltroSchema,
    estado: z.preprocess(blankToUndefined, z.enum(RECIBO_ESTADOS, { error: m.estadoInvalido }).optional()),
    page: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: m.paginaInvalida }).int({ error: m.paginaInvalida }).min(1, { error: m.paginaInvalida }).max(1_000_000, { error: m.paginaInvalida }).default(1),
    ),
  })
  .refine((value) => !value.desde || !value.hasta || value.desde <= value.hasta, { error: m.rangoInvertido, path: ['hasta'] });
export type RecibosListQuery = z.output<typeof RecibosListQuerySchema>;

/** A receipt in a list: no items, their count. */
export const ReciboResumenSchema = ReciboSchema.omit({ items: true, rebajas: true }).extend({
  cantidad_diligencias: z.number().int(),
});
export type ReciboResumen = z.infer<typeof ReciboResumenSchema>;

export const RecibosListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(ReciboResumenSchema),
});
export type RecibosListResponse = z.infer<typeof RecibosListResponseSchema>;

/** GET /api/v1/recibos/facturables/?estudio — the firm's stamped diligences that no receipt (not void) bills. */
export const FacturablesQuerySchema = z.object({
  estudio: z.preprocess(blankAsAbsent, idSchema(m.estudioInvalido)),
});
export type FacturablesQuery = z.output<typeof FacturablesQuerySchema>;

export const FacturableSchema = z.object({
  diligencia_id: z.number().int(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  tipo: z.string(),
  /** The diligence's final value, else its charged value (as the collection sheet). */
  valor: z.number().int(),
  fecha_diligencia: z.string().nullable(),
});
export type Facturable = z.infer<typeof FacturableSchema>;
export const FacturablesResponseSchema = z.array(FacturableSchema);

/** GET|PUT /api/v1/recibos/configuracion/ — numbering starts at numero_inicial; gapless after. */
export const ReciboConfiguracionInputSchema = z.object({
  numero_inicial: z
    .number({ error: m.numeroInicialInvalido })
    .int({ error: m.numeroInicialInvalido })
    .min(1, { error: m.numeroInicialInvalido })
    .max(NUMERO_RECIBO_MAX, { error: m.numeroInicialInvalido }),
});
export type ReciboConfiguracionInput = z.output<typeof ReciboConfiguracionInputSchema>;

export const ReciboConfiguracionSchema = z.object({
  numero_inicial: z.number().int(),
  /** The number the next receipt gets. */
  siguiente_numero: z.number().int(),
  /** The last number issued; null before the first receipt. */
  ultimo_numero: z.number().int().nullable(),
});
export type ReciboConfiguracion = z.infer<typeof ReciboConfiguracionSchema>;

/** GET /api/v1/recibos/periodo/?desde&hasta[&formato=xlsx] (recibos_periodo). */
export const RecibosPeriodoQuerySchema = z
  .object({
    desde: FechaReciboSchema,
    hasta: FechaReciboSchema,
    formato: z.preprocess(blankToUndefined, z.enum(['json', 'xlsx'], { error: m.formatoInvalido }).default('json')),
  })
  .refine((value) => value.desde <= value.hasta, { error: m.rangoInvertido, path: ['hasta'] });
export type RecibosPeriodoQuery = z.output<typeof RecibosPeriodoQuerySchema>;

export const RecibosPeriodoTotalesSchema = z.object({
  /** Receipts that are not void. */
  cantidad: z.number().int(),
  anulados: z.number().int(),
  subtotal: z.number().int(),
  rebaja: z.number().int(),
  total: z.number().int(),
  pagado: z.number().int(),
  saldo: z.number().int(),
});
export type RecibosPeriodoTotales = z.infer<typeof RecibosPeriodoTotalesSchema>;

export const RecibosPeriodoResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  estudios: z.array(RecibosPeriodoTotalesSchema.extend({ estudio_id: z.number().int(), estudio_nombre: z.string() })),
  total: RecibosPeriodoTotalesSchema,
});
export type RecibosPeriodoResponse = z.infer<typeof RecibosPeriodoResponseSchema>;
