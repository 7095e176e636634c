import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { LoginScreen } from '../features/auth/components/login-screen';
import { CarpetasScreen } from '../features/carpetas/components/carpetas-screen';
import { DashboardScreen } from '../features/dashboard/components/dashboard-screen';
import { NuevoEncargoScreen } from '../features/encargos/components/nuevo-encargo-screen';
import { ReEncargosScreen } from '../features/encargos/components/re-encargos-screen';
import { VerPendientesScreen } from '../features/encargos/components/ver-pendientes-screen';
import { AdministrarEstudiosScreen } from '../features/estudios/components/administrar-estudios-screen';
import { ConfiguracionesEstudioScreen } from '../features/estudios/components/configuraciones-estudio-screen';
import { RegistrarEstudioScreen } from '../features/estudios/components/registrar-estudio-screen';
import { OnboardingScreen } from '../features/onboarding/components/onboarding-screen';
import { PermisosScreen } from '../features/permisos/components/permisos-screen';
import { RedirectIfAuthenticated, RequireAuth } from './guards/require-auth';
import { RequireAdmin, RequireModule } from './guards/require-module';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './routes/not-found';
import { PendingScreen } from './routes/pending-screen';
import { RouteError } from './routes/route-error';

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

          // Intake screens (features/encargos, features/estudios): swap the element of each line.
          { path: paths.nuevoEncargo, element: <NuevoEncargoScreen /> }, // intake: Nuevo Encargo
          { path: paths.verPendientes, element: <VerPendientesScreen /> }, // intake: Ver Pendientes
          { path: paths.reEncargos, element: <ReEncargosScreen /> }, // intake: Re-encargos
          { path: paths.administrarEstudios, element: <AdministrarEstudiosScreen /> }, // intake: Administrar Estudios
          { path: paths.registrarEstudio, element: <RegistrarEstudioScreen /> }, // intake: Registrar Estudio
          { path: paths.configuracionesEstudio, element: <ConfiguracionesEstudioScreen /> }, // intake: Configuraciones Estudio

          {
            path: paths.cobranza,
            element: (
              <RequireModule module="cobranza">
                <PendingScreen title="Cobranza" />
              </RequireModule>
            ),
          },
          { path: paths.informes, element: <Navigate to={paths.estadisticas} replace /> },
          { path: paths.diligencias, element: <PendingScreen title="Resultados y Estampados" /> },
          { path: `${paths.diligencias}/*`, element: <PendingScreen title="Resultados y Estampados" /> },
          { path: `${paths.rutas}/*`, element: <PendingScreen title="Generar Rutas" /> },
          { path: paths.plantillas, element: <PendingScreen title="Gestión de Plantillas" /> },
          {
            path: paths.resultadosDashboard,
            element: (
              <RequireModule module="estampar">
                <PendingScreen title="Resultados" />
              </RequireModule>
            ),
          },
          {
            path: paths.estadisticas,
            element: (
              <RequireModule module="estadisticas">
                <PendingScreen title="Estadísticas e Informes" />
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
