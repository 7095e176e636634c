/**
 * Chilean RUT helpers (spec 01 §5): body of 7 or 8 digits without dots, a dash, and a check digit
 * 0-9 or K computed by modulo 11 with weights 2..7 cycling from the right.
 */

export const RUT_PATTERN = /^(\d{7,8})-([\dkK])$/;

/** The check digit of a RUT body: '0'-'9' or 'K' (11 gives 0, 10 gives K). */
export function computeRutDv(body: string | number): string {
  const digits = String(body).replace(/\D/g, '');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const result = 11 - (sum % 11);
  if (result === 11) return '0';
  if (result === 10) return 'K';
  return String(result);
}

/** True when the value has the exact shape 12345678-9 and its check digit is right. */
export function isValidRut(value: string | null | undefined): boolean {
  if (!value) return false;
  const match = RUT_PATTERN.exec(value.trim());
  if (!match) return false;
  const [, body, dv] = match;
  return computeRutDv(body as string) === (dv as string).toUpperCase();
}

/** Keeps only digits and K (upper-cased). */
export function cleanRut(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9K]/g, '');
}

/**
 * Normalisation applied when leaving a RUT field: strip everything but digits and K, and put a dash
 * before the last character when there are 8 or more characters.
 */
export function normalizeRut(value: string | null | undefined): string {
  const clean = cleanRut(value);
  if (clean.length >= 8) return `${clean.slice(0, -1)}-${clean.slice(-1)}`;
  return clean;
}

/** 12345678-5 → 12.345.678-5 (display form with thousands dots). */
export function formatRutWithDots(value: string | null | undefined): string {
  const clean = cleanRut(value);
  if (clean.length < 2) return clean;
  const body = clean.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${clean.slice(-1)}`;
}
