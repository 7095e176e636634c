import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';

const PRODUCT = 'Receptoría';

/** Screen names for the browser tab (exact paths): the screen's own heading. */
const SCREEN_TITLES: readonly (readonly [string, string])[] = [
  [paths.generarEstampado, 'Resultados y Estampados'],
  [paths.estampar, 'Generar Estampado'],
  [paths.nuevoEncargo, 'Nuevo Encargo'],
  [paths.importarEncargos, 'Importar encargos'],
  [paths.verPendientes, 'Ver Pendientes'],
  [paths.reEncargos, 'Re-encargos'],
  [paths.administrarEstudios, 'Administrar Estudios'],
  [paths.registrarEstudio, 'Registrar Estudio'],
  [paths.configuracionesEstudio, 'Configuraciones Estudio'],
  [paths.cobranza, 'Cobranza'],
  [paths.diligencias, 'Resultados y Estampados'],
  [paths.rutas, 'Generar Rutas'],
  [paths.plantillas, 'Gestión de Plantillas'],
  [paths.resultadosDashboard, 'Resultados'],
  [paths.estadisticas, 'Estadísticas e Informes'],
  [paths.permisos, 'Usuarios y Permisos'],
  [paths.correoSaliente, 'Correo saliente'],
  [paths.onboarding, 'Sistema Multi-Tenant'],
  [paths.carpetas, 'Carpetas'],
  [paths.terreno, 'Terreno'],
  [paths.configuracionReceptor, 'Mis datos de receptor'],
  [paths.calendario, 'Calendario'],
  [paths.calendarioFeriados, 'Feriados y plazos'],
  [paths.perfil, 'Mi perfil'],
  [paths.porFirmar, 'Por firmar'],
  [paths.solicitudes, 'Solicitudes'],
  [paths.login, 'Acceso al Sistema'],
];

/** Screens that also answer the addresses below them (a route with `/*` or a parameter). */
const SCREEN_TITLE_PREFIXES: readonly (readonly [string, string])[] = [
  [paths.rutas, 'Generar Rutas'],
  ['/dashboard/detalle', 'Detalle del Dashboard'],
  ['/verificar', 'Verificación de certificado'],
  // A request opens in Nuevo Encargo.
  [paths.solicitudes, 'Nuevo Encargo'],
  // The law-firm portal names its own screens; this is its name outside them.
  [paths.portal, 'Portal de estudios'],
];

/** What the tab says on an address no screen answers (the 'Página no encontrada' screen). */
export const NOT_FOUND_TITLE = `Página no encontrada · ${PRODUCT}`;

export function screenTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.home) return `Inicio · ${PRODUCT}`;
  const match =
    SCREEN_TITLES.find(([screen]) => path === screen) ??
    SCREEN_TITLE_PREFIXES.find(([screen]) => path === screen || path.startsWith(`${screen}/`));
  return match ? `${match[1]} · ${PRODUCT}` : NOT_FOUND_TITLE;
}

/** Names the current screen in the browser tab. */
export function useScreenTitle() {
  const { pathname } = useLocation();
  useDocumentTitle(screenTitle(pathname));
}
