import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppConfig } from '../lib/config';
import {
  claimEmbedded,
  type EmbeddedClaim,
  EmbeddedInUseError,
  OWNER_FILE,
  pgliteOf,
  readLiveOwner,
  SOCKET_PORT,
} from './embedded-access';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
const ADMIN_PASSWORD = 'admin-embebido-1';

/** Runs the real CLI in its own process, on `dataDir` with no DATABASE_URL (the embedded database). */
function runCli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, JOBS_ENABLED: '0', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, ['src/cli.ts', ...args], { cwd: apiDir, env, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function configFor(dataDir: string): AppConfig {
  return {
    database: { dataDir },
    jwtSecret: 'embedded-access-secret-0123456789',
    accessTokenTtl: 900,
    refreshTokenTtl: 3600,
    loginRateMax: 1000,
    tenantPool: { max: 5, idleMs: 60_000, poolSize: 1 },
    adminPassword: ADMIN_PASSWORD,
    seedDemo: false,
    logger: false,
    sessionCacheTtlMs: 0,
  };
}

describe('the CLI while the server runs on the embedded database', () => {
  let dataDir: string;
  let claim: EmbeddedClaim;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-embebida-'));
    // As server.ts does: claim the folder, build the app on it, serve its control database.
    claim = await claimEmbedded(dataDir, 'servidor');
    app = await buildApp(configFor(dataDir));
    await claim.serve(pgliteOf(app.controlDb));
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await claim?.stopServing();
    await app?.close();
    await claim?.release();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function socketClient(): pg.Client {
    const client = new pg.Client({ host: dataDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    return client;
  }

  it('records the running server and its socket in the data folder', async () => {
    const owner = await readLiveOwner(dataDir);
    expect(owner).toMatchObject({ pid: process.pid, proceso: 'servidor', socket: { dir: dataDir, port: SOCKET_PORT } });
    expect(existsSync(path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`))).toBe(true);
    // Another server on the same folder is refused in Spanish.
    await expect(claimEmbedded(dataDir, 'servidor')).rejects.toThrow(/Ya hay un servidor de Receptoría usando la base de datos integrada/);
  });

  it('creates a user through the running server, who then signs in on that server', async () => {
    const result = await runCli(dataDir, [
      'create-user', '--username', 'secretaria_cli', '--password', 'clave-cli-123',
      '--first-name', 'Paula', '--last-name', 'Soto', '--permisos', 'estampa_1,imprime_recibos',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usuario secretaria_cli creado \(id \d+\)\.$/m);

    const login = await fetch(`${baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'secretaria_cli', password: 'clave-cli-123' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { access: string; user: { first_name: string; cargo: string; is_admin: boolean } };
    expect(body.user).toMatchObject({ first_name: 'Paula', cargo: 'secretaria', is_admin: false });
    const profile = await fetch(`${baseUrl}/api/v1/auth/profile/`, { headers: { authorization: `Bearer ${body.access}` } });
    expect(profile.status).toBe(200);

    const [user] = await app.controlDb.select().from(controlSchema.users).where(eq(controlSchema.users.username, 'secretaria_cli'));
    const granted = await app.controlDb.execute(sql`
      select p.codigo from user_permisos up join permisos p on p.id = up.permiso_id where up.user_id = ${user!.id} order by 1`);
    expect(rowsOf<{ codigo: string }>(granted).map((row) => row.codigo)).toEqual(['estampa_1', 'imprime_recibos']);

    // A second run with the same name is refused with the product's Spanish message, nothing broken.
    const again = await runCli(dataDir, ['create-user', '--username', 'secretaria_cli', '--password', 'otra-clave-1']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Ya existe un usuario con ese nombre de usuario.');
    const admin = await fetch(`${baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(admin.status).toBe(200);
  }, 120_000);

  it("keeps a socket client's transaction apart from the server's own queries", async () => {
    const client = socketClient();
    await client.connect();
    try {
      await client.query('begin');
      await client.query("insert into tenants (nombre, database_name) values ('Receptor en transacción', 'receptoria_tx_socket')");
      // The server's own query waits for the client's transaction instead of running inside it.
      let done = false;
      const serverRead = app.controlDb
        .execute(sql`select count(*)::int as n from tenants where database_name = 'receptoria_tx_socket'`)
        .then((result) => {
          done = true;
          return rowsOf<{ n: number }>(result)[0]!.n;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      await client.query('rollback');
      expect(await serverRead).toBe(0);
    } finally {
      await client.end();
    }
  });

  it("answers a client's statements right while the server answers its own requests at the same time", async () => {
    const login = await fetch(`${baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const client = socketClient();
    await client.connect();
    try {
      const serverWork = Promise.all(
        Array.from({ length: 30 }, () =>
          fetch(`${baseUrl}/api/v1/auth/profile/`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status),
        ),
      );
      const answers: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        // Parse, Bind, Execute and Sync: the extended protocol, with a parameter.
        const { rows } = await client.query<{ n: number }>('select $1::int * 2 as n, (select count(*) from users) as u', [i]);
        answers.push(rows[0]!.n);
      }
      expect(answers).toEqual(Array.from({ length: 60 }, (_, i) => i * 2));
      expect(new Set(await serverWork)).toEqual(new Set([200]));
    } finally {
      await client.end();
    }
  });

  it('rolls back what a client leaves open when it disconnects, and the server goes on', async () => {
    const client = socketClient();
    await client.connect();
    await client.query('begin');
    await client.query("insert into tenants (nombre, database_name) values ('Receptor abandonado', 'receptoria_abandonado')");
    // Gone without commit or rollback.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const result = await app.controlDb.execute(
      sql`select count(*)::int as n from tenants where database_name = 'receptoria_abandonado'`,
    );
    expect(rowsOf<{ n: number }>(result)[0]!.n).toBe(0);
    const health = await fetch(`${baseUrl}/health`);
    expect(health.status).toBe(200);
  });
});

describe('the CLI never opens a folder a server is using', () => {
  it('says in Spanish to stop the server when the running server offers no socket', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-embebida-'));
    try {
      // A live process (this one) recorded as the server, still starting: no socket yet.
      const owner = { pid: process.pid, proceso: 'servidor', socket: null, desde: new Date().toISOString() };
      await writeFile(path.join(dataDir, OWNER_FILE), JSON.stringify(owner));
      const result = await runCli(dataDir, ['create-user', '--username', 'nadie_cli', '--password', 'clave-cli-123']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('atiende a un solo proceso a la vez');
      expect(result.stderr).toContain('Detenga el servidor y vuelva a ejecutar el comando');
      // The data folder was never opened: no database was created in it.
      expect(existsSync(path.join(dataDir, 'control'))).toBe(false);
      expect(JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8'))).toEqual(owner);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('takes over a record left by a process that is gone', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-embebida-'));
    try {
      const gone = { pid: 2 ** 22 + 12_345, proceso: 'servidor', socket: null, desde: '' };
      await writeFile(path.join(dataDir, OWNER_FILE), JSON.stringify(gone));
      expect(await readLiveOwner(dataDir)).toBeNull();
      const claim = await claimEmbedded(dataDir, 'cli');
      expect(await readLiveOwner(dataDir)).toMatchObject({ pid: process.pid, proceso: 'cli' });
      const second = await claimEmbedded(dataDir, 'servidor').catch((error: unknown) => error);
      expect(second).toBeInstanceOf(EmbeddedInUseError);
      expect((second as Error).message).toContain('está en uso por un comando de Receptoría');
      await claim.release();
      expect(existsSync(path.join(dataDir, OWNER_FILE))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
