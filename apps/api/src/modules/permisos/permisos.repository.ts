import { PERMISSION_CODES } from '@receptoria/contracts';
import { type ControlDb, controlSchema } from '@receptoria/db';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';

const { permisos, tenants, userPermisos, users } = controlSchema;

export async function listPermissionCodes(db: ControlDb, userId: number): Promise<string[]> {
  const rows = await db
    .select({ codigo: permisos.codigo })
    .from(userPermisos)
    .innerJoin(permisos, eq(permisos.id, userPermisos.permisoId))
    .where(eq(userPermisos.userId, userId));
  return rows.map((row) => row.codigo);
}

export async function listUserPermisos(db: ControlDb, userId: number) {
  return db
    .select({ id: permisos.id, codigo: permisos.codigo })
    .from(userPermisos)
    .innerJoin(permisos, eq(permisos.id, userPermisos.permisoId))
    .where(eq(userPermisos.userId, userId))
    .orderBy(asc(permisos.id));
}

export async function listPermisos(db: ControlDb) {
  return db.select().from(permisos).orderBy(asc(permisos.id));
}

export async function findTenantUser(db: ControlDb, tenantId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
  return row;
}

export async function listActiveTenantUsers(db: ControlDb, tenantId: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isActive, true)))
    .orderBy(asc(users.username));
}

const PERMISSION_NAMES: Record<(typeof PERMISSION_CODES)[number], string> = {
  imprime_recibos: 'Imprime recibos',
  edit_asocia_recibos: 'Edita y asocia recibos',
  rebaja_recibos: 'Rebaja recibos',
  recibos_periodo: 'Recibos por período',
  estampa_1: 'Estampa nivel 1',
  estampa_2: 'Estampa nivel 2',
  estampa_3: 'Estampa nivel 3',
  estampa_4: 'Estampa nivel 4',
  ingreso_diligencias: 'Ingreso de diligencias',
  gestiona_permisos: 'Gestiona permisos',
  informes_diarios: 'Informes diarios',
  imprime_lista: 'Imprime listas',
};

/** The permission catalogue is fixed by the product; it is written on every start. */
export async function ensurePermissionCatalogue(db: ControlDb) {
  await db
    .insert(permisos)
    .values(PERMISSION_CODES.map((codigo) => ({ codigo, nombre: PERMISSION_NAMES[codigo] })))
    .onConflictDoNothing();
}

export async function grantPermisos(db: ControlDb, userId: number, codes: readonly string[]) {
  if (codes.length === 0) return;
  const rows = await db.select({ id: permisos.id }).from(permisos).where(inArray(permisos.codigo, [...codes]));
  if (rows.length === 0) return;
  await db
    .insert(userPermisos)
    .values(rows.map((row) => ({ userId, permisoId: row.id })))
    .onConflictDoNothing();
}

export async function findPermisosByIds(db: ControlDb, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.select().from(permisos).where(inArray(permisos.id, [...ids]));
}

export async function addUserPermisos(db: ControlDb, userId: number, permisoIds: readonly number[]) {
  if (permisoIds.length === 0) return;
  await db
    .insert(userPermisos)
    .values(permisoIds.map((permisoId) => ({ userId, permisoId })))
    .onConflictDoNothing();
}

export async function removeUserPermiso(db: ControlDb, userId: number, permisoId: number) {
  await db.delete(userPermisos).where(and(eq(userPermisos.userId, userId), eq(userPermisos.permisoId, permisoId)));
}

/** Active users of the receiver other than `exceptUserId` who hold the permission. */
export async function countOtherHolders(db: ControlDb, tenantId: number, permisoId: number, exceptUserId: number) {
  const rows = await db
    .select({ userId: users.id })
    .from(userPermisos)
    .innerJoin(users, eq(users.id, userPermisos.userId))
    .where(
      and(
        eq(userPermisos.permisoId, permisoId),
        eq(users.tenantId, tenantId),
        eq(users.isActive, true),
        ne(users.id, exceptUserId),
      ),
    );
  return rows.length;
}

/** Serialises permission changes within one receiver (row lock on the receiver until the transaction ends). */
export async function lockTenantPermissions(db: ControlDb, tenantId: number) {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
}
