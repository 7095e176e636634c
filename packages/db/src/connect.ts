import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { autoPrepare } from './auto-prepare';
import * as controlSchema from './control/schema';
import * as tenantSchema from './tenant/schema';

export type ControlSchema = typeof controlSchema;
export type TenantSchema = typeof tenantSchema;
export type ControlDb = PgDatabase<PgQueryResultHKT, ControlSchema>;
export type TenantDb = PgDatabase<PgQueryResultHKT, TenantSchema>;
export type SchemaKind = 'control' | 'tenant';

/** Where a database lives: a PostgreSQL server or an embedded PGlite data directory. */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string };

export interface DatabaseHandle<S extends Record<string, unknown>> {
  db: PgDatabase<PgQueryResultHKT, S>;
  location: DatabaseLocation;
  close(): Promise<void>;
}

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export function locationKey(location: DatabaseLocation): string {
  return location.kind === 'postgres' ? `pg:${location.url}` : `pglite:${location.dataDir}`;
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

export async function openDatabase(location: DatabaseLocation, kind: 'control', options?: OpenOptions): Promise<DatabaseHandle<ControlSchema>>;
export async function openDatabase(location: DatabaseLocation, kind: 'tenant', options?: OpenOptions): Promise<DatabaseHandle<TenantSchema>>;
export async function openDatabase(
  location: DatabaseLocation,
  kind: SchemaKind,
  options: OpenOptions = {},
): Promise<DatabaseHandle<ControlSchema> | DatabaseHandle<TenantSchema>> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // A server that does not answer must fail the request (503), not hang it.
      connectionTimeoutMillis: 5_000,
      application_name: `receptoria-${kind}`,
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => undefined);
    // Nor a checked-out one between two queries (a transaction in progress when the server restarts):
    // pg emits 'error' on it with no listener; the next query on it fails and reaches the caller.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      if (options.autoPrepare !== false) autoPrepare(client);
    });
    // Without drizzle's relational query API (no `db.query.*`): the schema types the handle only, so no
    // transaction builds one query builder per table when it starts.
    const db = drizzlePg(pool) as unknown as PgDatabase<PgQueryResultHKT, ControlSchema | TenantSchema>;
    return { db, location, close: () => pool.end() } as DatabaseHandle<ControlSchema>;
  }
  if (location.dataDir !== 'memory://') await mkdir(location.dataDir, { recursive: true });
  // pg_trgm backs the assignment search index (tenant migration 0002).
  const client = await PGlite.create(location.dataDir, { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client) as unknown as PgDatabase<PgQueryResultHKT, ControlSchema | TenantSchema>;
  return { db, location, close: () => client.close() } as DatabaseHandle<ControlSchema>;
}

/**
 * PGlite's start parameters with a smaller buffer cache. Each embedded database is a whole PostgreSQL
 * inside the process, and PostgreSQL's default 128 MB of shared buffers, once touched, stays resident:
 * with the control database and a receiver's open that alone was about 250 MB of the server's memory.
 * The files are still cached by the operating system, so reads that miss these buffers stay cheap.
 */
export const PGLITE_START_PARAMS: string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
];

/**
 * Makes an embedded data folder from PGlite's own dump (`dumpDataDir`, a tar), e.g. to restore a
 * backup; the folder must be new or empty. Opened once with the same extensions, then closed.
 */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { loadDataDir: dump, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  await client.close();
}

export interface OpenOptions {
  poolSize?: number;
  /**
   * Names the statements a connection repeats (default on). Off for a connection into a running
   * server's embedded database: it shares that database's one session, where names left behind by
   * one command would collide with the next.
   */
  autoPrepare?: boolean;
}

/** Creates the database when it does not exist (PostgreSQL) or its data folder (PGlite). */
export async function ensureDatabase(location: DatabaseLocation): Promise<void> {
  if (location.kind === 'pglite') {
    if (location.dataDir !== 'memory://') await mkdir(location.dataDir, { recursive: true });
    return;
  }
  const name = databaseNameOf(location.url);
  const admin = new pg.Client({ connectionString: withDatabaseName(location.url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`create database ${quoteIdent(name)}`);
      } catch (error) {
        // Another instance may have created it in the meantime.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database that must not exist yet: true when this call created it, false when a database
 * (or data folder) of that name is already there — it is then left alone, never reused.
 */
export async function createDatabaseIfAbsent(location: DatabaseLocation): Promise<boolean> {
  if (location.kind === 'pglite') {
    if (location.dataDir === 'memory://') return true;
    await mkdir(path.dirname(location.dataDir), { recursive: true });
    try {
      await mkdir(location.dataDir);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST') return false;
      throw error;
    }
  }
  const admin = new pg.Client({ connectionString: withDatabaseName(location.url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(databaseNameOf(location.url))}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(location: DatabaseLocation): Promise<void> {
  if (location.kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: withDatabaseName(location.url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(databaseNameOf(location.url))} with (force)`);
  } finally {
    await admin.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Applies the migrations of one schema. On PostgreSQL a session advisory lock keeps several
 * instances from migrating the same database at once.
 */
export async function migrateDatabase(location: DatabaseLocation, kind: SchemaKind): Promise<void> {
  const migrationsFolder = path.join(migrationsRoot, kind);
  if (location.kind === 'postgres') {
    const client = new pg.Client({ connectionString: location.url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await client.end();
    }
    return;
  }
  throw new Error('PGlite databases are migrated through their open handle: use migrateHandle');
}

const MIGRATION_LOCK = 72_115_301;

/** Migrates an open handle; PGlite allows a single client, so its migrations run on it. */
export async function migrateHandle(
  handle: DatabaseHandle<ControlSchema> | DatabaseHandle<TenantSchema>,
  kind: SchemaKind,
): Promise<void> {
  if (handle.location.kind === 'postgres') return migrateDatabase(handle.location, kind);
  const migrationsFolder = path.join(migrationsRoot, kind);
  await migratePglite(handle.db as never, { migrationsFolder });
}
