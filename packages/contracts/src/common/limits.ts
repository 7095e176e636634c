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
} as const;

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}
