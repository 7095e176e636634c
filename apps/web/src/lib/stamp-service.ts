import type { RequestOptions } from './api-client';
import { sessionStore } from './session-storage';

/** The stamp, template and collection service (spec 02 §7), served by the same host. */
export const STAMP_SERVICE_BASE = '/estampados/api';

/** Header that names the user on stamp-service calls (spec 02 §6). */
export const STAMP_USER_HEADER = 'X-User-Id';
export const DEFAULT_STAMP_USER = 'judicial';

/** The stored username, 'judicial' when there is none. */
export function stampServiceUser(): string {
  return sessionStore.getUser()?.username || DEFAULT_STAMP_USER;
}

/** Request options of every stamp-service call: its base and the user header. */
export function stampServiceOptions(options: RequestOptions = {}): RequestOptions {
  return {
    ...options,
    base: STAMP_SERVICE_BASE,
    headers: { ...options.headers, [STAMP_USER_HEADER]: stampServiceUser() },
  };
}
