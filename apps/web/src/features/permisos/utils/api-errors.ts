import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** Toasts the spec's message, with the server's own detail as the body when it sent one. */
export function notifyApiError(error: unknown, fallback: string) {
  const detail = error instanceof ApiError ? error.detail : undefined;
  if (detail && detail !== fallback) notify.error(detail, fallback);
  else notify.error(fallback);
}
