/** Where a session keeps its access token, refresh token and user in localStorage. */
export interface TokenStoreKeys {
  access: string;
  refresh: string;
  user: string;
}

export interface TokenStore<U> {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getUser(): U | null;
  setTokens(tokens: { access: string; refresh?: string }): void;
  setSession(session: { access: string; refresh: string; user: U }): void;
  setUser(user: U): void;
  clear(): void;
  /** Called when the session is stored or cleared (login, logout, failed refresh). */
  subscribe(listener: () => void): () => void;
}

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

/**
 * A session's token pair and user under its own keys: the staff session and the portal's each have
 * one, so both may live in the same browser without one replacing the other. `isUser` tells a stored
 * user from anything else under the user key (a corrupt or foreign entry counts as no user).
 */
export function createTokenStore<U>(keys: TokenStoreKeys, isUser: (value: unknown) => value is U): TokenStore<U> {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const parseUser = (raw: string | null): U | null => {
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as unknown;
      return isUser(value) ? value : null;
    } catch {
      return null;
    }
  };

  return {
    getAccessToken: () => read(keys.access),
    getRefreshToken: () => read(keys.refresh),
    getUser: () => parseUser(read(keys.user)),

    setTokens(tokens) {
      write(keys.access, tokens.access);
      if (tokens.refresh) write(keys.refresh, tokens.refresh);
    },

    setSession(session) {
      write(keys.access, session.access);
      write(keys.refresh, session.refresh);
      write(keys.user, JSON.stringify(session.user));
      notify();
    },

    setUser(user) {
      write(keys.user, JSON.stringify(user));
    },

    clear() {
      write(keys.access, null);
      write(keys.refresh, null);
      write(keys.user, null);
      notify();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A parsed JSON object, whose fields a stored user's check then reads. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
