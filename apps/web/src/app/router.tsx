import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
// Login, the layout and the dashboard (where login lands) stay in the entry chunk: signing in shows the
// dashboard (and its welcome toast) without waiting for another download.
import { LoginScreen } from '../features/auth/components/login-screen';
import { DashboardScreen } from '../features/dashboard/components/dashboard-screen';
import { RedirectIfAuthenticated, RequireAuth } from './guards/require-auth';
import { RequireAdmin, RequireModule } from './guards/require-module';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './routes/not-found';
import { lazyScreen } from './routes/lazy-screen';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk, loaded on first visit: add new screens the same way (one line each).
const DashboardDetalleScreen = lazyScreen(
  () => import('../features/dashboard/components/dashboard-detalle-screen'),
  'DashboardDetalleScreen',
);
const InformesPanel = lazyScreen(() => import('../features/informes/components/informes-panel'), 'InformesPanel');
const NuevoEncargoScreen = lazyScreen(() => import('../features/encargos/components/nuevo-encargo-screen'), 'NuevoEncargoScreen');
const ReEncargosScreen = lazyScreen(() => import('../features/encargos/components/re-encargos-screen'), 'ReEncargosScreen');
const HistorialPanel = lazyScreen(() => import('../features/auditoria/components/historial-panel'), 'HistorialPanel');
const VerPendientesScreen = lazyScreen(() => import('../features/encargos/components/ver-pendientes-screen'), 'VerPendientesScreen');
const AdministrarEstudiosScreen = lazyScreen(
  () => import('../features/estudios/components/administrar-estudios-screen'),
  'AdministrarEstudiosScreen',
);
const ConfiguracionesEstudioScreen = lazyScreen(
  () => import('../features/estudios/components/configuraciones-estudio-screen'),
  'ConfiguracionesEstudioScreen',
);
const RegistrarEstudioScreen = lazyScreen(
  () => import('../features/estudios/components/registrar-estudio-screen'),
  'RegistrarEstudioScreen',
);
const OnboardingScreen = lazyScreen(() => import('../features/onboarding/components/onboarding-screen'), 'OnboardingScreen');
const PermisosScreen = lazyScreen(() => import('../features/permisos/components/permisos-screen'), 'PermisosScreen');
const CarpetasScreen = lazyScreen(() => import('../features/carpetas/components/carpetas-screen'), 'CarpetasScreen');
const CobranzaScreen = lazyScreen(() => import('../features/cobranza/components/cobranza-screen'), 'CobranzaScreen');
const RutasScreen = lazyScreen(() => import('../features/rutas/components/rutas-screen'), 'RutasScreen');
const EstadisticasScreen = lazyScreen(() => import('../features/estadisticas/components/estadisticas-screen'), 'EstadisticasScreen');
// Results and stamps (features/diligencias, plantillas, resultados).
const ResultadosEstampadosScreen = lazyScreen(
  () => import('../features/diligencias/components/resultados-estampados-screen'),
  'ResultadosEstampadosScreen',
);
const EstamparScreen = lazyScreen(() => import('../features/diligencias/components/estampar-screen'), 'EstamparScreen');
const PlantillasScreen = lazyScreen(() => import('../features/plantillas/components/plantillas-screen'), 'PlantillasScreen');
const ResultadosDashboardScreen = lazyScreen(
  () => import('../features/resultados/components/resultados-dashboard-screen'),
  'ResultadosDashboardScreen',
);

/** Every route of spec 01 §2 with its guard. */
export const routes: RouteObject[] = [
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
          { path: paths.home, element: <DashboardScreen /> },
          { path: paths.dashboardDetalle, element: <DashboardDetalleScreen /> },

          // Intake screens (features/encargos, features/estudios): swap the element of each line.
          { path: paths.nuevoEncargo, element: <NuevoEncargoScreen /> }, // intake: Nuevo Encargo
          { path: paths.verPendientes, element: <VerPendientesScreen /> }, // intake: Ver Pendientes
          {
            path: paths.reEncargos,
            element: <ReEncargosScreen historialPanel={(encargo) => <HistorialPanel entidad="encargo" id={encargo.id} />} />,
          }, // intake: Re-encargos
          { path: paths.administrarEstudios, element: <AdministrarEstudiosScreen /> }, // intake: Administrar Estudios
          { path: paths.registrarEstudio, element: <RegistrarEstudioScreen /> }, // intake: Registrar Estudio
          {
            path: paths.configuracionesEstudio,
            element: <ConfiguracionesEstudioScreen informesPanel={(estudio) => <InformesPanel estudio={estudio} />} />,
          }, // intake: Configuraciones Estudio

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
            path: paths.onboarding,
            element: (
              <RequireAdmin>
                <OnboardingScreen />
              </RequireAdmin>
            ),
          },
          { path: paths.carpetas, element: <CarpetasScreen /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
