import { z } from 'zod';
import { hasOnlyAsciiDigits, hasVisibleCharacter, inputMessages } from '../common/text';
import { isValidIsoDate, parseDateTime } from '../format/dates';
import { parseCLP } from '../format/money';
import { diligenciaMessages as m } from './messages';

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads the diligence date as the stamp screen accepts it (spec 02 §5): YYYY-MM-DD, DD/MM/YYYY,
 * DD/MM/YYYY HH:MM, or an ISO date-time. Santiago wall time; a date without time is 09:00.
 */
export function parseFechaDiligencia(value: string | null | undefined): Date | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const ymd = YMD.exec(text);
  if (ymd) return isValidIsoDate(text) ? parseDateTime(`${text} 09:00`) : null;
  const dmy = DMY.exec(text);
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
    if (!isValidIsoDate(iso)) return null;
    return parseDateTime(`${iso} ${dmy[4] ?? '09'}:${dmy[5] ?? '00'}`);
  }
  return parseDateTime(text.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/, '$1T$2'));
}

/** True when a typed diligence date carries its time (DD/MM/YYYY HH:MM, an ISO date-time); a date alone does not. */
export function fechaTieneHora(value: unknown): boolean {
  if (value instanceof Date) return true;
  return typeof value === 'string' && /\d{1,2}:\d{2}/.test(value);
}

/** HH:MM, 00:00–23:59: the hour that completes a diligence typed with its date alone. */
export const HORA_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The diligence date-time: required, output as a Date. */
export function fechaDiligencia() {
  return z.preprocess(
    (value) => (value instanceof Date ? value.toISOString() : value === null || value === '' ? undefined : value),
    z
      .string({ error: m.fechaRequerida })
      .trim()
      .min(1, { error: m.fechaRequerida, abort: true })
      .max(40, { error: m.fechaInvalida, abort: true })
      .refine((text) => parseFechaDiligencia(text) !== null, { error: m.fechaInvalida })
      .transform((text) => parseFechaDiligencia(text) as Date),
  );
}

/** A custom value in whole CLP (number, or text such as '45.000'); blank or null → null. */
export function valorPersonalizado() {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'string') {
        if (value.trim() === '') return null;
        if (value.length > 30) return Number.NaN;
        return parseCLP(value) ?? Number.NaN;
      }
      return value;
    },
    z
      .number({ error: m.valorInvalido })
      .refine(Number.isFinite, { error: m.valorInvalido })
      .transform((n) => Math.round(n))
      .pipe(z.number().min(0, { error: m.valorNegativo }).max(999_999_999, { error: m.valorMaximo }))
      .nullable(),
  );
}

/** Stamp-type id (resultado_id / tipo_estampado): a positive integer, also as text. */
export function tipoEstampadoId() {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined || value === '') return undefined;
      if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? m.tipoRequerido : m.tipoInvalido) })
      .int({ error: m.tipoInvalido })
      .positive({ error: m.tipoInvalido })
      .max(2_147_483_647, { error: m.tipoInvalido }),
  );
}

/** Trimmed text up to `max`; blank or null → ''. */
export function texto(max: number) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ error: m.textoDemasiadoLargo(max) }).max(max, { error: m.textoDemasiadoLargo(max) }).trim(),
  );
}

/** A rol as searched: trimmed, upper-cased, 1–30 characters. */
export function rolBuscado(required: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value === null ? undefined : value),
    z
      .string({ error: required })
      .min(1, { error: required, abort: true })
      .max(30, { error: m.textoDemasiadoLargo(30), abort: true })
      .refine(hasVisibleCharacter, { error: required, abort: true })
      .refine(hasOnlyAsciiDigits, { error: inputMessages.digitosNoAscii }),
  );
}

/** An assignment id given in a body (optional). */
export const encargoIdOpcional = z.preprocess(
  (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
    return value;
  },
  z
    .number({ error: 'Identificador inválido' })
    .int({ error: 'Identificador inválido' })
    .positive({ error: 'Identificador inválido' })
    .max(2_147_483_647, { error: 'Identificador inválido' })
    .optional(),
);
