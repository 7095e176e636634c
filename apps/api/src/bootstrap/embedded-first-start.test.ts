import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppConfig } from '../lib/config';
import { listTenants } from '../modules/tenants/tenants.service';
import { installEmbeddedInChild, isFirstEmbeddedStart } from './embedded-first-start';
import { MAIN_TENANT_NAME } from './first-start';

const apiDir = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = 'embedded-first-start-0123456789';

function configFor(dataDir: string): AppConfig {
  return {
    database: { dataDir },
    jwtSecret: JWT_SECRET,
    accessTokenTtl: 900,
    refreshTokenTtl: 3600,
    loginRateMax: 1000,
    tenantPool: { max: 5, idleMs: 60_000, poolSize: 1 },
    seedDemo: false,
    logger: false,
    sessionCacheTtlMs: 0,
  };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

describe('the first start of server.ts on a fresh embedded folder', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-primera-'));
    expect(isFirstEmbeddedStart(configFor(dataDir))).toBe(true);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET,
    };
    delete env.DATABASE_URL;
    delete env.ADMIN_PASSWORD;
    // The source entry through tsx, as `pnpm dev`; the compiled one is started by scripts/smoke-prod.sh.
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server stopped: ${output}`);
      const health = await fetch(`${baseUrl}/health`).catch(() => null);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await stop(server);
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  function adminPassword(): string {
    const match = /usuario "admin" \(administrador de la plataforma\), contraseña: (\S+)/.exec(output);
    expect(match, output).not.toBeNull();
    return match![1]!;
  }

  it('creates the databases in a process of its own, whose printed admin password the server then accepts', async () => {
    const created = output
      .split('\n')
      .filter((line) => line.includes('embedded databases created in their own process'))
      .map((line) => JSON.parse(line) as { ms: number; peakRssMb: number });
    expect(created, output).toHaveLength(1);
    expect(created[0]!.peakRssMb).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'control/PG_VERSION'))).toBe(true);

    const login = await fetch(`${baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword() }),
    });
    expect(login.status).toBe(200);
  });

  it('leaves folders a later start opens as they are: the same receiver, its database migrated', async () => {
    await stop(server);
    expect(isFirstEmbeddedStart(configFor(dataDir))).toBe(false);
    app = await buildApp(configFor(dataDir));
    expect((await listTenants(app.controlDb)).map((tenant) => tenant.nombre)).toEqual([MAIN_TENANT_NAME]);
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: adminPassword() } });
    expect(login.statusCode, login.body).toBe(200);
    const { access } = login.json() as { access: string };
    const lista = await app.inject({ method: 'GET', url: '/api/v1/encargos/lista/', headers: { authorization: `Bearer ${access}` } });
    expect(lista.statusCode, lista.body).toBe(200);
    expect((lista.json() as { count: number }).count).toBe(0);
  });
});

describe('the process that creates the embedded databases', () => {
  it('rejects, in Spanish, when it cannot create them', async () => {
    const blocked = await mkdtemp(path.join(os.tmpdir(), 'receptoria-primera-'));
    try {
      // DATA_DIR is a file: no folder can be made under it.
      const file = path.join(blocked, 'archivo');
      await writeFile(file, '');
      const config = configFor(file);
      expect(isFirstEmbeddedStart(config)).toBe(true);
      await expect(installEmbeddedInChild(config, path.join(apiDir, 'src/install-embedded.ts'), ['--import', 'tsx'])).rejects.toThrow(
        /^No se pudo crear la base de datos integrada \(proceso \d+: código 1\)\.$/,
      );
    } finally {
      await rm(blocked, { recursive: true, force: true });
    }
  });

  it('is never needed on PostgreSQL', () => {
    expect(isFirstEmbeddedStart({ database: { controlUrl: 'postgres://127.0.0.1/receptoria', dataDir: os.tmpdir() } })).toBe(false);
  });
});
