import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Estudio } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/helper';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { listTenants, tenantDb } from '../modules/tenants/tenants.service';
import { registerEstudio } from '../modules/encargos/encargos.fixtures';
import { insertStamped } from '../modules/informes/informes.fixtures';
import { CLAIM_LEASE_MS, runEnvioProgramado, runTick } from '../modules/informes/informes-programados';
import { QUEUES } from './jobs.plugin';

const REF = '2026-03-02';
const JOBS = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 4, pollingIntervalSeconds: 0.5 };

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function configure(t: TestContext, token: string, estudio: Estudio, body: Record<string, unknown>) {
  const response = await t.request(token, {
    method: 'POST',
    url: `/api/v1/estudios/${estudio.id}/guardar_configuracion_informes/`,
    payload: { informes_activos: true, diario: true, correo_raiz: 'raiz@receptoria.cl', ...body },
  });
  expect(response.statusCode).toBe(200);
}

const envios = (db: TenantDb, estudioId: number) =>
  db.select().from(tenantSchema.informesEnvios).where(eq(tenantSchema.informesEnvios.estudioId, estudioId));

/** Jobs of a queue that are not finished yet. */
async function pendingJobs(app: FastifyInstance, name: string) {
  const jobs = await app.jobs!.findJobs(name);
  return jobs.filter((job) => !['completed', 'failed', 'cancelled'].includes(job.state)).length;
}

describe('scheduled reports', () => {
  let smtp: TestSmtpServer;
  let t: TestContext;
  let token: string;
  let db: TenantDb;
  let a: Estudio;
  let b: Estudio;
  let c: Estudio;
  let apagado: Estudio;
  let vacio: Estudio;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestContext({ mail: { smtpUrl: smtp.url }, jobs: JOBS });
    await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_j' });
    token = await t.login('secretaria_j');
    db = await t.tenantDbOf(t.mainTenantId);
    a = await registerEstudio(t, token, { nombre: 'Estudio A', emails: [{ email: 'a@a.cl', tipo: 'informes' }] });
    b = await registerEstudio(t, token, { nombre: 'Estudio B', emails: [{ email: 'b@b.cl', tipo: 'principal' }] });
    c = await registerEstudio(t, token, { nombre: 'Estudio C', emails: [{ email: 'c@c.cl', tipo: 'principal' }, { email: 'cobro@c.cl', tipo: 'cobranza' }] });
    apagado = await registerEstudio(t, token, { nombre: 'Estudio Apagado', emails: [{ email: 'x@x.cl', tipo: 'principal' }] });
    vacio = await registerEstudio(t, token, { nombre: 'Estudio Vacío', emails: [{ email: 'v@v.cl', tipo: 'principal' }] });
    for (const firm of [a, b, c, apagado]) {
      await insertStamped(db, { estudioId: firm.id, fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-02-27T15:00:00Z'), valor: 10_000 });
    }
    for (const firm of [a, b, c, vacio]) await configure(t, token, firm, {});
    await configure(t, token, apagado, { informes_activos: false });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a pg-boss run sends each enabled firm’s report once; a second run and a second worker send nothing more', async () => {
    await t.app.jobs!.send(QUEUES.informesTick, { frecuencia: 'diario', fechaReferencia: REF });
    await smtp.waitFor(3, 30_000);
    await waitUntil(async () => (await pendingJobs(t.app, QUEUES.informesTick)) + (await pendingJobs(t.app, QUEUES.informeEnvio)) === 0);
    expect(smtp.received.map((m) => m.envelopeTo.join(',')).sort()).toEqual(['a@a.cl,raiz@receptoria.cl', 'b@b.cl,raiz@receptoria.cl', 'c@c.cl,raiz@receptoria.cl']);
    for (const mail of smtp.received) expect(mail.parsed.attachments[0]!.filename).toMatch(/^informe_diario_Estudio_[ABC]_/);
    // The firm with no rows gets no mail, but the log says why.
    expect(await envios(db, vacio.id)).toMatchObject([{ estado: 'sin_datos', origen: 'programado' }]);
    expect(await envios(db, apagado.id)).toEqual([]);

    // The same tick again on this instance, and on a second API process over the same databases.
    const second = await buildApp({ ...t.config, jobs: JOBS });
    try {
      await t.app.jobs!.send(QUEUES.informesTick, { frecuencia: 'diario', fechaReferencia: REF });
      await second.jobs!.send(QUEUES.informesTick, { frecuencia: 'diario', fechaReferencia: REF });
      await waitUntil(async () => (await t.app.jobs!.findJobs(QUEUES.informesTick)).filter((j) => j.state === 'completed').length === 3);
      await waitUntil(async () => (await pendingJobs(second, QUEUES.informeEnvio)) === 0 && (await pendingJobs(t.app, QUEUES.informeEnvio)) === 0);
    } finally {
      await second.close();
    }
    expect(smtp.received).toHaveLength(3);
    const log = (await t.request(token, { method: 'GET', url: `/api/v1/estudios/${a.id}/informes_enviados/` })).json();
    expect(log).toMatchObject([{ origen: 'programado', estado: 'enviado', frecuencia: 'diario', fecha_inicio: '2026-03-01', intentos: 1, filas: 1, total_valor: 10_000 }]);
  }, 90_000);

  it('two workers racing for the same report send it once', async () => {
    const other = await buildApp({ ...t.config, jobs: undefined });
    try {
      const before = smtp.received.length;
      const job = { tenantId: t.mainTenantId, estudioId: a.id, frecuencia: 'semanal' as const, fechaReferencia: REF };
      const outcomes = await Promise.all([
        runEnvioProgramado(t.app.scheduledContext, job),
        runEnvioProgramado(other.scheduledContext, job),
        runEnvioProgramado(other.scheduledContext, job),
      ]);
      expect(outcomes.filter((o) => o === 'enviado')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'ya_reclamado')).toHaveLength(2);
      await smtp.waitFor(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(before + 1);
    } finally {
      await other.close();
    }
  });

  it('a restart in the middle of a run sends nothing twice', async () => {
    const before = smtp.received.length;
    // A worker claimed B's monthly report and died before sending; A's was already sent.
    const claimedAt = new Date();
    await db.insert(tenantSchema.informesEnvios).values([
      { estudioId: b.id, frecuencia: 'mensual', fechaInicio: '2026-02-01', fechaFin: '2026-02-28', origen: 'programado', estado: 'enviando', reclamadoHasta: new Date(claimedAt.getTime() + CLAIM_LEASE_MS) },
      { estudioId: a.id, frecuencia: 'mensual', fechaInicio: '2026-02-01', fechaFin: '2026-02-28', origen: 'programado', estado: 'enviado', fechaEnvio: claimedAt },
    ]);
    await configure(t, token, a, { mensual: true });
    await configure(t, token, b, { mensual: true });
    await configure(t, token, c, { mensual: true });
    await insertStamped(db, { estudioId: b.id, fechaEstampado: '2026-02-10' });
    await insertStamped(db, { estudioId: c.id, fechaEstampado: '2026-02-10' });
    // The restarted process runs the tick again: only C, never sent, goes out.
    const restarted = await buildApp({ ...t.config, jobs: undefined });
    try {
      const outcomes = await runTick(restarted.scheduledContext, 'mensual', REF);
      expect(Object.values(outcomes).sort()).toEqual(['enviado', 'ya_reclamado', 'ya_reclamado']);
      await smtp.waitFor(before + 1);
      expect(smtp.received[before]!.envelopeTo).toContain('c@c.cl');
      // Once the dead worker's lease has run out, B is taken over and sent, once.
      const later = new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1000);
      const job = { tenantId: t.mainTenantId, estudioId: b.id, frecuencia: 'mensual' as const, fechaReferencia: REF };
      expect(await runEnvioProgramado(restarted.scheduledContext, job, later)).toBe('enviado');
      expect(await runEnvioProgramado(restarted.scheduledContext, job, later)).toBe('ya_reclamado');
      expect(Object.values(await runTick(restarted.scheduledContext, 'mensual', REF))).toEqual(['ya_reclamado', 'ya_reclamado', 'ya_reclamado']);
    } finally {
      await restarted.close();
    }
    await smtp.waitFor(before + 2);
    expect(smtp.received).toHaveLength(before + 2);
    expect(smtp.received.filter((m) => m.envelopeTo.includes('b@b.cl') && m.parsed.subject?.includes('mensual'))).toHaveLength(1);
  });

  it('an SMTP server that fails twice leads to retries with backoff and one delivery', async () => {
    await configure(t, token, c, { semanal: true });
    const before = smtp.received.length;
    smtp.failNext(2);
    await t.app.jobs!.send(QUEUES.informeEnvio, { tenantId: t.mainTenantId, estudioId: c.id, frecuencia: 'semanal', fechaReferencia: REF });
    await smtp.waitFor(before + 1, 40_000);
    await waitUntil(async () => (await pendingJobs(t.app, QUEUES.informeEnvio)) === 0);
    expect(smtp.received).toHaveLength(before + 1);
    const rows = (await envios(db, c.id)).filter((row) => row.frecuencia === 'semanal');
    expect(rows).toMatchObject([{ estado: 'enviado', intentos: 3, error: '' }]);
  }, 60_000);
});

describe('scheduled reports on the embedded database', () => {
  it('pg-boss runs over PGlite, so a start with no configuration still sends', async () => {
    const smtp = await startSmtpServer();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-jobs-'));
    const app = await buildApp({
      database: { dataDir },
      jwtSecret: 'embedded-jobs-secret-0123456789',
      accessTokenTtl: 900,
      refreshTokenTtl: 3600,
      loginRateMax: 1000,
      tenantPool: { max: 5, idleMs: 60_000, poolSize: 1 },
      adminPassword: ADMIN_PASSWORD,
      seedDemo: false,
      logger: false,
      mail: { smtpUrl: smtp.url },
      jobs: JOBS,
    });
    try {
      const [tenant] = await listTenants(app.controlDb);
      const db = await tenantDb({ controlDb: app.controlDb, databaseConfig: app.databaseConfig, tenantPools: app.tenantPools }, tenant!);
      const [firm] = await db
        .insert(tenantSchema.estudios)
        .values({ nombre: 'Estudio Embebido', direccion: 'Huérfanos 1234, of. 5', comuna: 'Santiago', ciudad: 'Santiago', telefono: '+56222222222', rutEstudio: '76543210-3', enviarInformesDiarios: true })
        .returning();
      await db.insert(tenantSchema.estudioEmails).values({ estudioId: firm!.id, email: 'embebido@estudio.cl', tipo: 'principal' });
      await insertStamped(db, { estudioId: firm!.id, fechaEstampado: '2026-03-01' });
      await app.jobs!.send(QUEUES.informesTick, { frecuencia: 'diario', fechaReferencia: REF });
      const [mail] = await smtp.waitFor(1, 40_000);
      expect(mail!.envelopeTo).toEqual(['embebido@estudio.cl']);
      expect(mail!.parsed.attachments[0]!.filename).toMatch(/^informe_diario_Estudio_Embebido_/);
    } finally {
      await app.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
