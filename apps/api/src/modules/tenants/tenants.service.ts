import {
  type ControlDb,
  controlSchema,
  type DatabaseConfig,
  ensureDatabase,
  type TenantDb,
  type TenantPools,
  tenantDatabaseName,
  tenantLocation,
} from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../auth/passwords';
import { grantPermisos } from '../permisos/permisos.repository';

const { tenants, users } = controlSchema;

export interface TenantInput {
  nombre: string;
  rut?: string;
  direccion?: string;
  comuna?: string;
  telefono?: string;
  email?: string;
  databaseUrl?: string | null;
  carpetaPrincipalUrl?: string;
  carpetaCobranzaUrl?: string;
  carpetaEstampadosUrl?: string;
  carpetaPlantillasUrl?: string;
}

export interface UserInput {
  tenantId: number;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  cargo?: 'receptor' | 'secretaria';
  isActive?: boolean;
  permisos?: readonly string[];
}

interface Context {
  controlDb: ControlDb;
  databaseConfig: DatabaseConfig;
  tenantPools: TenantPools;
}

export async function uniqueDatabaseName(ctx: Pick<Context, 'controlDb' | 'databaseConfig'>, nombre: string): Promise<string> {
  const base = tenantDatabaseName(ctx.databaseConfig, nombre);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? base : `${base.slice(0, 58)}_${attempt}`;
    const [taken] = await ctx.controlDb
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.databaseName, candidate));
    if (!taken) return candidate;
  }
}

/** Registers a receiver, creates its database and migrates it; the database is ready on return. */
export async function createTenant(ctx: Context, input: TenantInput) {
  const databaseName = await uniqueDatabaseName(ctx, input.nombre);
  const [tenant] = await ctx.controlDb
    .insert(tenants)
    .values({ ...input, databaseName, databaseUrl: input.databaseUrl ?? null })
    .returning();
  if (!tenant) throw new Error('tenant insert returned nothing');
  try {
    const location = tenantLocation(ctx.databaseConfig, tenant);
    await ensureDatabase(location);
    await ctx.tenantPools.get(location);
  } catch (error) {
    await ctx.controlDb.delete(tenants).where(eq(tenants.id, tenant.id));
    throw error;
  }
  return tenant;
}

export async function tenantDb(ctx: Context, tenant: typeof tenants.$inferSelect): Promise<TenantDb> {
  return ctx.tenantPools.get(tenantLocation(ctx.databaseConfig, tenant));
}

export async function createUser(ctx: Pick<Context, 'controlDb'>, input: UserInput) {
  const [existing] = await ctx.controlDb
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (existing) throw new AppError('CONFLICT', 'Ya existe un usuario con ese nombre de usuario.');
  const [user] = await ctx.controlDb
    .insert(users)
    .values({
      tenantId: input.tenantId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      email: input.email ?? '',
      cargo: input.cargo ?? 'receptor',
      isActive: input.isActive ?? true,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  await grantPermisos(ctx.controlDb, user.id, input.permisos ?? []);
  return user;
}

export async function listTenants(db: ControlDb) {
  return db.select().from(tenants).orderBy(asc(tenants.id));
}
