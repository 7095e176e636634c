import { computeRutDv } from '@receptoria/contracts';

/** A valid RUT (check digit by modulo 11) for a numeric body. */
export function rutFrom(body: number): string {
  return `${body}-${computeRutDv(body)}`;
}
