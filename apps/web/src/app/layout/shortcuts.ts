import {
  IconBuildingBank,
  IconCalendar,
  IconCalendarCog,
  IconCash,
  IconFileCertificate,
  IconFilePlus,
  IconFileSpreadsheet,
  IconFolders,
  IconChartBar,
  IconFileDescription,
  IconFileTypePdf,
  IconId,
  IconListCheck,
  IconMail,
  IconMapPin,
  IconRefresh,
  IconRoute,
  IconSettings,
  IconUser,
  IconUserShield,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ModuleName } from '@receptoria/contracts/permisos/modules';
import type { ComponentType } from 'react';
import { paths } from '../../config/paths';

export interface Shortcut {
  label: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  adminOnly?: boolean;
  /** Only for those who may edit the receiver's identity (canEditReceptor). */
  receptorOnly?: boolean;
}

/** The shortcuts menu, in the order of spec 01 §1. */
export const shortcuts: readonly Shortcut[] = [
  { label: 'Ver Pendientes', path: paths.verPendientes, icon: IconListCheck },
  { label: 'Re-encargos', path: paths.reEncargos, icon: IconRefresh },
  { label: 'Configurar Estudios', path: paths.configuracionesEstudio, icon: IconSettings },
  { label: 'Registrar Estudios', path: paths.registrarEstudio, icon: IconBuildingBank },
  { label: 'Estadísticas e Informes', path: paths.estadisticas, icon: IconChartBar },
  { label: 'Generar Ruta', path: paths.rutas, icon: IconRoute },
  { label: 'Plantillas', path: paths.plantillas, icon: IconFileDescription },
  { label: 'Usuarios y Permisos', path: paths.permisos, icon: IconUserShield },
  { label: 'Correo saliente', path: paths.correoSaliente, icon: IconMail },
  { label: 'Mis datos de receptor', path: paths.configuracionReceptor, icon: IconId, receptorOnly: true },
  { label: 'Feriados y plazos', path: paths.calendarioFeriados, icon: IconCalendarCog, receptorOnly: true },
  { label: 'Mi perfil', path: paths.perfil, icon: IconUser },
  { label: 'Sistema Multi-Tenant', path: paths.onboarding, icon: IconUsersGroup, adminOnly: true },
];

export function shortcutsFor(isAdmin: boolean, receptorEditor: boolean = isAdmin): Shortcut[] {
  return shortcuts.filter((shortcut) => (!shortcut.adminOnly || isAdmin) && (!shortcut.receptorOnly || receptorEditor));
}

export interface ModuleShortcut {
  label: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The permission module the screen needs (as the dashboard's cards). */
  module?: ModuleName;
}

/**
 * The dashboard's module screens, first in the menu so a phone reaches them without scrolling the
 * dashboard; only those the user may open.
 */
export const moduleShortcuts: readonly ModuleShortcut[] = [
  { label: 'Nuevo Encargo', path: paths.nuevoEncargo, icon: IconFilePlus },
  { label: 'Importar encargos', path: paths.importarEncargos, icon: IconFileSpreadsheet },
  { label: 'Resultados y Estampados', path: paths.diligencias, icon: IconFileCertificate, module: 'estampar' },
  { label: 'Por firmar', path: paths.porFirmar, icon: IconFileTypePdf, module: 'estampar' },
  // Field work is done by those who stamp: the receiver and its staff with the Estampar module.
  { label: 'Terreno', path: paths.terreno, icon: IconMapPin, module: 'estampar' },
  { label: 'Cobranza', path: paths.cobranza, icon: IconCash, module: 'cobranza' },
  { label: 'Carpetas', path: paths.carpetas, icon: IconFolders },
  { label: 'Calendario', path: paths.calendario, icon: IconCalendar },
];

export function moduleShortcutsFor(hasModule: (module: ModuleName) => boolean): ModuleShortcut[] {
  return moduleShortcuts.filter((shortcut) => !shortcut.module || hasModule(shortcut.module));
}
