import {
  ENCARGO_FIELD_LABELS,
  type Encargo,
  type EncargoCreateValue,
  EncargoCreateSchema,
  type ReEncargoValue,
  ReEncargoSchema,
  isDomicilioValido,
  santiagoWallClock,
} from '@receptoria/contracts';
import type { z } from 'zod';
import {
  type DomicilioFormValue,
  type EncargoFieldName,
  type EncargoFormValues,
  emptyDomicilio,
  encargoResolver,
  encargoFormPath,
  isBlank,
  isBlankDomicilio,
  prepareEncargoValues,
} from '../../../components/encargo-form/encargo-form-values';

// The form's values, defaults and resolver live with the shared form components (the portal's request
// form uses them too); the office's screens keep importing them from here.
export {
  autoFillPartes,
  DEFAULT_CIUDAD,
  type DomicilioFormValue,
  defaultEncargoValues,
  type EncargoFieldName,
  type EncargoFormValues,
  emptyDomicilio,
  encargoResolver,
} from '../../../components/encargo-form/encargo-form-values';

/** Form context of the re-encargo screen: the id of the loaded original. */
export interface ReEncargoFormContext {
  originalId: number | null;
}

export function createResolver() {
  return encargoResolver(EncargoCreateSchema);
}

export function reEncargoResolver() {
  return encargoResolver<typeof ReEncargoSchema, ReEncargoFormContext>(ReEncargoSchema, (context) => ({
    encargo_original_id: context?.originalId ?? undefined,
  }));
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
  const { prepared } = prepareEncargoValues(values, extra);
  const result = schema.safeParse(prepared);
  if (result.success) return [];
  const labels = new Set<string>();
  for (const issue of result.error.issues) {
    const key = encargoFormPath(issue.path, []).split('.')[0] as keyof typeof ENCARGO_FIELD_LABELS;
    labels.add(ENCARGO_FIELD_LABELS[key] ?? key);
  }
  return [...labels];
}

/** The creation payload of a complete form (throws when the form is not complete). */
export function toCreatePayload(values: EncargoFormValues): EncargoCreateValue {
  return EncargoCreateSchema.parse(prepareEncargoValues(values, {}).prepared);
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
