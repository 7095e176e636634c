import { commonMessages, hasModule } from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import {
  findTenantUser,
  listActiveTenantUsers,
  listPermissionCodes,
  listUserPermisos,
} from './permisos.repository';

interface Actor {
  userId: number;
  tenantId: number;
  username: string;
}

export const userNotFound = 'Usuario no encontrado.';

/**
 * A user always reads their own permissions (the web needs them to draw the menu);
 * reading someone else's needs the config_permisos module, and only within the same receiver.
 */
export async function getUserPermisos(db: ControlDb, actor: Actor, userId: number) {
  if (userId !== actor.userId) {
    const codes = await listPermissionCodes(db, actor.userId);
    if (!hasModule(actor, codes, 'config_permisos')) throw new AppError('FORBIDDEN', commonMessages.forbidden);
  }
  const user = await findTenantUser(db, actor.tenantId, userId);
  if (!user) throw new AppError('NOT_FOUND', userNotFound);
  return listUserPermisos(db, userId);
}

export async function listUsers(db: ControlDb, actor: Actor) {
  const rows = await listActiveTenantUsers(db, actor.tenantId);
  return {
    count: rows.length,
    results: rows.map((user) => ({
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      cargo: user.cargo,
      is_active: user.isActive,
    })),
  };
}
