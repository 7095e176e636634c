import { z } from 'zod';
import { hasNul, hasOnlyAsciiDigits, hasVisibleCharacter, ID_MAX, INPUT_STRING_MAX, inputMessages } from './limits';

/**
 * Shared input mechanisms: every text is cut by its length before any pattern runs, a NUL
 * character is refused (PostgreSQL text cannot hold it) and ids stay inside PostgreSQL's integer.
 */

export { ID_MAX, INPUT_STRING_MAX, inputMessages, hasNul, hasOnlyAsciiDigits, hasVisibleCharacter };

/**
 * A string whose maximum length is checked first and aborts, then NUL is refused (also aborting):
 * a regex or refine chained after it never sees an oversized value.
 */
export function boundedString(max: number, options: { error?: string; tooLong?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .max(max, { error: options.tooLong ?? inputMessages.textoDemasiadoLargo(max), abort: true })
    .refine((value) => !hasNul(value), { error: inputMessages.caracterNoPermitido, abort: true });
}

/** A canonical positive integer as text: no sign, no leading zero, no spaces, ASCII digits only. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A positive integer id that fits PostgreSQL's integer; path and query values arrive as text and
 * must be written canonically ('+1', '01', ' 1' or '1.0' are refused, not read as 1).
 */
export function idSchema(message: string = inputMessages.idInvalido) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? (CANONICAL_ID.test(value) ? Number(value) : Number.NaN) : value),
    bodyIdSchema(message),
  );
}

/** '' and null (an empty select or field) stand for an absent value; anything else is read as sent. */
export const blankAsAbsent = (value: unknown) => (value === null || value === '' ? undefined : value);

/** An id inside a JSON body: a number, never text. */
export function bodyIdSchema(message: string = inputMessages.idInvalido) {
  return z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(ID_MAX, { error: message });
}

// ---------------------------------------------------------------------------------------------
// Spanish messages for every zod issue that a schema does not word itself.

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número entero',
  boolean: 'verdadero o falso',
  array: 'lista',
  object: 'objeto',
  date: 'fecha',
  bigint: 'número',
  null: 'nulo',
  undefined: 'un valor',
};

function spanishIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Valor inválido: se esperaba ${TYPE_NAMES[issue.expected] ?? 'otro tipo de dato'}`;
    case 'too_big':
      if (issue.origin === 'string') return inputMessages.textoDemasiadoLargo(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return `Máximo ${String(issue.maximum)} elementos`;
      return `El valor debe ser como máximo ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return `Mínimo ${String(issue.minimum)} caracteres`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Mínimo ${String(issue.minimum)} elementos`;
      return `El valor debe ser como mínimo ${String(issue.minimum)}`;
    case 'invalid_format':
      return 'Formato inválido';
    case 'not_multiple_of':
      return 'Número inválido';
    case 'unrecognized_keys':
      return 'Campos no reconocidos';
    case 'invalid_value':
      return 'Opción inválida';
    default:
      return inputMessages.valorInvalido;
  }
}

// In the browser zod must not probe `new Function` (its fast path): the CSP forbids eval.
z.config({ localeError: (issue) => spanishIssue(issue), ...('document' in globalThis ? { jitless: true } : {}) });
