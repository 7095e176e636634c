import type { SessionUser } from '@receptoria/contracts';

/** The stored session (spec 01 §3): access token, refresh token and the user, in localStorage. */
export const SESSION_KEYS = {
  access: 'receptoria.access',
  refresh: 'receptoria.refresh',
  user: 'receptoria.user',
} as const;

export type StoredUser = Pick<SessionUser, 'id' | 'username'> & Partial<Omit<SessionUser, 'id' | 'username'>>;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode quota); the session then lives only in memory.
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as StoredUser).id === 'number' &&
      typeof (value as StoredUser).username === 'string'
    ) {
      return value as StoredUser;
    }
  } catch {
    // A corrupt entry counts as no user.
  }
  return null;
}

export const sessionStore = {
  getAccessToken: () => read(SESSION_KEYS.access),
  getRefreshToken: () => read(SESSION_KEYS.refresh),
  getUser: () => parseUser(read(SESSION_KEYS.user)),

  setTokens(tokens: { access: string; refresh?: string }) {
    write(SESSION_KEYS.access, tokens.access);
    if (tokens.refresh) write(SESSION_KEYS.refresh, tokens.refresh);
  },

  setSession(session: { access: string; refresh: string; user: StoredUser }) {
    write(SESSION_KEYS.access, session.access);
    write(SESSION_KEYS.refresh, session.refresh);
    write(SESSION_KEYS.user, JSON.stringify(session.user));
    notify();
  },

  setUser(user: StoredUser) {
    write(SESSION_KEYS.user, JSON.stringify(user));
  },

  clear() {
    write(SESSION_KEYS.access, null);
    write(SESSION_KEYS.refresh, null);
    write(SESSION_KEYS.user, null);
    notify();
  },

  /** Called when the session is stored or cleared (login, logout, failed refresh). */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
