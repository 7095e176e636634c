import { ApiError, NetworkError } from '../../../lib/api-client';

/** The server's text for an error answer: a string body, else detail, else error, else the body as JSON. */
export function serverText(error: ApiError): string | undefined {
  const body = error.body;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (error.detail) return error.detail;
  const inner = (body as { error?: unknown } | null)?.error;
  if (typeof inner === 'string' && inner) return inner;
  if (body !== undefined && body !== null) {
    try {
      return JSON.stringify(body);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The server's detail or a string body only (no serialised objects). */
export function serverDetail(error: ApiError): string | undefined {
  if (typeof error.body === 'string' && error.body.trim()) return error.body.trim();
  return error.detail;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return serverText(error) ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export { ApiError };
