import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, tenantLocation, tenantSchema } from '@receptoria/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helper';
import { buildApp } from '../../app';
import { claimEmbedded, type EmbeddedClaim, pgliteOf } from '../../bootstrap/embedded-access';
import type { AppConfig } from '../../lib/config';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { createUser, listTenants } from '../tenants/tenants.service';
import { fillReceiver, tableChecksums } from './respaldos.fixtures';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(apiDir, 'node_modules/.bin/tsx');

/** The real CLI in its own process, on the embedded database of `dataDir` (no DATABASE_URL). */
function runCli(dataDir: string, backups: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backups, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(tsx, ['src/cli.ts', ...args], { cwd: apiDir, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('backups and restore on the embedded database, while the server runs', () => {
  let dataDir: string;
  let backups: string;
  let claim: EmbeddedClaim;
  let app: FastifyInstance;
  let config: AppConfig;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-respaldo-integrada-'));
    backups = path.join(dataDir, 'backups');
    config = {
      database: { dataDir },
      jwtSecret: 'respaldo-integrada-secret-0123456789',
      accessTokenTtl: 900,
      refreshTokenTtl: 3600,
      loginRateMax: 1000,
      tenantPool: { max: 5, idleMs: 60_000, poolSize: 1 },
      adminPassword: 'admin-embebido-1',
      seedDemo: false,
      logger: false,
      sessionCacheTtlMs: 0,
      jobs: { enabled: true, schedule: false, retryLimit: 0, pollingIntervalSeconds: 0.5 },
      respaldos: { dir: backups, schedule: false, cron: '0 2 * * *', keepDaily: 7, keepWeekly: 4 },
    };
    // As server.ts does: claim the folder, build the app on it, serve its control database.
    claim = await claimEmbedded(dataDir, 'servidor');
    app = await buildApp(config);
    await claim.serve(pgliteOf(app.controlDb));

    const [main] = await listTenants(app.controlDb);
    await createUser({ controlDb: app.controlDb }, { tenantId: main!.id, username: 'receptora_i', password: 'clave-segura-123', cargo: 'receptor' });
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'receptora_i', password: 'clave-segura-123' } });
    const token = (login.json() as { access: string }).access;
    const t = {
      request: (bearer: string, options: InjectOptions) => app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${bearer}` } }),
    } as unknown as TestContext;
    const estudio = await registerEstudio(t, token, { nombre: 'Estudio Integrado' });
    await fillReceiver(await mainDb(), estudio.id, 6);
  }, 120_000);

  afterAll(async () => {
    await claim?.stopServing();
    await app?.close();
    await claim?.release();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function mainTenant() {
    return (await listTenants(app.controlDb))[0]!;
  }
  async function mainDb() {
    return app.tenantPools.get(tenantLocation(app.databaseConfig, await mainTenant()));
  }

  it('cli backup through the running server, then restores: --into a copy, after the folder is gone, and --replace', async () => {
    const tenant = await mainTenant();
    const before = await tableChecksums(await mainDb());
    expect(before['public.estampados']!.filas).toBe(6);

    const backup = await runCli(dataDir, backups, ['backup', '--receptor', 'all']);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const files = (await readdir(backups)).sort();
    expect(files.filter((f) => /^control_\d{8}-\d{6}\.tar\.gz$/.test(f))).toHaveLength(1);
    const dump = files.find((f) => f.startsWith(`${tenant.databaseName}_`) && f.endsWith('.tar.gz'))!;
    expect(files).toContain(`${dump}.sha256`);
    expect((await readFile(path.join(backups, `${dump}.sha256`), 'utf8')).endsWith(`  ${dump}\n`)).toBe(true);
    const file = path.join(backups, dump);

    // A copy beside the live database, restored by the server that owns the folder.
    const copy = await runCli(dataDir, backups, ['restore', '--receptor', String(tenant.id), '--file', file, '--into', 'copia']);
    expect(copy.stderr).toBe('');
    expect(copy.stdout).toMatch(/Respaldo restaurado en .*tenants\/copia/);
    const opened = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'tenants', 'copia') }, 'tenant');
    try {
      expect(await tableChecksums(opened.db)).toEqual(before);
    } finally {
      await opened.close();
    }

    // Not over the live database without --replace.
    const refused = await runCli(dataDir, backups, ['restore', '--receptor', String(tenant.id), '--file', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/existe y está en uso: no se restaura encima/);

    // The database gone: restored in its place.
    const live = tenantLocation(app.databaseConfig, tenant);
    await app.tenantPools.evict(live);
    await rm(live.kind === 'pglite' ? live.dataDir : '', { recursive: true, force: true });
    const restored = await runCli(dataDir, backups, ['restore', '--receptor', String(tenant.id), '--file', file]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await tableChecksums(await mainDb())).toEqual(before);

    // Over the live one, changed since: --replace brings the backup back and keeps the old folder.
    await (await mainDb()).delete(tenantSchema.estampados);
    const replaced = await runCli(dataDir, backups, ['restore', '--receptor', String(tenant.id), '--file', file, '--replace']);
    expect(replaced.stderr).toBe('');
    const anterior = /se conservó como (\S+);/.exec(replaced.stdout)?.[1];
    expect(anterior && existsSync(anterior)).toBe(true);
    expect(await tableChecksums(await mainDb())).toEqual(before);
    expect((await mainTenant()).mantenimientoDesde).toBeNull();
    console.info(`embedded: cli backup ${backup.ms} ms, restore --into ${copy.ms} ms, restore ${restored.ms} ms, --replace ${replaced.ms} ms`);
  }, 240_000);
});
