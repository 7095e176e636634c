import { rm } from 'node:fs/promises';
import {
  createDatabaseIfAbsent,
  type DatabaseConfig,
  type DatabaseLocation,
  dropDatabase,
  migrateHandle,
  openDatabase,
  tenantDatabaseName,
  tenantLocation,
} from '@receptoria/db';

const MAX_NAME_ATTEMPTS = 50;

/** Applies the tenant migrations to a database; nothing stays open afterwards. */
async function migrateTenantDatabase(location: DatabaseLocation): Promise<void> {
  const handle = await openDatabase(location, 'tenant', { poolSize: 1 });
  try {
    await migrateHandle(handle, 'tenant');
  } finally {
    await handle.close();
  }
}

/**
 * Creates a brand-new database for a receiver and migrates it. A name already used by a receiver
 * or by any existing database is skipped (the next `_2`, `_3` … is tried): a database this call did
 * not create is never reused and never dropped. When migrating fails, the database just created is
 * removed again.
 */
export async function provisionNewTenantDatabase(
  config: DatabaseConfig,
  nombre: string,
  nameTaken: (name: string) => Promise<boolean>,
  servidorId?: number,
): Promise<{ databaseName: string; location: DatabaseLocation }> {
  const base = tenantDatabaseName(config, nombre);
  for (let attempt = 1; attempt <= MAX_NAME_ATTEMPTS; attempt += 1) {
    const databaseName = attempt === 1 ? base : `${base.slice(0, 58)}_${attempt}`;
    if (await nameTaken(databaseName)) continue;
    const location = tenantLocation(config, { databaseName, databaseUrl: null, servidorId });
    if (!(await createDatabaseIfAbsent(location))) continue;
    try {
      await migrateTenantDatabase(location);
    } catch (error) {
      await removeTenantDatabase(location).catch(() => undefined);
      throw error;
    }
    return { databaseName, location };
  }
  throw new Error('no free database name for the new receiver');
}

/** Removes a receiver's database (PostgreSQL) or its data folder (embedded). Only for databases we created. */
export async function removeTenantDatabase(location: DatabaseLocation): Promise<void> {
  if (location.kind === 'postgres') {
    await dropDatabase(location);
    return;
  }
  if (location.dataDir !== 'memory://') await rm(location.dataDir, { recursive: true, force: true });
}
