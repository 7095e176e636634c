import { auditoriaMessages } from '@receptoria/contracts';
import { AppError } from './app-error';

/**
 * Optimistic concurrency: call with the row read under `SELECT … FOR UPDATE` and the version the
 * client sent. A stale version is refused with 409 before anything is written; an omitted one is
 * accepted (clients following the spec's payload without `version` keep last-writer-wins).
 * Versions are raised by a database trigger on every UPDATE of the row.
 */
export function assertVersion(current: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && expected !== current.version) {
    throw new AppError('CONFLICT', auditoriaMessages.registroModificado, {
      errors: { version: [auditoriaMessages.registroModificado] },
    });
  }
}
