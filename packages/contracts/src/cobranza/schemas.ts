import { z } from 'zod';
import { boundedString, bodyIdSchema, idSchema } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { cobranzaMessages as m } from './messages';

/** The columns of the collection sheet, in the sheet's order (spec 02 §9, plus issues 24 and 25). */
export const COBRANZA_COLUMNAS = [
  { id: 'numero_rol', nombre: 'Rol' },
  { id: 'valor_asociado', nombre: 'Valor Asociado' },
  { id: 'estudio_nombre', nombre: 'Estudio Jurídico' },
  { id: 'fecha_diligencia', nombre: 'Fecha de la Diligencia' },
  { id: 'fecha_demanda', nombre: 'Fecha de la Demanda' },
  { id: 'fecha_estampado', nombre: 'Fecha del Estampado' },
  { id: 'fecha_encargo', nombre: 'Fecha del Encargo' },
  { id: 'parte_demandante_nombre', nombre: 'Parte Demandante' },
  { id: 'tipo_causa_nombre', nombre: 'Tipo de Causa' },
  { id: 'tipo_encargo_nombre', nombre: 'Tipo de Encargo' },
  { id: 'tipo_estampado', nombre: 'Tipo de Estampado' },
  { id: 'tribunal_nombre', nombre: 'Tribunal' },
  { id: 'rut_ejecutado', nombre: 'RUT del Ejecutado' },
  /** Where a requerimiento de pago exists: the due date of its term to oppose excepciones (issue 24). */
  { id: 'vence_excepciones', nombre: 'Vence excepciones' },
  /** The number of the receipt (not void) that bills the row's diligence (issue 25); empty while unbilled. */
  { id: 'recibo_numero', nombre: 'Recibo N°' },
] as const;
export type CobranzaColumnaId = (typeof COBRANZA_COLUMNAS)[number]['id'];
export const COBRANZA_COLUMNA_IDS = COBRANZA_COLUMNAS.map((c) => c.id) as [CobranzaColumnaId, ...CobranzaColumnaId[]];
/** On by default and never removable (spec 02 §5). */
export const COBRANZA_COLUMNAS_OBLIGATORIAS: readonly CobranzaColumnaId[] = ['numero_rol', 'valor_asociado'];
export const MAX_ENCARGOS_PLANILLA = 5000;

const columnaKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const COLUMNA_POR_NOMBRE = new Map<string, CobranzaColumnaId>(COBRANZA_COLUMNAS.map((c) => [columnaKey(c.nombre), c.id]));

/** A column by its id or by the spec's name ('Fecha del Estampado', in any case, with or without accents). */
export function columnaId(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if ((COBRANZA_COLUMNA_IDS as readonly string[]).includes(value)) return value;
  return COLUMNA_POR_NOMBRE.get(columnaKey(value)) ?? value;
}

/** The chosen columns in the spec's order, always with the mandatory ones. */
export function ordenarColumnas(ids: readonly string[]): CobranzaColumnaId[] {
  const chosen = new Set<string>([...COBRANZA_COLUMNAS_OBLIGATORIAS, ...ids]);
  return COBRANZA_COLUMNA_IDS.filter((id) => chosen.has(id));
}

const isoDateParam = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value),
  boundedString(10, { tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }).optional(),
);

const estudioParam = z.preprocess(
  (value) => (value === '' || value === null || value === 'todos' ? undefined : value),
  idSchema(m.estudioInvalido).optional(),
);

function checkDates(value: { fecha_inicio?: string; fecha_fin?: string; fecha_especifica?: string }, ctx: z.RefinementCtx) {
  if (value.fecha_especifica && (value.fecha_inicio || value.fecha_fin)) {
    ctx.addIssue({ code: 'custom', message: m.fechasExcluyentes, path: ['fecha_especifica'] });
  }
  if (value.fecha_inicio && value.fecha_fin && value.fecha_inicio > value.fecha_fin) {
    ctx.addIssue({ code: 'custom', message: m.rangoInvertido, path: ['fecha_fin'] });
  }
}

/** 'true'/'1' (a query string) or a boolean: only the rows whose diligence no receipt bills yet. */
const soloSinReciboParam = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? false : value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: m.soloSinReciboInvalido }),
);

/** GET /api/v1/cobranza/encargos/?estudio&fecha_inicio&fecha_fin&fecha_especifica&solo_sin_recibo (dates: the stamp date). */
export const CobranzaEncargosQuerySchema = z
  .object({
    estudio: estudioParam,
    fecha_inicio: isoDateParam,
    fecha_fin: isoDateParam,
    fecha_especifica: isoDateParam,
    solo_sin_recibo: soloSinReciboParam,
  })
  .superRefine(checkDates);
export type CobranzaEncargosQuery = z.output<typeof CobranzaEncargosQuerySchema>;

/** A row of the collection preview: every column of the catalogue plus ids. */
export const CobranzaEncargoSchema = z.object({
  id: z.number().int(),
  numero_rol: z.string(),
  valor_asociado: z.number().int(),
  estudio_id: z.number().int(),
  estudio_nombre: z.string(),
  fecha_diligencia: z.string().nullable(),
  fecha_demanda: z.string().nullable(),
  fecha_estampado: z.string().nullable(),
  fecha_encargo: z.string(),
  parte_demandante_nombre: z.string(),
  tipo_causa_nombre: z.string(),
  tipo_encargo_nombre: z.string(),
  tipo_estampado: z.string(),
  tribunal_nombre: z.string(),
  rut_ejecutado: z.string(),
  /** YYYY-MM-DD: the 'Plazo para oponer excepciones' (open or met) of a requerimiento de pago; null without one. */
  vence_excepciones: z.string().nullable(),
  /** The receipt (not void) billing the row's diligence; null while unbilled. */
  recibo_numero: z.number().int().nullable(),
  ultima_diligencia_valor: z.number().int().nullable(),
  es_re_encargado: z.boolean(),
});
export type CobranzaEncargo = z.infer<typeof CobranzaEncargoSchema>;

export const CobranzaEncargosResponseSchema = z.object({
  encargos: z.array(CobranzaEncargoSchema),
  /** Sum of valor_asociado, whole CLP. */
  total: z.number().int(),
});
export type CobranzaEncargosResponse = z.infer<typeof CobranzaEncargosResponseSchema>;

/** A firm as the select sends it: its id as a number or as digits ("5"); '' or 'todos' for every firm. */
function filtroEstudio(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'todos') return null;
  return /^\d{1,10}$/.test(text) ? Number(text) : value;
}

/** Filters as the collection screen sends them (camelCase, spec 02 §3). */
export const CobranzaFiltrosSchema = z
  .object({
    estudio: z.preprocess(filtroEstudio, bodyIdSchema(m.estudioInvalido).nullable().optional()),
    fechaInicio: z.preprocess((value) => (value === '' ? null : value), boundedString(10, { tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }).nullable().optional()),
    fechaFin: z.preprocess((value) => (value === '' ? null : value), boundedString(10, { tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }).nullable().optional()),
    fechaEspecifica: z.preprocess((value) => (value === '' ? null : value), boundedString(10, { tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }).nullable().optional()),
    /** The screen's 'sólo sin recibo': the sheet then refuses rows a receipt already bills. */
    soloSinRecibo: z.boolean({ error: m.soloSinReciboInvalido }).nullable().optional(),
  })
  .default({});
export type CobranzaFiltros = z.output<typeof CobranzaFiltrosSchema>;

/** An encargo of the request: its id, or a preview row carrying it (other fields are read again on the server). */
const encargoRef = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value),
  bodyIdSchema(m.encargoInvalido),
);

/** POST /estampados/api/cobranza/generar-planilla (spec 02 §7). */
export const GenerarPlanillaSchema = z.object({
  encargos: z
    .array(encargoRef, { error: m.sinDatos })
    .min(1, { error: m.sinDatos })
    .max(MAX_ENCARGOS_PLANILLA, { error: m.demasiadosEncargos(MAX_ENCARGOS_PLANILLA) }),
  columnasSeleccionadas: z
    .array(z.preprocess(columnaId, z.enum(COBRANZA_COLUMNA_IDS, { error: m.columnaInvalida })), { error: m.sinColumnas })
    .min(1, { error: m.sinColumnas })
    .max(COBRANZA_COLUMNAS.length * 2, { error: m.columnaInvalida }),
  filtros: CobranzaFiltrosSchema,
  configuracion: z
    .object({ incluirEncabezado: z.boolean().default(false), soloColumnas: z.boolean().default(true) })
    .default({ incluirEncabezado: false, soloColumnas: true }),
});
export type GenerarPlanillaInput = z.output<typeof GenerarPlanillaSchema>;

export const ArchivoPlanillaSchema = z.object({ id: z.number().int(), url: z.string(), nombre: z.string() });

export const GenerarPlanillaResponseSchema = z.object({
  success: z.boolean(),
  archivo: ArchivoPlanillaSchema.nullable(),
  error: z.string().nullable(),
  total_encargos: z.number().int(),
  valor_total: z.number().int(),
});
export type GenerarPlanillaResponse = z.infer<typeof GenerarPlanillaResponseSchema>;

export const CobranzaConfiguracionSchema = z.object({
  columnas: z.array(z.object({ id: z.string(), nombre: z.string(), obligatoria: z.boolean(), predeterminada: z.boolean() })),
  columnasPredeterminadas: z.array(z.string()),
  configuracion: z.object({ incluirEncabezado: z.boolean(), soloColumnas: z.boolean() }),
  moneda: z.literal('CLP'),
  zonaHoraria: z.string(),
});
export type CobranzaConfiguracion = z.infer<typeof CobranzaConfiguracionSchema>;

export const PlanillaEnvioSchema = z.object({ fecha: z.string(), destinatarios: z.array(z.string()), usuario: z.string() });
export type PlanillaEnvio = z.infer<typeof PlanillaEnvioSchema>;

export const PlanillaHistorialSchema = z.object({
  id: z.number().int(),
  fecha_creacion: z.string(),
  usuario: z.string(),
  estudio_id: z.number().int().nullable(),
  estudio_nombre: z.string(),
  filtros: z.object({
    estudio: z.number().int().nullable().optional(),
    fechaInicio: z.string().nullable().optional(),
    fechaFin: z.string().nullable().optional(),
    fechaEspecifica: z.string().nullable().optional(),
    soloSinRecibo: z.boolean().nullable().optional(),
  }),
  columnas: z.array(z.string()),
  total_encargos: z.number().int(),
  valor_total: z.number().int(),
  nombre_archivo: z.string(),
  url: z.string(),
  envios: z.array(PlanillaEnvioSchema),
});
export type PlanillaHistorial = z.infer<typeof PlanillaHistorialSchema>;

export const CobranzaHistorialSchema = z.object({ success: z.boolean(), planillas: z.array(PlanillaHistorialSchema) });
export type CobranzaHistorial = z.infer<typeof CobranzaHistorialSchema>;

export const EnviarPlanillaResponseSchema = z.object({
  success: z.boolean(),
  mensaje: z.string(),
  destinatarios: z.array(z.string()),
});
export type EnviarPlanillaResponse = z.infer<typeof EnviarPlanillaResponseSchema>;
