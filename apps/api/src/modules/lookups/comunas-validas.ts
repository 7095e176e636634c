import { comunaMessages, comunaOficial } from '@receptoria/contracts';
import { AppError } from '../../lib/app-error';

/**
 * Each comuna in its official spelling ('san miguel' → 'San Miguel'). A name outside Chile's list is
 * refused (400) unless it is one already stored (`anteriores`): an edit keeps an older free text.
 */
export function comunaValidada(nombre: string, anteriores: readonly string[] = []): string {
  const oficial = comunaOficial(nombre);
  if (oficial) return oficial.nombre;
  if (anteriores.includes(nombre)) return nombre;
  const message = comunaMessages.noOficial(nombre);
  throw new AppError('BAD_REQUEST', message, { errors: { comuna: [message] } });
}

export function domiciliosConComunaValidada<T extends { comuna: string }>(domicilios: readonly T[], anteriores: readonly string[] = []): T[] {
  return domicilios.map((domicilio) => ({ ...domicilio, comuna: comunaValidada(domicilio.comuna, anteriores) }));
}
