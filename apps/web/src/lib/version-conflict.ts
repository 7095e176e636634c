import { ApiError } from './api-client';

/**
 * True when an edit was refused because the record changed since it was read (optimistic
 * concurrency, 409 with a `version` error): the screen should offer to reload it.
 */
export function isVersionConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && Boolean(error.errors?.version);
}
