/**
 * Verification codes of certificate PDFs: 26 characters of RFC 4648 base32 (A–Z, 2–7) carrying 130
 * random bits, printed in groups of 4 joined by hyphens (ABCD-EFGH-…-YZ). Accepted with or without
 * hyphens (or spaces), in any case.
 */
export const CODIGO_VERIFICACION_LARGO = 26;
export const CODIGO_VERIFICACION_BITS = 130;
export const BASE32_ALFABETO = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CANONICO = /^[A-Z2-7]{26}$/;
const MAX_ENTRADA = 64;

/** The canonical form (26 upper-case characters, no hyphens), or null when the text is not a code. */
export function normalizarCodigoVerificacion(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_ENTRADA) return null;
  const limpio = value.replace(/[\s-]/g, '').toUpperCase();
  return CANONICO.test(limpio) ? limpio : null;
}

export function esCodigoVerificacion(value: unknown): boolean {
  return normalizarCodigoVerificacion(value) !== null;
}

/** The printed form: groups of 4 joined by hyphens (the last group has 2). Input in any accepted form. */
export function formatearCodigoVerificacion(value: string): string {
  const codigo = normalizarCodigoVerificacion(value);
  if (codigo === null) return value;
  return codigo.match(/.{1,4}/g)?.join('-') ?? codigo;
}

/** A fresh code from 17 random bytes (136 bits), of which the first 130 are kept. */
export function codigoVerificacionDesdeBytes(bytes: Uint8Array): string {
  if (bytes.length < 17) throw new Error('se requieren 17 bytes aleatorios');
  let bits = 0;
  let acumulado = 0;
  let salida = '';
  for (const byte of bytes.subarray(0, 17)) {
    acumulado = (acumulado << 8) | byte;
    bits += 8;
    while (bits >= 5 && salida.length < CODIGO_VERIFICACION_LARGO) {
      salida += BASE32_ALFABETO[(acumulado >> (bits - 5)) & 31];
      bits -= 5;
    }
    acumulado &= (1 << bits) - 1;
  }
  return salida;
}

/** Path of the public page that shows a code's document. */
export function rutaVerificacion(codigo: string): string {
  return `/verificar/${formatearCodigoVerificacion(codigo)}`;
}
