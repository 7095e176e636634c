import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { portalApi, setPortalSessionExpiredHandler } from './portal-api';
import { PORTAL_SESSION_KEYS, portalSessionStore, type PortalStoredUser } from './portal-session-storage';

export interface PortalSessionValue {
  user: PortalStoredUser | null;
  login: (input: { email: string; password: string }) => Promise<void>;
  logout: () => Promise<void>;
  /** Set when the session ended by itself (a refused renewal), so the sign-in page can say why. */
  expired: boolean;
}

const PortalSessionContext = createContext<PortalSessionValue | null>(null);

function storedSession(): PortalStoredUser | null {
  const user = portalSessionStore.getUser();
  const hasTokens = Boolean(portalSessionStore.getAccessToken() || portalSessionStore.getRefreshToken());
  return user && hasTokens ? user : null;
}

interface LoginAnswer {
  access: string;
  refresh: string;
  user: PortalStoredUser;
}

/** The portal's own session: signing in and out here never touches the staff session. */
export function PortalSessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PortalStoredUser | null>(storedSession);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    setPortalSessionExpiredHandler(() => {
      setExpired(true);
      setUser(null);
    });
    const unsubscribe = portalSessionStore.subscribe(() => setUser(storedSession()));
    const onStorage = (event: StorageEvent) => {
      if (event.key === PORTAL_SESSION_KEYS.access || event.key === PORTAL_SESSION_KEYS.user) setUser(storedSession());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      setPortalSessionExpiredHandler(() => undefined);
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const login = useCallback(async (input: { email: string; password: string }) => {
    const answer = await portalApi.post<LoginAnswer>('/auth/login/', input);
    setExpired(false);
    portalSessionStore.setSession(answer);
  }, []);

  const logout = useCallback(async () => {
    const refresh = portalSessionStore.getRefreshToken();
    if (refresh) {
      await portalApi.post('/auth/logout/', { refresh }).catch((error: unknown) => {
        console.warn('No se pudo cerrar la sesión del portal en el servidor', error);
      });
    }
    portalSessionStore.clear();
  }, []);

  const value = useMemo(() => ({ user, login, logout, expired }), [user, login, logout, expired]);
  return <PortalSessionContext.Provider value={value}>{children}</PortalSessionContext.Provider>;
}

export function usePortalSession(): PortalSessionValue {
  const value = useContext(PortalSessionContext);
  if (!value) throw new Error('usePortalSession fuera de PortalSessionProvider');
  return value;
}

export { PortalSessionContext };
