import { z } from 'zod';
import { blankAsAbsent, bodyIdSchema, boundedString, idSchema } from '../common/text';
import { FechaFiltroSchema, FechaReciboSchema, MontoPositivoSchema, ReciboEstudioSchema } from '../recibos/schemas';
import { pagosMessages as m } from './messages';

export const MEDIOS_PAGO = ['transferencia', 'cheque', 'efectivo', 'otro'] as const;
export type MedioPago = (typeof MEDIOS_PAGO)[number];
export const PAGOS_PAGE_SIZE = 50;
export const MAX_APLICACIONES = 500;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : typeof value === 'string' ? value.trim() : value;

export const AplicacionInputSchema = z.object({
  recibo_id: bodyIdSchema(m.reciboInvalido),
  monto: MontoPositivoSchema,
});
export type AplicacionInput = z.output<typeof AplicacionInputSchema>;

const AplicacionesSchema = z
  .array(AplicacionInputSchema)
  .max(MAX_APLICACIONES)
  .refine((list) => new Set(list.map((a) => a.recibo_id)).size === list.length, { error: m.recibosRepetidos });

/** POST /api/v1/pagos/ — the unapplied rest is the firm's credit. */
export const PagoCreateSchema = z
  .object({
    estudio_id: bodyIdSchema(m.estudioInvalido),
    fecha: FechaReciboSchema,
    monto: MontoPositivoSchema,
    medio: z.enum(MEDIOS_PAGO, { error: m.medioInvalido }),
    referencia: z.preprocess(
      (value) => (value === null ? undefined : typeof value === 'string' ? value.trim() : value),
      boundedString(100, { tooLong: m.referenciaLarga }).default(''),
    ),
    aplicaciones: AplicacionesSchema.default([]),
  })
  .refine((value) => value.aplicaciones.reduce((sum, a) => sum + a.monto, 0) <= value.monto, {
    error: m.aplicacionesExcedenPago,
    path: ['aplicaciones'],
  });
export type PagoCreateInput = z.output<typeof PagoCreateSchema>;

/** POST /api/v1/pagos/{id}/aplicar/ — applies part of a payment's credit. */
export const PagoAplicarSchema = z.object({
  aplicaciones: AplicacionesSchema.refine((list) => list.length > 0, { error: m.sinAplicaciones }),
});
export type PagoAplicarInput = z.output<typeof PagoAplicarSchema>;

export const AplicacionSchema = z.object({
  id: z.number().int(),
  recibo_id: z.number().int(),
  recibo_numero: z.number().int(),
  monto: z.number().int(),
  creado_en: z.string(),
});
export type Aplicacion = z.infer<typeof AplicacionSchema>;

export const PagoSchema = z.object({
  id: z.number().int(),
  estudio: ReciboEstudioSchema,
  fecha: z.string(),
  monto: z.number().int(),
  medio: z.enum(MEDIOS_PAGO),
  referencia: z.string(),
  aplicaciones: z.array(AplicacionSchema),
  aplicado: z.number().int(),
  /** The unapplied rest: the firm's credit (0 once reversed). */
  credito: z.number().int(),
  usuario: z.string(),
  creado_en: z.string(),
  /** Set when the payment was undone (DELETE): it stays as evidence and counts for nothing. */
  reverso: z.object({ usuario: z.string(), fecha: z.string() }).nullable(),
});
export type Pago = z.infer<typeof PagoSchema>;

export const PagoResponseSchema = z.object({ pago: PagoSchema });
export type PagoResponse = z.infer<typeof PagoResponseSchema>;

/** GET /api/v1/pagos/?estudio&desde&hasta&page */
export const PagosListQuerySchema = z.object({
  estudio: z.preprocess(blankAsAbsent, idSchema(m.estudioInvalido).optional()),
  desde: FechaFiltroSchema,
  hasta: FechaFiltroSchema,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
});
export type PagosListQuery = z.output<typeof PagosListQuerySchema>;

export const PagosListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(PagoSchema),
});
export type PagosListResponse = z.infer<typeof PagosListResponseSchema>;

/** Movements of a statement answered at once unless `movimientos_page_size` says otherwise. */
export const MOVIMIENTOS_PAGE_SIZE = 100;
/** Open receipts of a statement answered at once unless `abiertos_page_size` says otherwise. */
export const ABIERTOS_PAGE_SIZE = 200;
export const ESTADO_CUENTA_MAX_PAGE_SIZE = 1000;

const pageParam = (fallback: number, error: string, max = 1_000_000) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback));

/**
 * GET /api/v1/estudios/{id}/estado_cuenta/?hasta=YYYY-MM-DD (default today, America/Santiago).
 * The balance, credit and ageing always cover the whole account; the lists come in pages:
 * `movimientos_page` (default 1: the most recent movements, listed oldest first, each with the running
 * balance of the whole account) of `movimientos_page_size` (default 100, at most 1000), and
 * `abiertos_page` (default 1: the oldest open receipts) of `abiertos_page_size` (default 200, at most
 * 1000). `movimientos_total` and `recibos_abiertos_total` count them all. The PDF, XLSX and mail carry
 * every movement and open receipt.
 */
export const EstadoCuentaQuerySchema = z.object({
  hasta: FechaFiltroSchema,
  movimientos_page: pageParam(1, m.paginaInvalida),
  movimientos_page_size: pageParam(MOVIMIENTOS_PAGE_SIZE, m.tamanoPaginaInvalido(ESTADO_CUENTA_MAX_PAGE_SIZE), ESTADO_CUENTA_MAX_PAGE_SIZE),
  abiertos_page: pageParam(1, m.paginaInvalida),
  abiertos_page_size: pageParam(ABIERTOS_PAGE_SIZE, m.tamanoPaginaInvalido(ESTADO_CUENTA_MAX_PAGE_SIZE), ESTADO_CUENTA_MAX_PAGE_SIZE),
});
export type EstadoCuentaQuery = z.output<typeof EstadoCuentaQuerySchema>;
/** Which part of the lists a statement answers (see EstadoCuentaQuerySchema). */
export type EstadoCuentaPaginas = Pick<EstadoCuentaQuery, 'movimientos_page' | 'movimientos_page_size' | 'abiertos_page' | 'abiertos_page_size'>;
export const ESTADO_CUENTA_PRIMERAS_PAGINAS: EstadoCuentaPaginas = {
  movimientos_page: 1,
  movimientos_page_size: MOVIMIENTOS_PAGE_SIZE,
  abiertos_page: 1,
  abiertos_page_size: ABIERTOS_PAGE_SIZE,
};

/** POST /api/v1/estudios/{id}/estado_cuenta/enviar/ */
export const EstadoCuentaEnviarSchema = z.object({ hasta: z.preprocess(blankToUndefined, FechaReciboSchema.optional()) });
export type EstadoCuentaEnviarInput = z.output<typeof EstadoCuentaEnviarSchema>;

export const ANTIGUEDAD_TRAMOS = ['d0_30', 'd31_60', 'd61_90', 'd90_mas'] as const;
export type AntiguedadTramo = (typeof ANTIGUEDAD_TRAMOS)[number];

export const AntiguedadSchema = z.object({
  d0_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  d90_mas: z.number().int(),
});
export type Antiguedad = z.infer<typeof AntiguedadSchema>;

export const MOVIMIENTO_TIPOS = ['recibo', 'rebaja', 'anulacion', 'retencion', 'pago', 'reverso_pago'] as const;
export type MovimientoTipo = (typeof MOVIMIENTO_TIPOS)[number];

export const MovimientoSchema = z.object({
  fecha: z.string(),
  tipo: z.enum(MOVIMIENTO_TIPOS),
  /** 'Recibo N° 12', 'Pago transferencia 123', … */
  descripcion: z.string(),
  recibo_id: z.number().int().nullable(),
  pago_id: z.number().int().nullable(),
  /** What the firm owes more (receipt) and less (discount, void, payment). */
  cargo: z.number().int(),
  abono: z.number().int(),
  /** Running balance: charges less payments (negative = credit in the firm's favour). */
  saldo: z.number().int(),
});
export type Movimiento = z.infer<typeof MovimientoSchema>;

export const ReciboAbiertoSchema = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  fecha: z.string(),
  total: z.number().int(),
  pagado: z.number().int(),
  /** The boleta's retention the payer keeps (retiene pagador): total = pagado + retenido + saldo. */
  retenido: z.number().int(),
  saldo: z.number().int(),
  /** Days from the receipt's fecha to `hasta`. */
  dias: z.number().int(),
});
export type ReciboAbierto = z.infer<typeof ReciboAbiertoSchema>;

export const EstadoCuentaSchema = z.object({
  estudio: ReciboEstudioSchema,
  hasta: z.string(),
  /** What the firm owes: the open receipts' balances. */
  saldo: z.number().int(),
  /** Payments not yet applied to a receipt. */
  credito: z.number().int(),
  antiguedad: AntiguedadSchema,
  /** The open receipts of the page asked for, oldest first. */
  recibos_abiertos: z.array(ReciboAbiertoSchema),
  /** The movements of the page asked for (page 1: the most recent), oldest first. */
  movimientos: z.array(MovimientoSchema),
  /** How many open receipts and movements the account has in all (the API always sends them). */
  recibos_abiertos_total: z.number().int().optional(),
  movimientos_total: z.number().int().optional(),
});
export type EstadoCuenta = z.infer<typeof EstadoCuentaSchema>;

export const EstadoCuentaEnviadoSchema = z.object({
  success: z.boolean(),
  mensaje: z.string(),
  destinatarios: z.array(z.string()),
});
export type EstadoCuentaEnviado = z.infer<typeof EstadoCuentaEnviadoSchema>;
