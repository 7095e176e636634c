import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';

const PRODUCT = 'Receptoría';

/** Screen names for the browser tab, longest path first so /diligencias/estampar wins over /diligencias. */
const SCREEN_TITLES: readonly (readonly [string, string])[] = [
  [paths.generarEstampado, 'Generar Estampado'],
  [paths.estampar, 'Estampar'],
  [paths.nuevoEncargo, 'Nuevo Encargo'],
  [paths.verPendientes, 'Ver Pendientes'],
  [paths.reEncargos, 'Re-encargos'],
  [paths.administrarEstudios, 'Administrar Estudios'],
  [paths.registrarEstudio, 'Registrar Estudio'],
  [paths.configuracionesEstudio, 'Configuraciones Estudio'],
  [paths.cobranza, 'Cobranza'],
  [paths.diligencias, 'Resultados y Estampados'],
  [paths.rutas, 'Generar Ruta'],
  [paths.plantillas, 'Plantillas'],
  [paths.resultadosDashboard, 'Resultados'],
  [paths.estadisticas, 'Estadísticas e Informes'],
  [paths.permisos, 'Usuarios y Permisos'],
  [paths.onboarding, 'Sistema Multi-Tenant'],
  [paths.carpetas, 'Carpetas'],
  ['/dashboard/detalle', 'Detalle del Dashboard'],
  [paths.login, 'Acceso al Sistema'],
];

export function screenTitle(pathname: string): string {
  if (pathname === paths.home) return `Inicio · ${PRODUCT}`;
  const match = SCREEN_TITLES.find(([path]) => pathname === path || pathname.startsWith(`${path}/`));
  return match ? `${match[1]} · ${PRODUCT}` : PRODUCT;
}

/** Names the current screen in the browser tab. */
export function useScreenTitle() {
  const { pathname } = useLocation();
  useDocumentTitle(screenTitle(pathname));
}
