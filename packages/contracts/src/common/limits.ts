// Input limits and their messages, with no zod: the login form's rules (auth/login-form.ts) use them too.

export const ID_MAX = 2_147_483_647;
/** Any single string the API accepts, whatever the route (the API's input guard enforces it too). */
export const INPUT_STRING_MAX = 50_000;

export const inputMessages = {
  idInvalido: 'Identificador inválido',
  textoDemasiadoLargo: (max: number) => `Máximo ${max} caracteres`,
  caracterNoPermitido: 'El texto contiene caracteres no permitidos',
  valorInvalido: 'Valor inválido',
  demasiadoAnidado: 'La estructura de la solicitud es demasiado profunda',
  demasiadosElementos: 'La solicitud tiene demasiados elementos',
  digitosNoAscii: 'Use solo dígitos 0 a 9',
} as const;

/** A character one can see: not whitespace, a control or format character (RLO, zero-width) or a lone mark. */
const VISIBLE = /[^\s\p{C}\p{Z}\p{M}]/u;
/** A decimal digit other than 0–9 (Arabic-Indic, fullwidth, Devanagari …). */
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/u;

export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value);
}

/** True when every decimal digit of the text is an ASCII one (text without digits passes). */
export function hasOnlyAsciiDigits(value: string): boolean {
  return !NON_ASCII_DIGIT.test(value);
}

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}
