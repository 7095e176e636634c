import { rm } from 'node:fs/promises';
import { type DatabaseLocation, dropDatabase, ensureDatabase, migrateHandle, openDatabase } from '@receptoria/db';

/** Creates a receiver's database and applies the tenant migrations; nothing stays open afterwards. */
export async function provisionTenantDatabase(location: DatabaseLocation): Promise<void> {
  await ensureDatabase(location);
  const handle = await openDatabase(location, 'tenant', { poolSize: 1 });
  try {
    await migrateHandle(handle, 'tenant');
  } finally {
    await handle.close();
  }
}

/** Removes a receiver's database (PostgreSQL) or its data folder (embedded). */
export async function removeTenantDatabase(location: DatabaseLocation): Promise<void> {
  if (location.kind === 'postgres') {
    await dropDatabase(location);
    return;
  }
  if (location.dataDir !== 'memory://') await rm(location.dataDir, { recursive: true, force: true });
}
