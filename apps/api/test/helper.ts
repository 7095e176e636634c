import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_USERNAME } from '@receptoria/contracts';
import { type DatabaseConfig, dropDatabase, quoteIdent, withDatabaseName } from '@receptoria/db';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/lib/config';
import {
  createTenant,
  createUser,
  listTenants,
  tenantDb,
  type TenantInput,
  type UserInput,
} from '../src/modules/tenants/tenants.service';

export const ADMIN_PASSWORD = 'admin-test-1234';
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function serverReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A throw-away database configuration: a fresh PostgreSQL database, or PGlite folders when no server
 * answers or `embedded` asks for the embedded default (no DATABASE_URL) whatever the machine has.
 */
async function freshDatabase(embedded: boolean): Promise<{ config: DatabaseConfig; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-test-'));
  if (embedded || !(await serverReachable())) {
    return { config: { dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `receptoria_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const controlUrl = withDatabaseName(SERVER_URL, name);
  const cleanup = async () => {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 || '\\_%'",
        [name],
      );
      for (const row of rows) await admin.query(`drop database if exists ${quoteIdent(row.datname)} with (force)`);
    } finally {
      await admin.end();
    }
    await dropDatabase({ kind: 'postgres', url: controlUrl });
    await rm(dataDir, { recursive: true, force: true });
  };
  return { config: { controlUrl, dataDir }, cleanup };
}

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  mainTenantId: number;
  createTenant(input?: Partial<TenantInput>): Promise<{ id: number; nombre: string }>;
  createUser(input: Partial<UserInput> & { tenantId: number; username: string }): Promise<{ id: number }>;
  login(username: string, password?: string): Promise<string>;
  loginFull(username: string, password?: string): Promise<{ access: string; refresh: string; user: { id: number } }>;
  tenantDbOf(tenantId: number): ReturnType<typeof tenantDb>;
  request(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const DEFAULT_PASSWORD = 'clave-segura-123';

/**
 * Builds the real application over its own fresh databases; `{ embedded: true }` runs it on PGlite
 * (the control database and every receiver's in this process) even where a PostgreSQL server answers.
 */
export async function createTestContext(overrides: Partial<AppConfig> = {}, options: { embedded?: boolean } = {}): Promise<TestContext> {
  const { config: database, cleanup } = await freshDatabase(options.embedded ?? false);
  const config: AppConfig = {
    database,
    jwtSecret: `test-secret-${randomBytes(16).toString('hex')}`,
    accessTokenTtl: 900,
    refreshTokenTtl: 3600,
    loginRateMax: 1000,
    tenantPool: { max: 20, idleMs: 60_000, poolSize: 3 },
    adminPassword: ADMIN_PASSWORD,
    seedDemo: false,
    logger: false,
    // Tests change users and permissions straight in the database: read them on every request.
    sessionCacheTtlMs: 0,
    ...overrides,
  };
  const app = await buildApp(config);
  const ctx = { controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools };
  const tenants = await listTenants(app.controlDb);
  const mainTenantId = tenants[0]!.id;
  let counter = 0;

  const loginFull = async (username: string, password = username === ADMIN_USERNAME ? ADMIN_PASSWORD : DEFAULT_PASSWORD) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
    return response.json() as { access: string; refresh: string; user: { id: number } };
  };

  return {
    app,
    config,
    mainTenantId,
    async createTenant(input = {}) {
      counter += 1;
      return createTenant(ctx, { nombre: `Receptor Prueba ${counter}`, ...input });
    },
    async createUser(input) {
      return createUser(ctx, { password: DEFAULT_PASSWORD, ...input });
    },
    async login(username, password) {
      return (await loginFull(username, password)).access;
    },
    loginFull,
    async tenantDbOf(tenantId) {
      const tenant = (await listTenants(app.controlDb)).find((t) => t.id === tenantId);
      if (!tenant) throw new Error(`no tenant ${tenantId}`);
      return tenantDb(ctx, tenant);
    },
    request(token, options) {
      const headers = { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
