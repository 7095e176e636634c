import {
  IconBuildingBank,
  IconChartBar,
  IconFileDescription,
  IconId,
  IconListCheck,
  IconRefresh,
  IconRoute,
  IconSettings,
  IconUserShield,
  IconUsersGroup,
} from '@tabler/icons-react';
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
  { label: 'Mis datos de receptor', path: paths.configuracionReceptor, icon: IconId, receptorOnly: true },
  { label: 'Sistema Multi-Tenant', path: paths.onboarding, icon: IconUsersGroup, adminOnly: true },
];

export function shortcutsFor(isAdmin: boolean, receptorEditor: boolean = isAdmin): Shortcut[] {
  return shortcuts.filter((shortcut) => (!shortcut.adminOnly || isAdmin) && (!shortcut.receptorOnly || receptorEditor));
}
