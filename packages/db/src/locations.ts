import path from 'node:path';
import { type DatabaseLocation, databaseNameOf, withDatabaseName } from './connect';

/** How this installation reaches its databases: a PostgreSQL server, or PGlite folders under `dataDir`. */
export interface DatabaseConfig {
  /** Control database URL; when absent every database is an embedded PGlite folder. */
  controlUrl?: string;
  dataDir: string;
}

export function controlLocation(config: DatabaseConfig): DatabaseLocation {
  return config.controlUrl
    ? { kind: 'postgres', url: config.controlUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'control') };
}

/** Tenant databases are named after the control database, so one server can host several installations. */
export function tenantDatabaseName(config: DatabaseConfig, slug: string): string {
  const base = config.controlUrl ? databaseNameOf(config.controlUrl) : 'receptoria';
  const clean = slug
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${base}_${clean || 'receptor'}`.slice(0, 63);
}

export function tenantLocation(
  config: DatabaseConfig,
  tenant: { databaseName: string; databaseUrl: string | null },
): DatabaseLocation {
  if (tenant.databaseUrl) return { kind: 'postgres', url: tenant.databaseUrl };
  if (config.controlUrl) return { kind: 'postgres', url: withDatabaseName(config.controlUrl, tenant.databaseName) };
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'tenants', tenant.databaseName) };
}
