import {
  type ControlDb,
  type DatabaseConfig,
  type DatabaseHandle,
  type ControlSchema,
  TenantPools,
  controlLocation,
  ensureDatabase,
  migrateHandle,
  openDatabase,
} from '@receptoria/db';
import fp from 'fastify-plugin';
import type { AppConfig } from '../lib/config';

declare module 'fastify' {
  interface FastifyInstance {
    controlDb: ControlDb;
    databaseConfig: DatabaseConfig;
    tenantPools: TenantPools;
  }
}

/** Opens and migrates the control database and holds the cache of tenant databases. */
export const databasesPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const location = controlLocation(config.database);
    await ensureDatabase(location);
    const control: DatabaseHandle<ControlSchema> = await openDatabase(location, 'control');
    await migrateHandle(control, 'control');
    const pools = new TenantPools({
      max: config.tenantPool.max,
      maxPerServer: config.tenantPool.maxPerServer,
      idleMs: config.tenantPool.idleMs,
      poolSize: config.tenantPool.poolSize,
    });
    app.decorate('controlDb', control.db);
    app.decorate('databaseConfig', config.database);
    app.decorate('tenantPools', pools);
    app.addHook('onClose', async () => {
      await pools.closeAll();
      await control.close();
    });
  },
  { name: 'databases' },
);
