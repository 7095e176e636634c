import { z } from 'zod';
import { bodyIdSchema, boundedString, hasOnlyAsciiDigits, hasVisibleCharacter, inputMessages } from '../common/text';
import { isValidIsoDate, parseDateTime, todayIso, toSantiagoIso } from '../format/dates';
import { moneyMessages, readMontoCLP } from '../format/money-input';
import { ROL_MAX_LENGTH, ROL_PATTERN } from '../format/rol';
import { cleanRut, isValidRut, normalizeRut } from '../format/rut';
import { encargoMessages as m } from './messages';

/** Field builders shared by the assignment and firm schemas (forms send strings, the API numbers). */

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Required text: trimmed, with a visible character (not only format characters such as RLO), at most `max` characters. */
export function requiredText(required: string, max: number, extra?: { min?: number; minMessage?: string }) {
  let schema = boundedString(max, { error: required, tooLong: m.textoDemasiadoLargo(max) })
    .min(1, { error: required, abort: true })
    .refine(hasVisibleCharacter, { error: required, abort: true });
  if (extra?.min) schema = schema.min(extra.min, { error: extra.minMessage ?? required, abort: true });
  return z.preprocess((value) => (value === null ? undefined : trimmed(value)), schema);
}

/** Optional text: blank or null becomes ''. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (isBlank(value) ? '' : typeof value === 'number' ? String(value) : trimmed(value)),
    boundedString(max, { tooLong: m.textoDemasiadoLargo(max) }),
  );
}

/** The bank's operation number: free text whose digits are ASCII ones. */
export function numeroOperacion() {
  return optionalText(50).refine(hasOnlyAsciiDigits, { error: inputMessages.digitosNoAscii });
}

/** Id of a related row (Select values arrive as strings). */
export function relatedId(required: string) {
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    bodyIdSchema(required),
  );
}

/** A calendar date as YYYY-MM-DD (a Date object is read in Santiago time). */
export function isoDate(required: string) {
  return z.preprocess(
    (value) => (value instanceof Date ? todayIso(value) : isBlank(value) ? undefined : trimmed(value)),
    boundedString(40, { error: required, tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }),
  );
}

/** An optional date-time; naive values are Santiago wall time. Output ISO with offset or null. */
export function optionalDateTime() {
  return z.preprocess(
    (value) => (value instanceof Date ? value.toISOString() : isBlank(value) ? null : trimmed(value)),
    boundedString(60, { error: m.fechaHoraInvalida, tooLong: m.fechaHoraInvalida })
      .refine((value) => parseDateTime(value) !== null, { error: m.fechaHoraInvalida })
      .transform((value) => toSantiagoIso(parseDateTime(value) as Date))
      .nullable(),
  );
}

/** Rol: trimmed and upper-cased, then checked against C-123-2024. */
export function numeroRol() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value === null ? undefined : value),
    boundedString(ROL_MAX_LENGTH, { error: m.rolRequerido, tooLong: m.maximo30 })
      .min(1, { error: m.rolRequerido, abort: true })
      .max(ROL_MAX_LENGTH, { error: m.maximo30, abort: true })
      .regex(ROL_PATTERN, { error: m.rolFormato }),
  );
}

/**
 * Cuantía in whole CLP; accepts numbers and text typed es-CL style ('1.500.000'). Text the money
 * reader refuses, and numbers with decimals, fail with a message saying what is wrong.
 */
export function cuantia() {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .union([z.number(), z.string().max(40, { error: moneyMessages.formato })], {
        error: (issue) => (issue.input === undefined ? m.cuantiaRequerida : m.cuantiaNumerica),
      })
      .superRefine((value, ctx) => {
        if (typeof value === 'string') {
          const reading = readMontoCLP(value);
          if (reading && !reading.ok) ctx.addIssue({ code: 'custom', message: reading.message });
        } else if (!Number.isFinite(value)) {
          ctx.addIssue({ code: 'custom', message: m.cuantiaNumerica });
        } else if (!Number.isInteger(value)) {
          ctx.addIssue({ code: 'custom', message: moneyMessages.noEntero(value) });
        }
      })
      .transform((value) => (typeof value === 'string' ? (readMontoCLP(value) as { value: number }).value : value))
      .pipe(
        z
          .number()
          .min(0, { error: m.cuantiaNegativa })
          .max(999_999_999_999, { error: m.cuantiaMaxima }),
      ),
  );
}

/** RUT exactly as the spec's rule: 12345678-9, no dots, right check digit. Output upper-cased. */
export function strictRut(required: string, invalid: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : trimmed(value)),
    boundedString(20, { error: required, tooLong: invalid })
      .min(1, { error: required, abort: true })
      .refine(isValidRut, { error: invalid })
      .transform((value) => value.toUpperCase()),
  );
}

/** Optional RUT with the same rule; blank gives null. */
export function optionalStrictRut(invalid: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? null : trimmed(value)),
    boundedString(20, { error: invalid, tooLong: invalid })
      .refine(isValidRut, { error: invalid })
      .transform((value) => value.toUpperCase())
      .nullable(),
  );
}

/** Dots, dashes and spaces are dropped from a typed RUT; other digits than 0–9 stay, to be refused. */
const rutTyped = (value: string) => (hasOnlyAsciiDigits(value) ? cleanRut(value) : value);

/**
 * RUT as the modify screen sends it: first normalised (digits and K, dash before the last
 * character), then at least 8 characters and a right check digit.
 */
export function lenientRut(required: string, invalid: string) {
  return z.preprocess(
    (value) => (value === null ? undefined : typeof value === 'string' ? rutTyped(value) : value),
    boundedString(20, { error: required, tooLong: invalid })
      .refine(hasOnlyAsciiDigits, { error: invalid, abort: true })
      .min(1, { error: required, abort: true })
      .min(8, { error: invalid, abort: true })
      .transform((value) => normalizeRut(value))
      .refine(isValidRut, { error: invalid }),
  );
}

export function optionalLenientRut(invalid: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? null : typeof value === 'string' ? rutTyped(value) : value),
    boundedString(20, { error: invalid, tooLong: invalid })
      .refine(hasOnlyAsciiDigits, { error: invalid, abort: true })
      .min(8, { error: invalid, abort: true })
      .transform((value) => normalizeRut(value))
      .refine(isValidRut, { error: invalid })
      .nullable(),
  );
}

/** A boolean that also accepts 'true'/'false' text. */
export function flag(defaultValue: boolean) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : isBlank(value) ? undefined : value),
    z.boolean({ error: 'Valor inválido' }).default(defaultValue),
  );
}
