import path from 'node:path';
import { type DatabaseLocation, databaseNameOf, withDatabaseName } from './connect';

/** How this installation reaches its databases: a PostgreSQL server, or PGlite folders under `dataDir`. */
export interface DatabaseConfig {
  /** Control database URL; when absent every database is an embedded PGlite folder. */
  controlUrl?: string;
  dataDir: string;
  /**
   * The receivers' database servers by id (table `servidores`): the decrypted connection URL, or null for
   * the control database's own server. Absent: every receiver lives beside the control database.
   */
  servidores?: Map<number, string | null>;
}

/** The row `principal` of `servidores` (migration 0010): the control database's own server. */
export const PRINCIPAL_SERVER_ID = 1;

/** A receiver names a database server this process does not know (yet). */
export class UnknownServerError extends Error {
  constructor(readonly servidorId: number) {
    super(`unknown database server ${servidorId}`);
  }
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
  tenant: { databaseName: string; databaseUrl: string | null; servidorId?: number | null },
): DatabaseLocation {
  if (tenant.databaseUrl) return { kind: 'postgres', url: tenant.databaseUrl };
  // Server 1 ('principal') is the control database's own; any other must be known (read from
  // `servidores`), never guessed: a stale copy left on the control's server must not be opened instead.
  if (tenant.servidorId != null && tenant.servidorId !== PRINCIPAL_SERVER_ID) {
    const serverUrl = config.servidores?.get(tenant.servidorId);
    if (!serverUrl) throw new UnknownServerError(tenant.servidorId);
    return { kind: 'postgres', url: withDatabaseName(serverUrl, tenant.databaseName) };
  }
  if (config.controlUrl) return { kind: 'postgres', url: withDatabaseName(config.controlUrl, tenant.databaseName) };
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'tenants', tenant.databaseName) };
}
