import { Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { createQueryClient } from '../../../lib/query-client';
import { PortalSessionProvider, usePortalSession } from '../lib/portal-session';
import { PortalLoginScreen } from './portal-login-screen';

// The sign-in page comes with this chunk; the signed-in frame, the list of assignments and every other screen
// are their own, so a firm's first visit downloads only what its sign-in form needs (bench/web.ts: /portal's
// first render, budget 200 KB gzip, 207 KB with the frame and the list in this chunk).
const PortalLayout = lazy(async () => ({ default: (await import('./portal-layout')).PortalLayout }));
const PortalEncargosScreen = lazy(async () => ({ default: (await import('./portal-encargos-screen')).PortalEncargosScreen }));
const PortalActivarScreen = lazy(async () => ({ default: (await import('./portal-activar-screen')).PortalActivarScreen }));
const PortalEncargoScreen = lazy(async () => ({ default: (await import('./portal-encargo-screen')).PortalEncargoScreen }));
const NuevaSolicitudScreen = lazy(async () => ({ default: (await import('./nueva-solicitud-screen')).NuevaSolicitudScreen }));
const EnviarPlanillaScreen = lazy(async () => ({ default: (await import('./enviar-planilla-screen')).EnviarPlanillaScreen }));
const DocumentosScreen = lazy(async () => ({ default: (await import('./documentos-screen')).DocumentosScreen }));
const CuentaScreen = lazy(async () => ({ default: (await import('./cuenta-screen')).CuentaScreen }));
const PreferenciasScreen = lazy(async () => ({ default: (await import('./preferencias-screen')).PreferenciasScreen }));

function Loading() {
  return (
    <Center py="xl" mih={200}>
      <Loader size="sm" type="dots" aria-label="Cargando" />
    </Center>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** The firm's screens: only with a portal session; without one, the sign-in page (then back here). */
function RequirePortalSession({ children }: { children: ReactNode }) {
  const { user } = usePortalSession();
  const location = useLocation();
  if (!user) return <Navigate to={paths.portalLogin} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = usePortalSession();
  if (user) return <Navigate to={paths.portalEncargos} replace />;
  return children;
}

/**
 * The law-firm portal (issue 27): a light phone-first app under /portal with its own session and data
 * cache. `dialogs`: the product's dialog host, which the app mounts (a screen asks before erasing data).
 */
export function PortalApp({ dialogs }: { dialogs?: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const rel = (path: string) => path.slice(paths.portal.length + 1);
  return (
    <PortalSessionProvider>
      <QueryClientProvider client={queryClient}>
        {dialogs}
        <Routes>
          <Route
            path={rel(paths.portalLogin)}
            element={
              <RedirectIfSignedIn>
                <PortalLoginScreen />
              </RedirectIfSignedIn>
            }
          />
          <Route
            path={rel(paths.portalActivar)}
            element={
              <Lazy>
                <PortalActivarScreen />
              </Lazy>
            }
          />
          <Route
            element={
              <RequirePortalSession>
                <Lazy>
                  <PortalLayout />
                </Lazy>
              </RequirePortalSession>
            }
          >
            <Route index element={<Navigate to={paths.portalEncargos} replace />} />
            <Route path={rel(paths.portalEncargos)} element={<Lazy><PortalEncargosScreen /></Lazy>} />
            <Route path={rel(paths.portalEncargo)} element={<Lazy><PortalEncargoScreen /></Lazy>} />
            <Route path={rel(paths.portalNuevaSolicitud)} element={<Lazy><NuevaSolicitudScreen /></Lazy>} />
            <Route path={rel(paths.portalEnviarPlanilla)} element={<Lazy><EnviarPlanillaScreen /></Lazy>} />
            <Route path={rel(paths.portalDocumentos)} element={<Lazy><DocumentosScreen /></Lazy>} />
            <Route path={rel(paths.portalCuenta)} element={<Lazy><CuentaScreen /></Lazy>} />
            <Route path={rel(paths.portalPreferencias)} element={<Lazy><PreferenciasScreen /></Lazy>} />
            <Route path="*" element={<Navigate to={paths.portalEncargos} replace />} />
          </Route>
        </Routes>
      </QueryClientProvider>
    </PortalSessionProvider>
  );
}
