import { z } from 'zod';
import { permisoMessages } from './messages';
import { MODULE_PERMISSIONS, type ModuleName, PERMISSION_GROUPS } from './modules';

/** One permission code of a user (spec 01 §6). */
export const PermisoSchema = z.object({ id: z.number().int(), codigo: z.string() });
export type Permiso = z.infer<typeof PermisoSchema>;
export const PermisoListSchema = z.array(PermisoSchema);

/** A user of the receiver as the permission matrix lists it (spec 02 §3 User). */
export const UsuarioSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cargo: z.enum(['receptor', 'secretaria']),
  is_active: z.boolean(),
});
export type Usuario = z.infer<typeof UsuarioSchema>;

export const UsuarioListSchema = z.object({
  count: z.number().int(),
  results: z.array(UsuarioSchema),
});
export type UsuarioList = z.infer<typeof UsuarioListSchema>;

/** An entry of the permission catalogue (spec 02 §3 Permission). */
export const PermisoCatalogoSchema = z.object({ id: z.number().int(), codigo: z.string(), nombre: z.string() });
export type PermisoCatalogo = z.infer<typeof PermisoCatalogoSchema>;
export const PermisoCatalogoListSchema = z.array(PermisoCatalogoSchema);

const permisoId = z
  .number({ error: permisoMessages.permisoInvalido })
  .int(permisoMessages.permisoInvalido)
  .positive(permisoMessages.permisoInvalido)
  .max(2_147_483_647, permisoMessages.permisoInvalido);

/** Body of POST /configuracion/usuarios/{id}/asignar_permisos/. */
export const AsignarPermisosSchema = z.object({
  permisos_ids: z
    .array(permisoId, { error: permisoMessages.permisosRequeridos })
    .min(1, permisoMessages.permisosRequeridos)
    .max(100, permisoMessages.demasiadosPermisos),
});
export type AsignarPermisosInput = z.infer<typeof AsignarPermisosSchema>;

/** Body of POST /configuracion/usuarios/{id}/revocar_permiso/. */
export const RevocarPermisoSchema = z.object({
  permiso_id: permisoId,
});
export type RevocarPermisoInput = z.infer<typeof RevocarPermisoSchema>;

/** Codes a matrix column grants or revokes as one. */
export function groupCodes(module: ModuleName): readonly string[] {
  return MODULE_PERMISSIONS[module];
}

/** A group shows as checked when the user holds any of its codes (spec 02 §6). */
export function holdsGroup(codes: readonly string[], module: ModuleName): boolean {
  return groupCodes(module).some((code) => codes.includes(code));
}

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];
