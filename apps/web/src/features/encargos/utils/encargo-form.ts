import {
  ENCARGO_FIELD_LABELS,
  type Encargo,
  type EncargoCreateValue,
  EncargoCreateSchema,
  type ReEncargoValue,
  ReEncargoSchema,
  isDomicilioValido,
  santiagoWallClock,
  todayIso,
} from '@receptoria/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { z } from 'zod';

export interface DomicilioFormValue {
  direccion: string;
  comuna: string | null;
  ciudad: string | null;
  es_principal: boolean;
}

/** Values of the shared assignment form (Nuevo Encargo and Re-encargos). Selects hold ids as text. */
export interface EncargoFormValues {
  fecha_encargo: string | null;
  estudio_juridico: string | null;
  parte_demandante: string | null;
  tribunal: string | null;
  numero_rol: string;
  tipo_causa: string | null;
  tipo_encargo: string | null;
  partes: string;
  fecha_retiro: string | null;
  fecha_demanda: string | null;
  fecha_resolucion: string | null;
  cuantia: number | string;
  rut_ejecutado: string;
  rut_representante_legal: string;
  numero_operacion: string;
  ejecutados: string;
  domicilios: DomicilioFormValue[];
  fecha_comparendo: string | null;
  fecha_prueba: string | null;
  observaciones_encargo: string;
  estado_especial: string;
  observacion_re_encargo: string;
}

export type EncargoFieldName = keyof EncargoFormValues;

/** Comunas of the metropolitan list are all in Santiago, so new rows start there. */
export const DEFAULT_CIUDAD = 'Santiago';

export function emptyDomicilio(principal: boolean): DomicilioFormValue {
  return { direccion: '', comuna: null, ciudad: DEFAULT_CIUDAD, es_principal: principal };
}

/** Defaults: fecha_encargo today (both forms); the re-encargo form also sets fecha_retiro today (spec 01 §9). */
export function defaultEncargoValues(options: { retiroToday?: boolean } = {}): EncargoFormValues {
  const today = todayIso();
  return {
    fecha_encargo: today,
    estudio_juridico: null,
    parte_demandante: null,
    tribunal: null,
    numero_rol: '',
    tipo_causa: null,
    tipo_encargo: null,
    partes: '',
    fecha_retiro: options.retiroToday ? today : null,
    fecha_demanda: null,
    fecha_resolucion: null,
    cuantia: '',
    rut_ejecutado: '',
    rut_representante_legal: '',
    numero_operacion: '',
    ejecutados: '',
    domicilios: [emptyDomicilio(true)],
    fecha_comparendo: null,
    fecha_prueba: null,
    observaciones_encargo: '',
    estado_especial: '',
    observacion_re_encargo: '',
  };
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function isBlankDomicilio(d: DomicilioFormValue): boolean {
  return isBlank(d.direccion) && isBlank(d.comuna);
}

/** Only complete addresses are sent (spec 01 §5): untouched rows are left out. */
function keptDomicilios(values: EncargoFormValues): number[] {
  return values.domicilios.flatMap((d, index) => (isBlankDomicilio(d) ? [] : [index]));
}

function prepare(values: EncargoFormValues, extra: Record<string, unknown>) {
  const kept = keptDomicilios(values);
  return {
    prepared: { ...values, ...extra, domicilios: kept.map((index) => values.domicilios[index]) },
    kept,
  };
}

type IssuePath = readonly PropertyKey[];

/** Maps a schema issue path back to the form's field path (address rows may have been left out). */
function formPath(path: IssuePath, kept: number[]): string {
  const parts = path.map(String);
  if (parts[0] === 'domicilios') {
    if (parts.length === 1) return 'domicilios.root';
    const index = kept[Number(parts[1])];
    return ['domicilios', String(index ?? parts[1]), ...parts.slice(2)].join('.');
  }
  if (parts[0] === 'motivo_no_realizable') return 'estado_especial';
  if (parts[0] === 'dda_fs_fecha') return 'fecha_demanda';
  if (parts.length === 0) return 'root';
  return parts.join('.');
}

/** Form context of the re-encargo screen: the id of the loaded original. */
export interface ReEncargoFormContext {
  originalId: number | null;
}

/**
 * A react-hook-form resolver over a contract schema: it leaves out blank address rows, adds
 * `extra` values (such as the original's id, from the form context) and puts each Spanish message
 * on its field.
 */
export function encargoResolver<S extends z.ZodType, C = unknown>(
  schema: S,
  extra: (context: C | undefined) => Record<string, unknown> = () => ({}),
): Resolver<EncargoFormValues, C, z.output<S>> {
  return async (values, context) => {
    const { prepared, kept } = prepare(values, extra(context));
    const result = await schema.safeParseAsync(prepared);
    if (result.success) return { values: result.data as z.output<S>, errors: {} };
    const errors: FieldErrors<EncargoFormValues> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = formPath(issue.path, kept);
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

export function createResolver() {
  return encargoResolver(EncargoCreateSchema);
}

export function reEncargoResolver() {
  return encargoResolver<typeof ReEncargoSchema, ReEncargoFormContext>(ReEncargoSchema, (context) => ({
    encargo_original_id: context?.originalId ?? undefined,
  }));
}

/**
 * The 'partes' text after choosing the plaintiff `next` (spec 01 §2: '{demandante} con '). Blank text
 * is filled; text still starting with '{earlier plaintiff} con' gets the new name; any other text
 * the user wrote stays. Null when nothing changes.
 */
export function autoFillPartes(current: string, next: string, earlier: readonly (string | null | undefined)[]): string | null {
  if (!current.trim()) return `${next} con `;
  for (const name of earlier) {
    if (!name) continue;
    const prefix = `${name} con`;
    if (current.startsWith(prefix)) {
      const updated = `${next} con${current.slice(prefix.length)}`;
      return updated === current ? null : updated;
    }
  }
  return null;
}

const REQUIRED_FIELDS = [
  'fecha_encargo',
  'estudio_juridico',
  'parte_demandante',
  'tribunal',
  'numero_rol',
  'tipo_causa',
  'tipo_encargo',
  'partes',
  'fecha_retiro',
  'fecha_demanda',
  'fecha_resolucion',
  'cuantia',
  'rut_ejecutado',
  'ejecutados',
  'observaciones_encargo',
] as const satisfies readonly (keyof typeof ENCARGO_FIELD_LABELS & EncargoFieldName)[];

/** Labels of the required fields left empty, in form order ('Campos requeridos faltantes: …'). */
export function missingRequiredFields(values: EncargoFormValues): string[] {
  return REQUIRED_FIELDS.filter((name) => isBlank(values[name])).map((name) => ENCARGO_FIELD_LABELS[name]);
}

/** At least one address with dirección and comuna (spec 01 §5). */
export function hasValidDomicilio(values: EncargoFormValues): boolean {
  return values.domicilios.some((d) => isDomicilioValido(d));
}

/**
 * What keeps the form from being complete: labels of every field with a problem (empty or
 * invalid), in form order. Empty when the contract schema accepts the form.
 */
export function incompleteFields(values: EncargoFormValues, schema: z.ZodType, extra: Record<string, unknown> = {}): string[] {
  const { prepared } = prepare(values, extra);
  const result = schema.safeParse(prepared);
  if (result.success) return [];
  const labels = new Set<string>();
  for (const issue of result.error.issues) {
    const key = formPath(issue.path, []).split('.')[0] as keyof typeof ENCARGO_FIELD_LABELS;
    labels.add(ENCARGO_FIELD_LABELS[key] ?? key);
  }
  return [...labels];
}

/** The creation payload of a complete form (throws when the form is not complete). */
export function toCreatePayload(values: EncargoFormValues): EncargoCreateValue {
  return EncargoCreateSchema.parse(prepare(values, {}).prepared);
}

export type CreatePayload = EncargoCreateValue;
export type ReEncargoPayload = ReEncargoValue;

/** The modify payload of spec 01 §3 (claim date as dda_fs_fecha). */
export function toModifyPayload(value: ReEncargoValue): Record<string, unknown> {
  const { encargo_original_id: _id, motivo_re_encargo: _motivo, fecha_demanda, ...rest } = value;
  return { ...rest, dda_fs_fecha: fecha_demanda };
}

/** Fields a modification compares: every form field but the addresses (below) and the re-assignment note. */
const MODIFIABLE_FIELDS = (Object.keys(ENCARGO_FIELD_LABELS) as (keyof typeof ENCARGO_FIELD_LABELS)[]).filter(
  (name): name is Exclude<EncargoFieldName, 'domicilios' | 'observacion_re_encargo'> =>
    name !== 'domicilios' && name !== 'observacion_re_encargo',
);

function domicilioKey(d: DomicilioFormValue): string {
  return `${(d.direccion ?? '').trim().toLowerCase()}|${(d.comuna ?? '').trim().toLowerCase()}`;
}

/**
 * What 'Modificar Encargo' would erase from the stored assignment: labels of fields that held a value
 * and are now empty, and the addresses no longer in the form. Empty when nothing stored is lost.
 */
export function erasedByModify(stored: EncargoFormValues, current: EncargoFormValues): string[] {
  const fields = MODIFIABLE_FIELDS.filter((name) => !isBlank(stored[name]) && isBlank(current[name])).map(
    (name) => ENCARGO_FIELD_LABELS[name],
  );
  const kept = new Set(current.domicilios.filter((d) => !isBlankDomicilio(d)).map(domicilioKey));
  const domicilios = stored.domicilios
    .filter((d) => !isBlankDomicilio(d) && !kept.has(domicilioKey(d)))
    .map((d) => `${ENCARGO_FIELD_LABELS.domicilios} ${[d.direccion, d.comuna].filter(Boolean).join(', ')}`);
  return [...fields, ...domicilios];
}

/** The re-assign payload: form values plus the link to the original (spec 01 §3). */
export function toReEncargoPayload(value: ReEncargoValue, motivo: string): Record<string, unknown> {
  return { ...value, es_re_encargo: true, motivo_re_encargo: motivo };
}

// ---------------------------------------------------------------------------------------------
// Loading an assignment into the form

function refId(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    return id === null || id === undefined ? null : String(id);
  }
  return String(value);
}

function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant from the API as the naive Santiago wall time the date-time picker edits. */
export function toPickerDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const w = santiagoWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:00`;
}

export function encargoToFormValues(encargo: Encargo): EncargoFormValues {
  const domicilios = (encargo.domicilios ?? []).filter((d) => d.activo !== false);
  const rows: DomicilioFormValue[] = domicilios.length
    ? domicilios.map((d) => ({ direccion: d.direccion, comuna: d.comuna, ciudad: d.ciudad, es_principal: d.es_principal }))
    : [emptyDomicilio(true)];
  if (!rows.some((d) => d.es_principal) && rows[0]) rows[0].es_principal = true;
  return {
    fecha_encargo: isoDay(encargo.fecha_encargo),
    estudio_juridico: refId(encargo.estudio_juridico),
    parte_demandante: refId(encargo.parte_demandante),
    tribunal: refId(encargo.tribunal),
    numero_rol: encargo.numero_rol ?? '',
    tipo_causa: refId(encargo.tipo_causa),
    tipo_encargo: refId(encargo.tipo_encargo),
    partes: encargo.partes ?? '',
    fecha_retiro: isoDay(encargo.fecha_retiro),
    fecha_demanda: isoDay(encargo.fecha_demanda ?? encargo.dda_fs_fecha),
    fecha_resolucion: isoDay(encargo.fecha_resolucion),
    cuantia: encargo.cuantia ?? '',
    rut_ejecutado: encargo.rut_ejecutado ?? '',
    rut_representante_legal: encargo.rut_representante_legal ?? '',
    numero_operacion: encargo.numero_operacion ?? '',
    ejecutados: encargo.ejecutados ?? '',
    domicilios: rows,
    fecha_comparendo: toPickerDateTime(encargo.fecha_comparendo),
    fecha_prueba: toPickerDateTime(encargo.fecha_prueba),
    observaciones_encargo: encargo.observaciones_encargo || encargo.observaciones || '',
    estado_especial: encargo.motivo_no_realizable ?? '',
    observacion_re_encargo: encargo.observacion_re_encargo ?? '',
  };
}
