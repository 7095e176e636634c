import { z } from 'zod';
import { bodyIdSchema, boundedString, hasVisibleCharacter, idSchema } from '../common/text';
import { MONTO_MAX } from '../recibos/schemas';
import { honorariosMessages as m } from './messages';

export const MAX_TARIFAS = 2000;
export const MAX_RECARGOS = 100;

const CuantiaSchema = z
  .number({ error: m.cuantiaInvalida })
  .int({ error: m.cuantiaInvalida })
  .min(0, { error: m.cuantiaInvalida })
  .max(MONTO_MAX, { error: m.cuantiaInvalida });
const MontoSchema = z
  .number({ error: m.montoInvalido })
  .int({ error: m.montoInvalido })
  .min(0, { error: m.montoInvalido })
  .max(MONTO_MAX, { error: m.montoInvalido });
/** A percentage of the UTM (the decree's amounts are e.g. 0.5 % or 12.5 %). */
const PorcentajeUtmSchema = z
  .number({ error: m.porcentajeInvalido })
  .min(0, { error: m.porcentajeInvalido })
  .max(100_000, { error: m.porcentajeInvalido });

export const RecargoSchema = z.object({
  comuna: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    boundedString(100, { error: m.comunaRequerida }).min(1, { error: m.comunaRequerida, abort: true }).refine(hasVisibleCharacter, { error: m.comunaRequerida }),
  ),
  monto_clp: MontoSchema,
});
export type Recargo = z.infer<typeof RecargoSchema>;

/** A price-list row as PUT sends it (an id is ignored: the list is replaced whole). */
export const TarifaInputSchema = z
  .object({
    id: z.unknown().optional(),
    /** null = the receiver's general list. */
    estudio_id: bodyIdSchema(m.estudioInvalido).nullable().default(null),
    /** null = any stamp type. */
    tipo_estampado_id: bodyIdSchema(m.tipoEstampadoInvalido).nullable().default(null),
    cuantia_desde: CuantiaSchema.default(0),
    /** null = no upper limit; the band is [desde, hasta). */
    cuantia_hasta: CuantiaSchema.nullable().default(null),
    monto_clp: MontoSchema.nullable().default(null),
    porcentaje_utm: PorcentajeUtmSchema.nullable().default(null),
    recargos: z
      .array(RecargoSchema)
      .max(MAX_RECARGOS)
      .default([])
      .refine((list) => new Set(list.map((r) => r.comuna.toLowerCase())).size === list.length, { error: m.recargosRepetidos }),
  })
  .refine((row) => (row.monto_clp === null) !== (row.porcentaje_utm === null), { error: m.montoOPorcentaje, path: ['monto_clp'] })
  .refine((row) => row.cuantia_hasta === null || row.cuantia_hasta > row.cuantia_desde, { error: m.cuantiaInvertida, path: ['cuantia_hasta'] })
  .transform(({ id: _id, ...row }) => row);
export type TarifaInput = z.output<typeof TarifaInputSchema>;

/** Two rows overlap when they are for the same firm and type and their cuantía bands meet. */
export function tarifasSuperpuestas(rows: readonly TarifaInput[]): [number, number] | null {
  for (let i = 0; i < rows.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      if (a.estudio_id !== b.estudio_id || a.tipo_estampado_id !== b.tipo_estampado_id) continue;
      const aHasta = a.cuantia_hasta ?? Number.POSITIVE_INFINITY;
      const bHasta = b.cuantia_hasta ?? Number.POSITIVE_INFINITY;
      if (a.cuantia_desde < bHasta && b.cuantia_desde < aHasta) return [j + 1, i + 1];
    }
  }
  return null;
}

/** PUT /api/v1/honorarios/tarifas/ — the whole list, replacing it; overlapping rows refused. */
export const TarifasPutSchema = z
  .array(TarifaInputSchema)
  .max(MAX_TARIFAS, { error: m.demasiadasTarifas(MAX_TARIFAS) })
  .superRefine((rows, ctx) => {
    const pair = tarifasSuperpuestas(rows);
    if (pair) ctx.addIssue({ code: 'custom', message: m.tarifasSuperpuestas(pair[1], pair[0]), path: [pair[1] - 1] });
  });
export type TarifasPutInput = z.output<typeof TarifasPutSchema>;

export const TarifaSchema = z.object({
  id: z.number().int(),
  estudio_id: z.number().int().nullable(),
  tipo_estampado_id: z.number().int().nullable(),
  cuantia_desde: z.number().int(),
  cuantia_hasta: z.number().int().nullable(),
  monto_clp: z.number().int().nullable(),
  porcentaje_utm: z.number().nullable(),
  recargos: z.array(z.object({ comuna: z.string(), monto_clp: z.number().int() })),
});
export type Tarifa = z.infer<typeof TarifaSchema>;

/** GET /api/v1/honorarios/tarifas/?estudio (none: every row) */
export const TarifasQuerySchema = z.object({
  estudio: z.preprocess((value) => (value === '' ? undefined : value), idSchema(m.estudioInvalido).optional()),
});
export const TarifasResponseSchema = z.array(TarifaSchema);

/** GET /api/v1/honorarios/sugerido/?encargo_id&tipo_estampado_id */
export const SugeridoQuerySchema = z.object({
  encargo_id: idSchema(m.encargoInvalido),
  tipo_estampado_id: idSchema(m.tipoEstampadoInvalido),
});
export type SugeridoQuery = z.output<typeof SugeridoQuerySchema>;

export const FUENTES_SUGERIDO = ['tarifa_estudio', 'tarifa_general', 'tipo_estampado'] as const;
export type FuenteSugerido = (typeof FUENTES_SUGERIDO)[number];

export const SugeridoSchema = z.object({
  monto: z.number().int(),
  fuente: z.enum(FUENTES_SUGERIDO),
  /** In words: 'Tarifa del estudio X (cuantía $0 a $1.000.000) + recargo Puente Alto $5.000'. */
  detalle: z.string(),
  tarifa_id: z.number().int().nullable(),
  estudio_nombre: z.string().nullable(),
});
export type Sugerido = z.infer<typeof SugeridoSchema>;

/** The official schedule (D.E. 1.725 of 2024): actuación × cuantía band → % UTM, values the receiver confirms. */
export const ArancelInputSchema = z
  .object({
    id: z.unknown().optional(),
    actuacion: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      boundedString(200, { error: m.actuacionRequerida }).min(1, { error: m.actuacionRequerida, abort: true }).refine(hasVisibleCharacter, { error: m.actuacionRequerida }),
    ),
    cuantia_desde: CuantiaSchema.default(0),
    cuantia_hasta: CuantiaSchema.nullable().default(null),
    porcentaje_utm: PorcentajeUtmSchema,
  })
  .refine((row) => row.cuantia_hasta === null || row.cuantia_hasta > row.cuantia_desde, { error: m.cuantiaInvertida, path: ['cuantia_hasta'] })
  .transform(({ id: _id, ...row }) => row);
export type ArancelInput = z.output<typeof ArancelInputSchema>;

export const ArancelPutSchema = z.array(ArancelInputSchema).max(MAX_TARIFAS, { error: m.demasiadasTarifas(MAX_TARIFAS) });

export const ArancelFilaSchema = z.object({
  id: z.number().int(),
  actuacion: z.string(),
  cuantia_desde: z.number().int(),
  cuantia_hasta: z.number().int().nullable(),
  porcentaje_utm: z.number(),
});
export type ArancelFila = z.infer<typeof ArancelFilaSchema>;
export const ArancelResponseSchema = z.array(ArancelFilaSchema);

/** GET /api/v1/honorarios/utm/?mes=YYYY-MM */
export const UtmQuerySchema = z.object({
  mes: boundedString(7, { error: m.mesInvalido, tooLong: m.mesInvalido }).regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, { error: m.mesInvalido }),
});
export const UTM_FUENTES = ['mindicador', 'manual'] as const;
/** The month's UTM; valor and fuente null when mindicador.cl could not give it and no manual value exists. */
export const UtmSchema = z.object({
  mes: z.string(),
  valor: z.number().int().nullable(),
  fuente: z.enum(UTM_FUENTES).nullable(),
  /** Why there is no value ('No se pudo obtener la UTM de …: ingrese el valor manualmente'); null with a value. */
  detalle: z.string().nullable(),
});
export type Utm = z.infer<typeof UtmSchema>;

/** PUT /api/v1/honorarios/utm/ — the receiver's own value for a month (used over mindicador's). */
export const UtmPutSchema = z.object({
  mes: UtmQuerySchema.shape.mes,
  valor: z
    .number({ error: m.utmInvalida })
    .int({ error: m.utmInvalida })
    .min(1, { error: m.utmInvalida })
    .max(10_000_000, { error: m.utmInvalida }),
});
export type UtmPutInput = z.output<typeof UtmPutSchema>;

/**
 * PUT /api/v1/honorarios/tarifas/?version — optimistic concurrency for the whole list: the version as read
 * (the highest row id, 0 for an empty list; every save writes new rows); a stale one is refused with 409.
 */
export const TarifasPutQuerySchema = z.object({
  version: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: m.versionInvalida })
      .int({ error: m.versionInvalida })
      .min(0, { error: m.versionInvalida })
      .max(2_147_483_647, { error: m.versionInvalida })
      .optional(),
  ),
});

/** The version a client sends back: the highest id of the list it read. */
export const versionDeTarifas = (rows: readonly { id: number }[]) => rows.reduce((max, row) => Math.max(max, row.id), 0);

/** Retention rates of the boleta de honorarios by year (Ley 21.133; verify each January). */
export const RETENCION_POR_DEFECTO = [
  { anio: 2024, tasa: 13.75 },
  { anio: 2025, tasa: 14.5 },
  { anio: 2026, tasa: 15.25 },
  { anio: 2027, tasa: 16 },
  { anio: 2028, tasa: 17 },
] as const;

export const RetencionTasaSchema = z.object({
  anio: z.number({ error: m.anioInvalido }).int({ error: m.anioInvalido }).min(2000, { error: m.anioInvalido }).max(2100, { error: m.anioInvalido }),
  tasa: z
    .number({ error: m.tasaInvalida })
    .min(0, { error: m.tasaInvalida })
    .max(100, { error: m.tasaInvalida })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: m.tasaInvalida }),
});
export type RetencionTasa = z.infer<typeof RetencionTasaSchema>;

/** GET|PUT /api/v1/honorarios/retencion/ — the whole list of [{anio, tasa}]. */
export const RetencionPutSchema = z
  .array(RetencionTasaSchema)
  .max(200)
  .refine((rows) => new Set(rows.map((r) => r.anio)).size === rows.length, { error: m.aniosRepetidos });
export const RetencionResponseSchema = z.array(RetencionTasaSchema);

/** The boleta's amounts: retention rounded to the peso (half up), as the SII does. */
export function calcularRetencion(bruto: number, tasa: number): { bruto: number; tasa: number; retencion: number; liquido: number } {
  const retencion = Math.round((bruto * Math.round(tasa * 100)) / 10_000);
  return { bruto, tasa, retencion, liquido: bruto - retencion };
}
