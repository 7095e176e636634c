import { todayIso } from '@receptoria/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { z } from 'zod';

/*
 * The assignment form's values, defaults and resolver, shared by Nuevo Encargo and Re-encargos
 * (features/encargos) and the portal's Nueva solicitud (features/portal): the same fields and rules
 * over each screen's contract schema.
 */

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

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function isBlankDomicilio(d: DomicilioFormValue): boolean {
  return isBlank(d.direccion) && isBlank(d.comuna);
}

/** Only complete addresses are sent (spec 01 §5): untouched rows are left out. */
function keptDomicilios(values: EncargoFormValues): number[] {
  return values.domicilios.flatMap((d, index) => (isBlankDomicilio(d) ? [] : [index]));
}

export function prepareEncargoValues(values: EncargoFormValues, extra: Record<string, unknown>) {
  const kept = keptDomicilios(values);
  return {
    prepared: { ...values, ...extra, domicilios: kept.map((index) => values.domicilios[index]) },
    kept,
  };
}

type IssuePath = readonly PropertyKey[];

/** Maps a schema issue path back to the form's field path (address rows may have been left out). */
export function encargoFormPath(path: IssuePath, kept: number[]): string {
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
    const { prepared, kept } = prepareEncargoValues(values, extra(context));
    const result = await schema.safeParseAsync(prepared);
    if (result.success) return { values: result.data as z.output<S>, errors: {} };
    const errors: FieldErrors<EncargoFormValues> = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = encargoFormPath(issue.path, kept);
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
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
