import type { SessionUser } from '@receptoria/contracts';
import { createTokenStore, isObject } from './token-store';

/** The stored session (spec 01 §3): access token, refresh token and the user, in localStorage. */
export const SESSION_KEYS = {
  access: 'receptoria.access',
  refresh: 'receptoria.refresh',
  user: 'receptoria.user',
} as const;

export type StoredUser = Pick<SessionUser, 'id' | 'username'> & Partial<Omit<SessionUser, 'id' | 'username'>>;

const isStoredUser = (value: unknown): value is StoredUser =>
  isObject(value) && typeof value.id === 'number' && typeof value.username === 'string';

export const sessionStore = createTokenStore(SESSION_KEYS, isStoredUser);
