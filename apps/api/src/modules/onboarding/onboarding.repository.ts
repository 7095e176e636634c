import { type ControlDb, controlSchema } from '@receptoria/db';
import { asc, count, eq, sql } from 'drizzle-orm';

const { tenants, users } = controlSchema;

export type TenantRow = typeof tenants.$inferSelect;
export type TenantValues = typeof tenants.$inferInsert;
export type UserRow = typeof users.$inferSelect;

/** Every receiver with how many users it has, oldest first. */
export async function listTenantsWithUserCount(db: ControlDb) {
  return db
    .select({ tenant: tenants, numUsuarios: count(users.id) })
    .from(tenants)
    .leftJoin(users, eq(users.tenantId, tenants.id))
    .groupBy(tenants.id)
    .orderBy(asc(tenants.id));
}

export async function countTenantsAndUsers(db: ControlDb) {
  const [receptores] = await db
    .select({ total: count(), activos: sql<number>`(count(*) filter (where ${tenants.activo}))::int` })
    .from(tenants);
  const [usuarios] = await db.select({ total: count() }).from(users);
  return {
    receptores: receptores?.total ?? 0,
    activos: Number(receptores?.activos ?? 0),
    usuarios: usuarios?.total ?? 0,
  };
}

export async function findTenant(db: ControlDb, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function findTenantByRut(db: ControlDb, rut: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(sql`upper(${tenants.rut}) = upper(${rut})`);
  return row;
}

export async function insertTenant(db: ControlDb, values: TenantValues): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

export async function updateTenant(db: ControlDb, id: number, values: Partial<TenantValues>): Promise<TenantRow | undefined> {
  const [row] = await db.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row;
}

export async function listTenantUsers(db: ControlDb, tenantId: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.id));
}

export async function databaseNameTaken(db: ControlDb, databaseName: string): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.databaseName, databaseName));
  return Boolean(row);
}

export async function usernameTaken(db: ControlDb, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return Boolean(row);
}

/** Locks a receiver's row for a change (optimistic-concurrency check and audit snapshot). */
export async function lockTenant(db: ControlDb, id: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).for('update');
  return row;
}
