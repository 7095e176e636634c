import { z } from 'zod';
import { boundedString, hasVisibleCharacter } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { calendarioMessages as m } from './messages';

/** Years the calendar answers for; any date or year outside → 400. */
export const CALENDARIO_ANIO_MIN = 2000;
export const CALENDARIO_ANIO_MAX = 2100;

/** Chile's regions by their ISO 3166-2 code, with their name. */
export const REGIONES_CL = {
  'CL-AP': 'Arica y Parinacota',
  'CL-TA': 'Tarapacá',
  'CL-AN': 'Antofagasta',
  'CL-AT': 'Atacama',
  'CL-CO': 'Coquimbo',
  'CL-VS': 'Valparaíso',
  'CL-RM': 'Metropolitana de Santiago',
  'CL-LI': "Libertador General Bernardo O'Higgins",
  'CL-ML': 'Maule',
  'CL-NB': 'Ñuble',
  'CL-BI': 'Biobío',
  'CL-AR': 'La Araucanía',
  'CL-LR': 'Los Ríos',
  'CL-LL': 'Los Lagos',
  'CL-AI': 'Aysén del General Carlos Ibáñez del Campo',
  'CL-MA': 'Magallanes y de la Antártica Chilena',
} as const;
export type RegionCl = keyof typeof REGIONES_CL;
export const REGION_CODES = Object.keys(REGIONES_CL) as [RegionCl, ...RegionCl[]];
/** The region used when the receiver's comuna is unknown. */
export const REGION_POR_DEFECTO: RegionCl = 'CL-RM';

/**
 * 'no_feriado': a day the holiday library lists that did not happen or was moved (e.g. the solstice
 * day of another year's press lists), which the receiver marked as hábil. Listed instead of that
 * library day; a calendar shades only the other kinds.
 */
export const TIPOS_FERIADO = ['nacional', 'regional', 'propio', 'no_feriado'] as const;
export type TipoFeriado = (typeof TIPOS_FERIADO)[number];

/** What a receiver adds: a holiday of its own, or a library holiday marked as a working day. */
export const TIPOS_FERIADO_PROPIO = ['feriado', 'no_feriado'] as const;
export type TipoFeriadoPropio = (typeof TIPOS_FERIADO_PROPIO)[number];

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function inRange(fecha: string): boolean {
  const anio = Number(fecha.slice(0, 4));
  return anio >= CALENDARIO_ANIO_MIN && anio <= CALENDARIO_ANIO_MAX;
}

/** A calendar date YYYY-MM-DD between 2000 and 2100. */
export const FechaCalendarioSchema = boundedString(10, { error: m.fechaInvalida, tooLong: m.fechaInvalida })
  .refine((value) => isValidIsoDate(value) && /^\d{4}-\d{2}-\d{2}$/.test(value) && inRange(value), {
    error: m.fechaInvalida,
  });

const AnioSchema = boundedString(4, { error: m.anioInvalido, tooLong: m.anioInvalido })
  .regex(/^\d{4}$/, { error: m.anioInvalido })
  .transform(Number)
  .refine((anio) => anio >= CALENDARIO_ANIO_MIN && anio <= CALENDARIO_ANIO_MAX, { error: m.anioInvalido });

const RegionSchema = z.enum(REGION_CODES, { error: m.regionInvalida });

export const FeriadosQuerySchema = z.object({
  anio: AnioSchema,
  region: z.preprocess(blankToUndefined, RegionSchema.optional()),
});
export type FeriadosQuery = z.output<typeof FeriadosQuerySchema>;

export const FeriadoSchema = z.object({
  /** Present for the receiver's own days (the id DELETE takes); null for the law's. */
  id: z.number().int().nullable(),
  fecha: z.string(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_FERIADO),
  /** The region code for a regional day; null otherwise. */
  region: z.string().nullable(),
  irrenunciable: z.boolean(),
  /** The law or source the day comes from. */
  fuente: z.string(),
});
export type Feriado = z.output<typeof FeriadoSchema>;
export const FeriadoListSchema = z.array(FeriadoSchema);

export const FeriadoPropioCreateSchema = z.object({
  fecha: FechaCalendarioSchema,
  nombre: boundedString(150, { error: m.nombreRequerido, tooLong: m.nombreDemasiadoLargo })
    .transform((value) => value.trim())
    .refine(hasVisibleCharacter, { error: m.nombreRequerido }),
  /** 'feriado' (default): a day off of its own; 'no_feriado': a library holiday of that date counted as hábil. */
  tipo: z.preprocess(blankToUndefined, z.enum(TIPOS_FERIADO_PROPIO, { error: m.tipoPropioInvalido }).default('feriado')),
});
export type FeriadoPropioCreateValue = z.output<typeof FeriadoPropioCreateSchema>;

/** `plazos_recalculados`: how many open deadlines the change moved. */
export const FeriadoPropioResponseSchema = FeriadoSchema.extend({ message: z.string(), plazos_recalculados: z.number().int() });
export const FeriadoEliminadoResponseSchema = z.object({ message: z.string(), plazos_recalculados: z.number().int() });

export const CalendarioConfiguracionSchema = z.object({
  sabado_habil: z.boolean(),
  /** The region whose holidays count; '' = the region of the receiver's office comuna. */
  region: z.union([z.literal(''), RegionSchema]),
  /** The region actually used (the setting, or the office comuna's). */
  region_efectiva: z.string(),
  dias_sla_subida: z.number().int(),
});
export type CalendarioConfiguracion = z.output<typeof CalendarioConfiguracionSchema>;

export const CalendarioConfiguracionUpdateSchema = z.object({
  sabado_habil: z.boolean({ error: 'Indique si el sábado es hábil (verdadero o falso)' }),
  region: z.union([z.literal(''), RegionSchema], { error: m.regionInvalida }),
  dias_sla_subida: z.number({ error: m.diasSlaInvalidos }).int({ error: m.diasSlaInvalidos }).min(0, { error: m.diasSlaInvalidos }).max(30, { error: m.diasSlaInvalidos }),
});
export type CalendarioConfiguracionUpdateValue = z.output<typeof CalendarioConfiguracionUpdateSchema>;
/** `plazos_recalculados`: how many open deadlines the new Saturdays or region moved. */
export const CalendarioConfiguracionUpdateResponseSchema = CalendarioConfiguracionSchema.extend({
  message: z.string(),
  plazos_recalculados: z.number().int(),
});

export const DiasHabilesQuerySchema = z.object({
  desde: FechaCalendarioSchema,
  dias: boundedString(3, { error: m.diasInvalidos, tooLong: m.diasInvalidos })
    .regex(/^\d{1,3}$/, { error: m.diasInvalidos })
    .transform(Number)
    .refine((dias) => dias >= 1 && dias <= 365, { error: m.diasInvalidos }),
});
export type DiasHabilesQuery = z.output<typeof DiasHabilesQuerySchema>;

export const DiasHabilesResponseSchema = z.object({
  desde: z.string(),
  dias: z.number().int(),
  vence: z.string(),
  excluidos: z.array(z.object({ fecha: z.string(), motivo: z.string() })),
});
export type DiasHabilesResponse = z.output<typeof DiasHabilesResponseSchema>;
