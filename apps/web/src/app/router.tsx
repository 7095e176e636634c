import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { sessionStore } from '../lib/session-storage';
// The login screen stays in the entry chunk: the first visit shows the form without a second round trip.
import { LoginScreen } from '../features/auth/components/login-screen';
import { RedirectIfAuthenticated, RequireAuth } from './guards/require-auth';
import { RequireAdmin, RequireModule, RequireReceptorEditor } from './guards/require-module';
import { NotFound } from './routes/not-found';
import { lazyScreen, loadScreens, loadScreensFor, preloadScreens } from './routes/lazy-screen';
import { RouteError } from './routes/route-error';
import { PorCobrarSlot } from './routes/cobranza-secciones';

/** While the layout's chunk loads: the same full-page spinner as while the session loads. */
const layoutLoading = (
  <Center h="100vh" data-testid="layout-loading">
    <Loader size="lg" aria-label="Cargando" />
  </Center>
);

// The layout (top bar, dialogs, date pickers) and the dashboard, where signing in lands: fetched while the
// login form waits for the user, so signing in shows the dashboard without another download.
const AppLayout = lazyScreen(() => import('./layout/app-layout'), 'AppLayout', layoutLoading);
const DashboardScreen = lazyScreen(() => import('../features/dashboard/components/dashboard-screen'), 'DashboardScreen');

// Every screen is its own chunk, loaded on first visit: add new screens the same way (one line each).
const DashboardDetalleScreen = lazyScreen(
  () => import('../features/dashboard/components/dashboard-detalle-screen'),
  'DashboardDetalleScreen',
);
const NuevoEncargoScreen = lazyScreen(() => import('../features/encargos/components/nuevo-encargo-screen'), 'NuevoEncargoScreen');
// Screens that show an assignment's panels (history, documents, visits, reports, price list) load through a
// route module of their own (./routes/*-route), which carries those panels' loaders.
const ReEncargosScreen = lazyScreen(() => import('./routes/re-encargos-route'), 'ReEncargosRoute');
const VerPendientesScreen = lazyScreen(() => import('../features/encargos/components/ver-pendientes-screen'), 'VerPendientesScreen');
const AdministrarEstudiosScreen = lazyScreen(
  () => import('../features/estudios/components/administrar-estudios-screen'),
  'AdministrarEstudiosScreen',
);
const ConfiguracionesEstudioScreen = lazyScreen(() => import('./routes/configuraciones-estudio-route'), 'ConfiguracionesEstudioRoute');
const RegistrarEstudioScreen = lazyScreen(
  () => import('../features/estudios/components/registrar-estudio-screen'),
  'RegistrarEstudioScreen',
);
const OnboardingScreen = lazyScreen(() => import('../features/onboarding/components/onboarding-screen'), 'OnboardingScreen');
const PermisosScreen = lazyScreen(() => import('../features/permisos/components/permisos-screen'), 'PermisosScreen');
const CorreoSalienteScreen = lazyScreen(() => import('../features/correo-saliente/components/correo-saliente-screen'), 'CorreoSalienteScreen');
const CarpetasScreen = lazyScreen(() => import('../features/carpetas/components/carpetas-screen'), 'CarpetasScreen');
const ReceptorScreen = lazyScreen(() => import('../features/receptor/components/receptor-screen'), 'ReceptorScreen');
// Cobranza with its tabs (receipts, payments, statements, price list): their loaders load with the screen.
const CobranzaScreen = lazyScreen(() => import('./routes/cobranza-route'), 'CobranzaRoute');
const RutasScreen = lazyScreen(() => import('../features/rutas/components/rutas-screen'), 'RutasScreen');
// Field mode (features/terreno): its chunk also brings the offline queue and registers the service worker.
const TerrenoScreen = lazyScreen(() => import('../features/terreno/components/terreno-screen'), 'TerrenoScreen');
const EstadisticasScreen = lazyScreen(() => import('../features/estadisticas/components/estadisticas-screen'), 'EstadisticasScreen');
// Results and stamps (features/diligencias, plantillas, resultados).
const ResultadosEstampadosScreen = lazyScreen(() => import('./routes/resultados-estampados-route'), 'ResultadosEstampadosRoute');
const EstamparScreen = lazyScreen(() => import('../features/diligencias/components/estampar-screen'), 'EstamparScreen');
const PlantillasScreen = lazyScreen(() => import('../features/plantillas/components/plantillas-screen'), 'PlantillasScreen');
const ResultadosDashboardScreen = lazyScreen(() => import('./routes/resultados-dashboard-route'), 'ResultadosDashboardRoute');
// The legal calendar (features/calendario) and the user's profile.
const CalendarioScreen = lazyScreen(() => import('../features/calendario/components/calendario-screen'), 'CalendarioScreen');
const FeriadosScreen = lazyScreen(() => import('../features/calendario/components/feriados-screen'), 'FeriadosScreen');
// 'Mi perfil' with the signing certificate (features/firma) for users of the estampar module.
const PerfilScreen = lazyScreen(() => import('./routes/perfil-route'), 'PerfilRoute');
// Electronic signing (features/firma, issue 26): the batch to sign, and the public verification page.
const firmaRoute = () => import('./routes/firma-route');
const PorFirmarScreen = lazyScreen(firmaRoute, 'PorFirmarRoute');
const VerificarScreen = lazyScreen(firmaRoute, 'VerificarRoute', layoutLoading);
// Requests from the law-firm portal (features/solicitudes): the inbox, and one request in Nuevo Encargo.
// Nuevo Encargo in bulk from a spreadsheet (features/importar, issue 41 §2).
const ImportarEncargosScreen = lazyScreen(() => import('../features/importar/components/importar-encargos-screen'), 'ImportarEncargosScreen');
const SolicitudesScreen = lazyScreen(() => import('../features/solicitudes/components/solicitudes-screen'), 'SolicitudesScreen');
const SolicitudScreen = lazyScreen(() => import('./routes/solicitud-route'), 'SolicitudRoute');
// The dashboard's notice of pending requests: a small slot reading the top bar's count; its
// Alert downloads only while some request waits.
const SolicitudesAvisoSlot = lazyScreen(() => import('./routes/solicitudes-aviso-slot'), 'SolicitudesAvisoSlot', null);
// The law-firm portal (features/portal, issue 27): its own app with its own session under /portal.
const PortalApp = lazyScreen(() => import('./routes/portal-route'), 'PortalRoute', layoutLoading);

/** Every route of spec 01 §2 with its guard. */
export const routes: RouteObject[] = [
  { path: `${paths.portal}/*`, element: <PortalApp />, errorElement: <RouteError /> },
  // Public: whoever holds a certificate (a court, a firm) checks it without an account.
  { path: paths.verificar, element: <VerificarScreen />, errorElement: <RouteError /> },
  {
    element: <RedirectIfAuthenticated />,
    errorElement: <RouteError />,
    children: [{ path: paths.login, element: <LoginScreen /> }],
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppLayout />,
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <DashboardScreen porCobrar={<PorCobrarSlot />} solicitudes={<SolicitudesAvisoSlot />} /> },
          { path: paths.dashboardDetalle, element: <DashboardDetalleScreen /> },

          // Intake screens (features/encargos, features/estudios): swap the element of each line.
          { path: paths.nuevoEncargo, element: <NuevoEncargoScreen /> }, // intake: Nuevo Encargo
          { path: paths.importarEncargos, element: <ImportarEncargosScreen /> }, // intake: Nuevo Encargo from a spreadsheet
          { path: paths.verPendientes, element: <VerPendientesScreen /> }, // intake: Ver Pendientes
          { path: paths.reEncargos, element: <ReEncargosScreen /> }, // intake: Re-encargos
          { path: paths.administrarEstudios, element: <AdministrarEstudiosScreen /> }, // intake: Administrar Estudios
          { path: paths.registrarEstudio, element: <RegistrarEstudioScreen /> }, // intake: Registrar Estudio
          { path: paths.configuracionesEstudio, element: <ConfiguracionesEstudioScreen /> }, // intake: Configuraciones Estudio
          { path: paths.solicitudes, element: <SolicitudesScreen /> }, // intake: requests from the law-firm portal
          { path: paths.solicitud, element: <SolicitudScreen /> },

          {
            path: paths.cobranza,
            element: (
              <RequireModule module="cobranza">
                <CobranzaScreen />
              </RequireModule>
            ),
          },
          { path: paths.informes, element: <Navigate to={paths.estadisticas} replace /> },
          { path: paths.diligencias, element: <ResultadosEstampadosScreen /> },
          { path: paths.generarEstampado, element: <ResultadosEstampadosScreen /> },
          { path: paths.estampar, element: <EstamparScreen /> },
          { path: `${paths.diligencias}/*`, element: <NotFound /> },
          { path: `${paths.rutas}/*`, element: <RutasScreen /> },
          { path: paths.plantillas, element: <PlantillasScreen /> },
          {
            path: paths.resultadosDashboard,
            element: (
              <RequireModule module="estampar">
                <ResultadosDashboardScreen />
              </RequireModule>
            ),
          },
          {
            path: paths.estadisticas,
            element: (
              <RequireModule module="estadisticas">
                <EstadisticasScreen />
              </RequireModule>
            ),
          },
          {
            path: paths.permisos,
            element: (
              <RequireModule module="config_permisos">
                <PermisosScreen />
              </RequireModule>
            ),
          },
          {
            path: paths.correoSaliente,
            element: (
              <RequireModule module="config_permisos">
                <CorreoSalienteScreen />
              </RequireModule>
            ),
          },
          {
            path: paths.onboarding,
            element: (
              <RequireAdmin>
                <OnboardingScreen />
              </RequireAdmin>
            ),
          },
          { path: paths.carpetas, element: <CarpetasScreen /> },
          { path: paths.terreno, element: <TerrenoScreen /> },
          {
            path: paths.configuracionReceptor,
            element: (
              <RequireReceptorEditor>
                <ReceptorScreen />
              </RequireReceptorEditor>
            ),
          },
          { path: paths.calendario, element: <CalendarioScreen /> },
          {
            path: paths.calendarioFeriados,
            element: (
              <RequireReceptorEditor>
                <FeriadosScreen />
              </RequireReceptorEditor>
            ),
          },
          { path: paths.perfil, element: <PerfilScreen /> },
          {
            path: paths.porFirmar,
            element: (
              <RequireModule module="estampar">
                <PorFirmarScreen />
              </RequireModule>
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** What signing in shows: the layout and the dashboard. */
const landing = [AppLayout, DashboardScreen];

export function createAppRouter() {
  const { pathname } = window.location;
  if (pathname === paths.portal || pathname.startsWith(`${paths.portal}/`) || pathname.startsWith('/verificar/')) {
    // A firm's portal or the public verification page: its own chunk, none of the office's screens.
    loadScreensFor(routes, pathname);
  } else if (sessionStore.getUser()) {
    // A stored session opens straight into the app: the layout and this address's screen download
    // together (/login sends a signed-in user to the dashboard).
    loadScreensFor(routes, pathname === paths.login ? paths.home : pathname);
  } else {
    preloadScreens(landing);
    // Whoever starts typing before the browser is idle gets them at once.
    const now = () => loadScreens(landing);
    for (const type of ['input', 'keydown', 'pointerdown']) {
      window.addEventListener(type, now, { once: true, capture: true, passive: true });
    }
  }
  return createBrowserRouter(routes);
}
