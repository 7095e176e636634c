import { ApiError } from './api-client';

/** The API's Spanish `detail` (or its first field message), else the error's own text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const first = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    return error.detail ?? first ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
