import { z } from 'zod';
import { idSchema } from '../common/text';
import { ESTADOS_PLAZO, TIPOS_PLAZO } from './constants';
import { FechaCalendarioSchema } from './schemas';

/**
 * The deadlines (plazos) the acts start (issue 24; domain brief §§2–3): the debtor's term to oppose
 * excepciones after a requerimiento de pago, the art. 46 letter after an art. 44 notification, and the
 * upload of a generated stamp to the court's system.
 * Kinds and states live in constants.ts (without zod, for the dashboard).
 */
export { ESTADOS_PLAZO, TIPO_PLAZO_LABELS, TIPOS_PLAZO, type EstadoPlazo, type TipoPlazo } from './constants';

/** Where the requerimiento de pago took place, relative to the court (CPC arts. 459–460). */
export const LUGARES_REQUERIMIENTO = ['comuna_tribunal', 'territorio_tribunal', 'fuera_territorio'] as const;
export type LugarRequerimiento = (typeof LUGARES_REQUERIMIENTO)[number];

export const LUGAR_REQUERIMIENTO_LABELS: Record<LugarRequerimiento, string> = {
  comuna_tribunal: 'En la comuna del tribunal (4 días hábiles)',
  territorio_tribunal: 'En el territorio del tribunal, fuera de su comuna (8 días hábiles)',
  fuera_territorio: 'Fuera del territorio del tribunal (8 días hábiles más la tabla de emplazamiento)',
};

/** The stamp-type codes that start a deadline. */
export const TIPO_ESTAMPADO_REQUERIMIENTO = 'requerimiento_pago';
export const TIPO_ESTAMPADO_ART_44 = 'notificacion_subsidiaria_art_44';

export const DIAS_TABLA_MAX = 60;
export const DIAS_CARTA_ART_46 = 2;

/** Días hábiles to oppose excepciones: 4 in the court's comuna, 8 in its territory, 8 + the tabla outside. */
export function diasExcepciones(lugar: LugarRequerimiento, diasTabla: number | null | undefined): number {
  if (lugar === 'comuna_tribunal') return 4;
  if (lugar === 'territorio_tribunal') return 8;
  return 8 + (diasTabla ?? 0);
}

export const plazoMessages = {
  lugarRequerido: 'Indique el lugar del requerimiento (comuna del tribunal, su territorio o fuera de él)',
  lugarInvalido: 'El lugar del requerimiento debe ser comuna_tribunal, territorio_tribunal o fuera_territorio',
  diasTablaRequeridos: 'Indique los días de la tabla de emplazamiento para un requerimiento fuera del territorio del tribunal',
  diasTablaInvalidos: `Los días de la tabla de emplazamiento deben ser un número entero entre 0 y ${DIAS_TABLA_MAX}`,
  estadoInvalido: 'El estado del plazo debe ser pendiente, vencido o cumplido',
  encargoInvalido: 'Encargo no válido',
  estudioInvalido: 'Estudio jurídico no válido',
  rangoInvalido: 'La fecha final debe ser igual o posterior a la fecha inicial',
  plazoNoEncontrado: 'Plazo no encontrado',
  plazoYaCumplido: 'El plazo ya está cumplido',
  plazoCumplido: 'Plazo marcado como cumplido',
  encargoNoEncontrado: 'Encargo no encontrado',
  sinSubidaPendiente: 'Este encargo no tiene estampados pendientes de subir al tribunal',
  estampadoSubido: 'Estampado marcado como subido al tribunal',
} as const;
const m = plazoMessages;

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** The *lugar del requerimiento* of a results save; absent unless the type is a requerimiento. */
export const LugarRequerimientoSchema = z.preprocess(blankToUndefined, z.enum(LUGARES_REQUERIMIENTO, { error: m.lugarInvalido }).optional());

/** Extra days of the tabla de emplazamiento (a number, or its digits as text). */
export const DiasTablaSchema = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' && /^\d{1,3}$/.test(blank.trim()) ? Number(blank.trim()) : blank;
  },
  z
    .number({ error: m.diasTablaInvalidos })
    .int({ error: m.diasTablaInvalidos })
    .min(0, { error: m.diasTablaInvalidos })
    .max(DIAS_TABLA_MAX, { error: m.diasTablaInvalidos })
    .optional(),
);

export const PlazosQuerySchema = z
  .object({
    desde: FechaCalendarioSchema,
    hasta: FechaCalendarioSchema,
    estado: z.preprocess(blankToUndefined, z.enum(ESTADOS_PLAZO, { error: m.estadoInvalido }).optional()),
    encargo: z.preprocess(blankToUndefined, idSchema(m.encargoInvalido).optional()),
    /** Only the deadlines of this firm's assignments. */
    estudio: z.preprocess(blankToUndefined, idSchema(m.estudioInvalido).optional()),
  })
  .refine((q) => q.hasta >= q.desde, { error: m.rangoInvalido, path: ['hasta'] });
export type PlazosQuery = z.output<typeof PlazosQuerySchema>;

export const PlazoSchema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  /** The assignment's firm (the calendar filters by it). */
  estudio_id: z.number().int(),
  estudio: z.string(),
  tipo: z.enum(TIPOS_PLAZO),
  vence: z.string(),
  estado: z.enum(ESTADOS_PLAZO),
  /** The act that started it: 'diligencia:123', 'estampado:<uuid>'. */
  origen: z.string(),
  /** The day the act that met it happened (null while open). */
  cumplido_en: z.string().nullable(),
  /** What met it, e.g. the art. 46 letter's tracking number. */
  referencia: z.string().nullable(),
});
export type Plazo = z.output<typeof PlazoSchema>;

/** An assignment's nearest open deadline (the work queue): its kind, due date, and whether it is past (Santiago). */
export const PlazoProximoSchema = z.object({ tipo: z.enum(TIPOS_PLAZO), vence: z.string(), vencido: z.boolean() });
export type PlazoProximo = z.output<typeof PlazoProximoSchema>;
export const PlazoListSchema = z.array(PlazoSchema);
export const PlazoCumplidoResponseSchema = PlazoSchema.extend({ message: z.string() });

export const MarcarSubidoSchema = z.object({ fecha: FechaCalendarioSchema });
export type MarcarSubidoValue = z.output<typeof MarcarSubidoSchema>;
export const MarcarSubidoResponseSchema = z.object({ message: z.string(), plazos_cumplidos: z.number().int() });
