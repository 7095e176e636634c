// Plain data and rules with no zod: the web app's first page imports this file on its own.

/** Permission codes known to the product (spec 01 §3, 02 §6). */
export const PERMISSION_CODES = [
  'imprime_recibos',
  'edit_asocia_recibos',
  'rebaja_recibos',
  'recibos_periodo',
  'estampa_1',
  'estampa_2',
  'estampa_3',
  'estampa_4',
  'ingreso_diligencias',
  'gestiona_permisos',
  'informes_diarios',
  'imprime_lista',
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** Module access: any one of the codes suffices (spec 01 §6). A module without a rule is open. */
export const MODULE_PERMISSIONS = {
  cobranza: ['imprime_recibos', 'edit_asocia_recibos', 'rebaja_recibos', 'recibos_periodo'],
  estampar: ['estampa_1', 'estampa_2', 'estampa_3', 'estampa_4', 'ingreso_diligencias'],
  config_permisos: ['gestiona_permisos'],
  estadisticas: ['informes_diarios', 'imprime_lista'],
} as const satisfies Record<string, readonly PermissionCode[]>;
export type ModuleName = keyof typeof MODULE_PERMISSIONS;

/** Groups of the permission matrix (spec 02 §6), in display order. */
export const PERMISSION_GROUPS = [
  { module: 'cobranza', label: 'Cobranza' },
  { module: 'estampar', label: 'Estampar' },
  { module: 'config_permisos', label: 'Config Permisos' },
  { module: 'estadisticas', label: 'Estadísticas' },
] as const satisfies readonly { module: ModuleName; label: string }[];

export const ADMIN_USERNAME = 'admin';

export function hasModule(
  user: { username: string },
  codes: readonly string[],
  module: ModuleName | string,
): boolean {
  if (user.username === ADMIN_USERNAME) return true;
  const rule = (MODULE_PERMISSIONS as Record<string, readonly string[]>)[module];
  if (!rule) return true;
  return rule.some((code) => codes.includes(code));
}
