import {
  ADMIN_USERNAME,
  type AsignarPermisosInput,
  commonMessages,
  hasModule,
  permisoMessages,
  type RevocarPermisoInput,
} from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordControlAudit } from '../auditoria/auditoria.service';
import {
  addUserPermisos,
  countOtherHolders,
  findPermisosByIds,
  findTenantUser,
  listActiveTenantUsers,
  listPermissionCodes,
  listUserPermisos,
  lockTenantPermissions,
  removeUserPermiso,
} from './permisos.repository';

interface Actor {
  userId: number;
  tenantId: number;
  username: string;
}

/** The code that opens the permission matrix itself (spec 02 §6, group Config Permisos). */
const MANAGE_CODE = 'gestiona_permisos';

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
  if (!user) throw new AppError('NOT_FOUND', permisoMessages.usuarioNoEncontrado);
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

/** The user whose permissions change: of the caller's receiver, and never admin (who holds every module). */
async function changeableUser(db: ControlDb, actor: Actor, userId: number) {
  const user = await findTenantUser(db, actor.tenantId, userId);
  if (!user) throw new AppError('NOT_FOUND', permisoMessages.usuarioNoEncontrado);
  if (user.username === ADMIN_USERNAME) throw new AppError('BAD_REQUEST', permisoMessages.adminInmutable);
  return user;
}

/** Unknown ids refuse the whole request, so nothing is stored. */
async function knownPermisos(db: ControlDb, ids: readonly number[], field: string) {
  const unique = [...new Set(ids)];
  const found = await findPermisosByIds(db, unique);
  const missing = unique.filter((id) => !found.some((permiso) => permiso.id === id));
  if (missing.length > 0) {
    const message = permisoMessages.permisosInexistentes(missing);
    throw new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });
  }
  return found;
}

/** Grants the permissions (already held ones stay as they are) and answers the user's new list. */
export async function assignPermisos(
  db: ControlDb,
  actor: Actor,
  userId: number,
  input: AsignarPermisosInput,
  from: AuditActor = SYSTEM_ACTOR,
) {
  return db.transaction(async (tx) => {
    await lockTenantPermissions(tx, actor.tenantId);
    const user = await changeableUser(tx, actor, userId);
    const permisos = await knownPermisos(tx, input.permisos_ids, 'permisos_ids');
    const before = await listUserPermisos(tx, user.id);
    await addUserPermisos(
      tx,
      user.id,
      permisos.map((permiso) => permiso.id),
    );
    const after = await listUserPermisos(tx, user.id);
    await auditPermisos(tx, actor.tenantId, from, user.id, 'asignar_permisos', before, after);
    return after;
  });
}

/** Records the change of a user's permission codes (nothing when none changed). */
async function auditPermisos(
  tx: ControlDb,
  tenantId: number,
  from: AuditActor,
  userId: number,
  accion: string,
  before: { codigo: string }[],
  after: { codigo: string }[],
) {
  const cambios = diffFields(
    { permisos: before.map((p) => p.codigo) },
    { permisos: after.map((p) => p.codigo) },
  );
  if (Object.keys(cambios).length === 0) return;
  await recordControlAudit(tx, tenantId, from, { entidad: 'usuario', entidadId: userId, accion, cambios });
}

/**
 * Revokes one permission (revoking one not held changes nothing) and answers the user's new list.
 * A manager cannot drop their own gestiona_permisos while nobody else in the receiver holds it.
 */
export async function revokePermiso(
  db: ControlDb,
  actor: Actor,
  userId: number,
  input: RevocarPermisoInput,
  from: AuditActor = SYSTEM_ACTOR,
) {
  return db.transaction(async (tx) => {
    await lockTenantPermissions(tx, actor.tenantId);
    const user = await changeableUser(tx, actor, userId);
    const [permiso] = await knownPermisos(tx, [input.permiso_id], 'permiso_id');
    if (!permiso) throw new AppError('BAD_REQUEST', permisoMessages.permisoInvalido);
    if (user.id === actor.userId && permiso.codigo === MANAGE_CODE) {
      const others = await countOtherHolders(tx, actor.tenantId, permiso.id, user.id);
      if (others === 0) throw new AppError('BAD_REQUEST', permisoMessages.ultimoGestor);
    }
    const before = await listUserPermisos(tx, user.id);
    await removeUserPermiso(tx, user.id, permiso.id);
    const after = await listUserPermisos(tx, user.id);
    await auditPermisos(tx, actor.tenantId, from, user.id, 'revocar_permiso', before, after);
    return after;
  });
}
