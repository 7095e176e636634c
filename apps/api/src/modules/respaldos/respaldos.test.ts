import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { controlSchema, databaseNameOf, dropDatabase, openDatabase, tenantLocation, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { QUEUES } from '../../jobs/jobs.plugin';
import { registerEstudio } from '../encargos/encargos.fixtures';
import { listTenants } from '../tenants/tenants.service';
import { fillReceiver, tableChecksums } from './respaldos.fixtures';
import { ejecutarRespaldo, restaurarReceptor, type RespaldoContext } from './respaldos.service';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../../..');

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A stand-in for S3's PutObject (path-style): keeps what it is sent, by key. */
async function startS3StandIn(): Promise<{ url: string; objects: Map<string, Buffer>; auth: string[]; close(): Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const auth: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'PUT') {
        response.writeHead(405).end();
        return;
      }
      auth.push(String(request.headers.authorization ?? ''));
      let body = Buffer.concat(chunks);
      // The SDK may send the body aws-chunked; unwrap "<hex size>;chunk-signature=…\r\n<data>\r\n".
      if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        const parts: Buffer[] = [];
        let offset = 0;
        while (offset < body.length) {
          const lineEnd = body.indexOf('\r\n', offset);
          const size = Number.parseInt(body.subarray(offset, lineEnd).toString().split(';')[0]!, 16);
          if (!size) break;
          parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
          offset = lineEnd + 2 + size + 2;
        }
        body = Buffer.concat(parts);
      }
      objects.set(decodeURIComponent(new URL(request.url!, 'http://x').pathname), body);
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, objects, auth, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('backups and restore on PostgreSQL', () => {
  let t: TestContext;
  let smtp: TestSmtpServer;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let dir: string;
  let ctx: RespaldoContext;
  let receptor: { id: number; nombre: string };
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-respaldos-'));
    smtp = await startSmtpServer();
    s3 = await startS3StandIn();
    t = await createTestContext({
      mail: { smtpUrl: smtp.url },
      respaldos: {
        dir,
        schedule: false,
        cron: '0 2 * * *',
        keepDaily: 7,
        keepWeekly: 4,
        s3: { bucket: 'respaldos', endpoint: s3.url, region: 'us-east-1', accessKeyId: 'clave', secretAccessKey: 'secreto', prefix: 'receptoria', forcePathStyle: true },
      },
    });
    ctx = t.app.respaldoContext;
    receptor = await t.createTenant({ nombre: 'Receptora Respaldo' });
    await t.createUser({ tenantId: receptor.id, username: 'receptora_r', cargo: 'receptor' });
    token = await t.login('receptora_r');
    const estudio = await registerEstudio(t, token, { nombre: 'Estudio Respaldado' });
    await fillReceiver(await t.tenantDbOf(receptor.id), estudio.id);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const tenantRow = async () => (await listTenants(t.app.controlDb)).find((x) => x.id === receptor.id)!;

  it('backs up a receiver, and restores it after its database is dropped: every table the same', async () => {
    const db = await t.tenantDbOf(receptor.id);
    const before = await tableChecksums(db);
    expect(before['public.encargos']!.filas).toBe(12);
    expect(before['public.diligencias']!.filas).toBe(12);
    expect(before['public.estampados']!.filas).toBe(12);
    expect(before['public.auditoria']!.filas).toBeGreaterThanOrEqual(13);

    const started = Date.now();
    const result = await ejecutarRespaldo(ctx, { origen: 'manual', receptor: receptor.id });
    const backupMs = Date.now() - started;
    expect(result.errores).toEqual([]);
    expect(result.archivos).toHaveLength(1);
    const file = result.archivos[0]!.archivo;
    const tenant = await tenantRow();
    expect(path.basename(file)).toMatch(new RegExp(`^${tenant.databaseName}_\\d{8}-\\d{6}\\.dump$`));
    const sha = (await readFile(`${file}.sha256`, 'utf8')).trim();
    expect(sha).toBe(`${createHash('sha256').update(await readFile(file)).digest('hex')}  ${path.basename(file)}`);
    // pg_dump's custom format.
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');
    // Sent to the S3 stand-in, with its checksum, signed.
    expect(s3.objects.get(`/respaldos/receptoria/${path.basename(file)}`)?.equals(await readFile(file))).toBe(true);
    expect(s3.objects.get(`/respaldos/receptoria/${path.basename(file)}.sha256`)?.toString()).toBe(`${sha}\n`);
    expect(s3.auth.every((a) => a.startsWith('AWS4-HMAC-SHA256 Credential=clave/'))).toBe(true);

    const live = tenantLocation(t.app.databaseConfig, tenant);
    await t.app.tenantPools.evict(live);
    await dropDatabase(live);
    // Not over a live database, and not from a file that differs from its SHA-256.
    const restoreStarted = Date.now();
    const restored = await restaurarReceptor(ctx, { receptor: receptor.id, archivo: file });
    const restoreMs = Date.now() - restoreStarted;
    expect(restored.destino).toBe(tenant.databaseName);
    expect(await tableChecksums(await t.tenantDbOf(receptor.id))).toEqual(before);
    console.info(`backup ${backupMs} ms, restore ${restoreMs} ms, ${result.archivos[0]!.bytes} bytes`);

    // The receiver works again through the API.
    const list = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
    expect(list.statusCode).toBe(200);
  }, 120_000);

  it('refuses to restore over a live database, a damaged file or a taken name; --into makes a copy', async () => {
    const { archivos } = await ejecutarRespaldo(ctx, { origen: 'manual', receptor: receptor.id });
    const file = archivos[0]!.archivo;
    await expect(restaurarReceptor(ctx, { receptor: receptor.id, archivo: file })).rejects.toThrow(/existe y está en uso: no se restaura encima/);

    const damaged = path.join(dir, 'danado_20260101-020000.dump');
    await copyFile(file, damaged);
    await copyFile(`${file}.sha256`, `${damaged}.sha256`);
    const bytes = await readFile(damaged);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    await writeFile(damaged, bytes);
    await expect(restaurarReceptor(ctx, { receptor: receptor.id, archivo: damaged, into: 'x_copia' })).rejects.toThrow(/no coincide con su SHA-256/);
    await rm(`${damaged}.sha256`);
    await expect(restaurarReceptor(ctx, { receptor: receptor.id, archivo: damaged, into: 'x_copia' })).rejects.toThrow(/Falta danado_20260101-020000\.dump\.sha256/);
    await rm(damaged);

    const into = `${databaseNameOf(t.config.database.controlUrl!)}_copia`;
    const restored = await restaurarReceptor(ctx, { receptor: receptor.id, archivo: file, into });
    expect(restored.destino).toBe(into);
    const copy = await openDatabase(tenantLocation(t.app.databaseConfig, { databaseName: into, databaseUrl: null }), 'tenant');
    try {
      expect(await tableChecksums(copy.db)).toEqual(await tableChecksums(await t.tenantDbOf(receptor.id)));
    } finally {
      await copy.close();
    }
    await expect(restaurarReceptor(ctx, { receptor: receptor.id, archivo: file, into })).rejects.toThrow(/ya existe: elija otro nombre/);
  }, 120_000);

  it('--replace puts the receiver in maintenance (503 with Retry-After), swaps the database and keeps the old one', async () => {
    const db = await t.tenantDbOf(receptor.id);
    const { archivos } = await ejecutarRespaldo(ctx, { origen: 'manual', receptor: receptor.id });
    const atBackup = await tableChecksums(db);
    // A change after the backup, which the restore takes back.
    await db.delete(tenantSchema.estampados);

    const answers: { status: number; retryAfter?: string; detail?: string }[] = [];
    let restoring = true;
    const poll = (async () => {
      while (restoring) {
        const response = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
        answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'] as string, detail: response.json().detail });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const restored = await restaurarReceptor(ctx, { receptor: receptor.id, archivo: archivos[0]!.archivo, replace: true }).finally(() => {
      restoring = false;
    });
    await poll;
    const maintenance = answers.filter((a) => a.status === 503);
    expect(maintenance.length).toBeGreaterThan(0);
    expect(maintenance[0]).toMatchObject({ retryAfter: '60', detail: expect.stringMatching(/^El receptor está en mantenimiento/) });
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);

    expect(restored.anterior).toMatch(/_ant_\d{14}$/);
    expect(await tableChecksums(await t.tenantDbOf(receptor.id))).toEqual(atBackup);
    expect((await tenantRow()).mantenimientoDesde).toBeNull();
    expect((await t.request(token, { method: 'GET', url: '/api/v1/estudios/' })).statusCode).toBe(200);
  }, 120_000);

  it('the nightly job run twice, by two workers, writes one set; /health shows it', async () => {
    const nightly = path.join(dir, 'nightly');
    const jobs = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 2, pollingIntervalSeconds: 0.5 };
    const respaldos = { ...t.config.respaldos!, dir: nightly, s3: undefined };
    const one = await buildApp({ ...t.config, jobs, respaldos });
    const two = await buildApp({ ...t.config, jobs, respaldos });
    try {
      await one.jobs!.send(QUEUES.respaldosTick, { fecha: '2026-03-02' });
      await two.jobs!.send(QUEUES.respaldosTick, { fecha: '2026-03-02' });
      await waitUntil(async () => (await one.jobs!.findJobs(QUEUES.respaldosTick)).filter((j) => j.state === 'completed').length === 2);
    } finally {
      await two.close();
      await one.close();
    }
    const files = (await readdir(nightly)).sort();
    const tenants = await listTenants(t.app.controlDb);
    // The control database and each receiver: one dump and one checksum each.
    expect(files).toHaveLength(2 * (tenants.length + 1));
    expect(files.filter((f) => f.startsWith('control_') && f.endsWith('.dump'))).toHaveLength(1);
    for (const tenant of tenants) expect(files.filter((f) => f.startsWith(`${tenant.databaseName}_`) && f.endsWith('.dump'))).toHaveLength(1);
    const runs = await t.app.controlDb.select().from(controlSchema.respaldos).where(eq(controlSchema.respaldos.clave, 'programado:2026-03-02'));
    expect(runs).toMatchObject([{ estado: 'ok', origen: 'programado' }]);

    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.respaldos.ultimo_ok).toBe(runs[0]!.terminadoEn!.toISOString());
  }, 120_000);

  it('the nightly run is scheduled at 02:00 America/Santiago, once for every instance', async () => {
    const jobs = { enabled: true, schedule: true, pollingIntervalSeconds: 0.5 };
    const respaldos = { ...t.config.respaldos!, schedule: true, dir: path.join(dir, 'programado'), s3: undefined };
    const one = await buildApp({ ...t.config, jobs, respaldos });
    const two = await buildApp({ ...t.config, jobs, respaldos });
    try {
      expect(await one.jobs!.getSchedules(QUEUES.respaldosTick)).toMatchObject([
        { name: QUEUES.respaldosTick, key: 'respaldos', cron: '0 2 * * *', timezone: 'America/Santiago' },
      ]);
    } finally {
      await two.close();
      await one.close();
    }
  }, 120_000);

  it('a failed backup is recorded, shown on /health (still 200) and mailed to the platform admin', async () => {
    await t.app.controlDb.update(controlSchema.users).set({ email: 'plataforma@receptoria.cl' }).where(eq(controlSchema.users.username, 'admin'));
    // A file where the backup folder should be: nothing can be written.
    const blocked = path.join(dir, 'bloqueado');
    await writeFile(blocked, 'no es una carpeta');
    const failing: RespaldoContext = { ...ctx, config: { ...ctx.config, dir: blocked, s3: undefined } };
    const result = await ejecutarRespaldo(failing, { origen: 'programado', receptor: 'all', clave: 'programado:2026-03-03' });
    expect(result.errores.length).toBeGreaterThan(0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['plataforma@receptoria.cl']);
    expect(mail!.parsed.subject).toMatch(/^Receptoría: falló el respaldo del \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(mail!.parsed.text).toContain('Base de control:');

    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health.status).toBe('ok');
    expect(health.respaldos.ultimo_error).not.toBeNull();
    expect(health.respaldos.error).toContain('Base de control:');

    // The same night taken again (a retry) once the folder is there: it runs, and /health clears.
    await rm(blocked);
    const again = await ejecutarRespaldo({ ...failing, config: { ...failing.config, dir: path.join(dir, 'retry') } }, {
      origen: 'programado',
      receptor: 'all',
      clave: 'programado:2026-03-03',
    });
    expect(again).toMatchObject({ omitido: false, errores: [] });
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().respaldos.error).toBeNull();
  }, 120_000);

  it('cli backup --receptor all writes the control and every receiver database; cli restore brings a dropped one back', async () => {
    const cliDir = path.join(dir, 'cli');
    const cli = (args: string[]) =>
      run('pnpm', ['exec', 'tsx', 'src/cli.ts', ...args], {
        cwd: apiDir,
        env: { ...process.env, DATABASE_URL: t.config.database.controlUrl, BACKUP_DIR: cliDir, JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' },
        timeout: 90_000,
      });
    const { stdout } = await cli(['backup', '--receptor', 'all']);
    const tenants = await listTenants(t.app.controlDb);
    expect(stdout.match(/^Respaldo escrito: /gm)).toHaveLength(tenants.length + 1);
    expect((await readdir(cliDir)).filter((f) => f.endsWith('.dump.sha256'))).toHaveLength(tenants.length + 1);

    const tenant = await tenantRow();
    const before = await tableChecksums(await t.tenantDbOf(receptor.id));
    const file = (await readdir(cliDir)).find((f) => f.startsWith(`${tenant.databaseName}_`) && f.endsWith('.dump'))!;
    const live = tenantLocation(t.app.databaseConfig, tenant);
    await t.app.tenantPools.evict(live);
    await dropDatabase(live);
    const restored = await cli(['restore', '--receptor', String(receptor.id), '--file', path.join(cliDir, file)]);
    expect(restored.stdout).toMatch(new RegExp(`^Respaldo restaurado en ${tenant.databaseName} \\(`, 'm'));
    expect(await tableChecksums(await t.tenantDbOf(receptor.id))).toEqual(before);
  }, 120_000);
});
