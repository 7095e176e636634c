import { ApiError, NetworkError } from '../../../lib/api-client';

function fieldMessages(error: ApiError): string[] {
  return Object.values(error.errors ?? {}).flat().filter(Boolean);
}

/** Firm creation (spec 01 §8): string body, else detail, else the field messages, else the fallback. */
export function registerErrorText(error: unknown, fallback: string, connection: (message: string) => string, connectionFallback: string): string {
  if (error instanceof ApiError) {
    if (typeof error.body === 'string' && error.body.trim()) return error.body.trim();
    if (error.detail) return error.detail;
    const fields = fieldMessages(error);
    return fields.length ? fields.join(', ') : fallback;
  }
  if (error instanceof NetworkError && error.message) return connection(error.message);
  return connectionFallback;
}

/** Adding an e-mail or party (spec 01 §8): error, else detail, else for 400 the field messages or 'Error de validación', else the fallback. */
export function addErrorText(error: unknown, fallback: string, validation: string): string {
  if (error instanceof ApiError) {
    const inner = (error.body as { error?: unknown } | null)?.error;
    if (typeof inner === 'string' && inner) return inner;
    if (error.detail) return error.detail;
    if (error.status === 400) {
      const fields = fieldMessages(error);
      return fields.length ? fields.join(', ') : validation;
    }
  }
  return fallback;
}
