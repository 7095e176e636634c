import type { LoginInput, Profile } from '@receptoria/contracts';
import { ADMIN_USERNAME, hasModule as userHasModule } from '@receptoria/contracts/permisos/modules';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { setSessionExpiredHandler } from '../api-client';
import { notify } from '../notify';
import { SESSION_KEYS, sessionStore, type StoredUser } from '../session-storage';
import { displayName } from './display-name';
import { sessionApi } from './session-api';
import { SessionContext, type SessionStatus, type SessionValue } from './session-context';

interface SessionState {
  status: SessionStatus;
  user: StoredUser | null;
  profile: Profile | null;
  permisos: readonly string[];
}

const ANONYMOUS: SessionState = { status: 'anonymous', user: null, profile: null, permisos: [] };

function initialState(): SessionState {
  const user = sessionStore.getUser();
  const hasTokens = Boolean(sessionStore.getAccessToken() || sessionStore.getRefreshToken());
  return user && hasTokens ? { status: 'loading', user, profile: null, permisos: [] } : ANONYMOUS;
}

/** Profile and permission codes of a signed-in user. Profile failures are only logged (spec 01 §7). */
async function loadAccount(user: StoredUser): Promise<Pick<SessionState, 'profile' | 'permisos'>> {
  const [profile, permisos] = await Promise.all([
    sessionApi.getProfile().catch((error: unknown) => {
      console.warn('No se pudo cargar el perfil del usuario', error);
      return null;
    }),
    // A user whose permissions cannot be loaded has none (spec 01 §6).
    sessionApi
      .getPermisos(user.id)
      .then((items) => (Array.isArray(items) ? items.map((item) => item.codigo) : []))
      .catch(() => [] as string[]),
  ]);
  return { profile, permisos };
}

export const sessionMessages = {
  expired: 'Su sesión expiró. Ingrese nuevamente.',
  loading: 'Cargando sesión...',
} as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialState);

  // The cached data of the session lives in the signed-in layout (app/layout/app-layout.tsx): leaving
  // the session unmounts the layout and drops it.
  const signOutLocally = useCallback(() => {
    setState(ANONYMOUS);
  }, []);

  // Restores a stored session: the profile call renews an expired access token on its way.
  useEffect(() => {
    const user = state.status === 'loading' ? state.user : null;
    if (!user) return;
    let cancelled = false;
    void loadAccount(user).then((account) => {
      if (cancelled) return;
      if (!sessionStore.getAccessToken()) setState(ANONYMOUS);
      else setState({ status: 'authenticated', user, ...account });
    });
    return () => {
      cancelled = true;
    };
  }, [state.status, state.user]);

  // A cleared session (failed refresh, sign-out in another tab) ends this one too.
  useEffect(() => {
    setSessionExpiredHandler(() => {
      notify.info(sessionMessages.expired);
      signOutLocally();
    });
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.getAccessToken()) signOutLocally();
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEYS.access && event.newValue === null) signOutLocally();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [signOutLocally]);

  const login = useCallback(async (input: LoginInput) => {
    const session = await sessionApi.login(input);
    sessionStore.setSession({ access: session.access, refresh: session.refresh, user: session.user });
    const account = await loadAccount(session.user);
    setState({ status: 'authenticated', user: session.user, ...account });
  }, []);

  const logout = useCallback(async () => {
    const refresh = sessionStore.getRefreshToken();
    if (refresh) {
      await sessionApi.logout(refresh).catch((error: unknown) => {
        console.warn('No se pudo cerrar la sesión en el servidor', error);
      });
    }
    sessionStore.clear();
    signOutLocally();
  }, [signOutLocally]);

  const value = useMemo<SessionValue>(() => {
    const user = state.status === 'authenticated' ? state.user : null;
    const named = state.profile ?? user;
    return {
      status: state.status,
      user,
      profile: state.profile,
      permisos: state.permisos,
      isAdmin: user?.username === ADMIN_USERNAME,
      displayName: named ? displayName(named) : '',
      login,
      logout,
      hasModule: (module) => (user ? userHasModule(user, state.permisos, module) : false),
    };
  }, [state, login, logout]);

  if (state.status === 'loading') {
    return (
      <Center h="100vh" data-testid="session-loading">
        <Stack align="center" gap="sm">
          <Loader size="lg" />
          <Text c="dimmed" size="sm">
            {sessionMessages.loading}
          </Text>
        </Stack>
      </Center>
    );
  }

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
