/**
 * The law-firm portal's session (issue 27): its own token pair and user, kept apart from the staff
 * session (lib/session-storage.ts), so a receiver's secretary and a firm's lawyer may use the same
 * browser without one session replacing the other.
 */
export const PORTAL_SESSION_KEYS = {
  access: 'receptoria.portal.access',
  refresh: 'receptoria.portal.refresh',
  user: 'receptoria.portal.user',
} as const;

/** Who is signed in to the portal: the person, the firm and the receiver it belongs to. */
export interface PortalStoredUser {
  id: number;
  nombre: string;
  email: string;
  estudio: { id: number; nombre: string };
  receptor: { id?: number; nombre: string };
}

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

function isNamed(value: unknown): value is { nombre: string } {
  return Boolean(value) && typeof value === 'object' && typeof (value as { nombre?: unknown }).nombre === 'string';
}

function parseUser(raw: string | null): PortalStoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PortalStoredUser> | null;
    if (value && typeof value.id === 'number' && isNamed(value.estudio) && isNamed(value.receptor)) {
      return value as PortalStoredUser;
    }
  } catch {
    // A corrupt entry counts as no user.
  }
  return null;
}

export const portalSessionStore = {
  getAccessToken: () => read(PORTAL_SESSION_KEYS.access),
  getRefreshToken: () => read(PORTAL_SESSION_KEYS.refresh),
  getUser: () => parseUser(read(PORTAL_SESSION_KEYS.user)),

  setTokens(tokens: { access: string; refresh?: string }) {
    write(PORTAL_SESSION_KEYS.access, tokens.access);
    if (tokens.refresh) write(PORTAL_SESSION_KEYS.refresh, tokens.refresh);
  },

  setSession(session: { access: string; refresh: string; user: PortalStoredUser }) {
    write(PORTAL_SESSION_KEYS.access, session.access);
    write(PORTAL_SESSION_KEYS.refresh, session.refresh);
    write(PORTAL_SESSION_KEYS.user, JSON.stringify(session.user));
    notify();
  },

  clear() {
    write(PORTAL_SESSION_KEYS.access, null);
    write(PORTAL_SESSION_KEYS.refresh, null);
    write(PORTAL_SESSION_KEYS.user, null);
    notify();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

function notify() {
  for (const listener of listeners) listener();
}
