/** Reads what a database failure means for the client, through drizzle's wrapping `cause` chain. */
import { UnknownServerError } from '@receptoria/db';

interface PgLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

function chain(error: unknown): PgLike[] {
  const found: PgLike[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    found.push(current as PgLike);
    current = (current as PgLike).cause;
  }
  return found;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '25006']);
const UNAVAILABLE_TEXT = /Connection terminated|not currently accepting connections|does not allow connections|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** True when the database could not be reached (connection refused, restarting, pool closed). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(
    (item) =>
      // A receiver whose server's URL cannot be read (added on another instance a moment ago, key changed):
      // its requests wait like those of a server that is down, wherever its database is opened.
      item instanceof UnknownServerError ||
      (item.code !== undefined && (UNAVAILABLE_CODES.has(item.code) || item.code.startsWith('08'))) ||
      (typeof item.message === 'string' && UNAVAILABLE_TEXT.test(item.message)),
  );
}

/** The constraint name of a unique violation, '' when unnamed; undefined when it is not one. */
export function uniqueViolation(error: unknown): string | undefined {
  const hit = chain(error).find((item) => item.code === '23505');
  return hit ? (hit.constraint ?? '') : undefined;
}

/** Input PostgreSQL refuses as data (NUL, numbers out of range, bad text for a type): a client error. */
export function isInvalidData(error: unknown): boolean {
  return chain(error).some((item) => item.code !== undefined && /^22/.test(item.code));
}
