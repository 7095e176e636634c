import {
  ClienteCreateResponseSchema,
  computeRutDv,
  ServidorListSchema,
  servidoresMessages as m,
  TrasladoEstadoSchema,
  TrasladoListSchema,
} from '@receptoria/contracts';
import { controlSchema, databaseNameOf, type TenantPools, withDatabaseName } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { PrivateCluster } from '../../../test/private-cluster';
import { estudioPayload } from '../encargos/encargos.fixtures';
import { trasladoContextOf, TRASLADO_QUEUE } from './servidores.routes';
import { TRASLADO_LOCK_APP, tryLockTraslado } from './traslado-lock';
import { iniciarTraslado, runTraslado, tableChecksums, type TrasladoContext } from './traslados';
import { endedTrasladoJobs, liveTrasladoJobs, sweepStuckTraslados } from './traslados-atascados';
import type { DirectorioServidores } from './directorio';

/**
 * Receivers' databases on several servers: a second PostgreSQL cluster of the test's own (initdb on a
 * free port) stands for the second server, so it can be stopped while the shared one keeps serving.
 */

let t: TestContext;
let cluster: PrivateCluster;
let admin: string;
let rutBody = 21_400_000;

function nextRut(): string {
  rutBody += 1;
  return `${rutBody}-${computeRutDv(rutBody)}`;
}

function cliente(username: string, servidorId?: number) {
  return {
    nombre: `Receptora ${username}`,
    rut: nextRut(),
    username,
    password: 'clave-segura-123',
    usuario_email: `${username}@receptora.cl`,
    first_name: 'Ana',
    last_name: 'Torres',
    ...(servidorId === undefined ? {} : { servidor_id: servidorId }),
  };
}

async function onboard(username: string, servidorId?: number) {
  const response = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/clientes/crear/', payload: cliente(username, servidorId) });
  expect(response.statusCode, response.body).toBe(201);
  return ClienteCreateResponseSchema.parse(response.json());
}

async function tenantRow(id: number) {
  const [row] = await t.app.controlDb.select().from(controlSchema.tenants).where(eq(controlSchema.tenants.id, id));
  return row!;
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Waits for a condition (no fixed sleep): polls until it holds or the deadline passes. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 25_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listServidores = async () => {
  const response = await t.request(admin, { method: 'GET', url: '/api/v1/onboarding/servidores/' });
  expect(response.statusCode, response.body).toBe(200);
  return ServidorListSchema.parse(response.json());
};

let segundo: number;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
  t = await createTestContext({
    tokenEncryptionKey: 'clave-de-cifrado-de-prueba-0123456789abcdef',
    jobs: { enabled: true, schedule: false, pollingIntervalSeconds: 1, retryLimit: 0 },
    moveJobExpireMinutes: 180,
  });
  admin = await t.login('admin');
  // The shared server holds the main receiver already: room for one more.
  await t.app.controlDb.update(controlSchema.servidores).set({ capacidad: 2 }).where(eq(controlSchema.servidores.id, 1));
});

afterAll(async () => {
  await t?.close();
  await cluster?.destroy();
});

describe('database servers', () => {
  it('lists the control database’s own server as principal, holding the existing receiver', async () => {
    expect(await listServidores()).toEqual([{ id: 1, nombre: 'principal', capacidad: 2, receptores: 1, activo: true, estado: 'ok' }]);
  });

  it('refuses a server that does not answer, or whose role may not create databases, with a Spanish detail', async () => {
    const closed = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/onboarding/servidores/',
      payload: { nombre: 'apagado', url: 'postgres://postgres@127.0.0.1:1/postgres', capacidad: 5 },
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().detail).toMatch(/^No se pudo conectar al servidor/);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query("create role sin_createdb login password 'clave-sin-permiso'");
    await client.end();
    const weak = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/onboarding/servidores/',
      payload: { nombre: 'sin permiso', url: `postgres://sin_createdb:clave-sin-permiso@127.0.0.1:${cluster.port}/postgres`, capacidad: 5 },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toBe(m.sinCreatedb('sin_createdb'));

    const bad = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/servidores/', payload: { nombre: '', url: 'mysql://x', capacidad: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ nombre: [m.nombreRequerido], url: [m.urlInvalida], capacidad: [m.capacidadInvalida] });
    expect((await listServidores()).map((s) => s.nombre)).toEqual(['principal']);
  });

  it('adds a server with its URL stored encrypted', async () => {
    const response = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/onboarding/servidores/',
      payload: { nombre: 'segundo', url: cluster.url, capacidad: 5 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ nombre: 'segundo', capacidad: 5, receptores: 0, activo: true, estado: 'ok', message: m.servidorCreado });
    segundo = response.json().id as number;
    const [row] = await t.app.controlDb.select().from(controlSchema.servidores).where(eq(controlSchema.servidores.id, segundo));
    expect(row!.urlCifrada).toMatch(/^v1:/);
    expect(row!.urlCifrada).not.toContain('127.0.0.1');
    const again = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/servidores/', payload: { nombre: 'segundo', url: cluster.url, capacidad: 5 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.nombreEnUso);
  });

  it('places a new receiver on the active server with the most room left, or on the one named', async () => {
    // principal: 2 − 1 = 1 free; segundo: 5 free.
    const first = await onboard('srv_uno');
    expect((await tenantRow(first.receptor.id)).servidorId).toBe(segundo);
    expect(await databaseExists(cluster.url, first.configuracion.database_name)).toBe(true);

    const named = await onboard('srv_dos', 1);
    expect((await tenantRow(named.receptor.id)).servidorId).toBe(1);

    const full = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/clientes/crear/', payload: cliente('srv_lleno', 1) });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ detail: m.servidorLleno('principal'), errors: { servidor_id: [m.servidorLleno('principal')] } });
    const missing = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/clientes/crear/', payload: cliente('srv_nada', 999) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(m.servidorNoEncontrado);

    // The receivers just placed count: principal is full now, so the next goes to segundo again.
    const third = await onboard('srv_tres');
    expect((await tenantRow(third.receptor.id)).servidorId).toBe(segundo);
    expect((await listServidores()).map((s) => [s.nombre, s.receptores])).toEqual([
      ['principal', 2],
      ['segundo', 2],
    ]);

    // An inactive server takes no one, even with room.
    await t.app.controlDb.update(controlSchema.servidores).set({ capacidad: 10 }).where(eq(controlSchema.servidores.id, 1));
    await t.app.controlDb.update(controlSchema.servidores).set({ activo: false }).where(eq(controlSchema.servidores.id, segundo));
    const inactive = await t.request(admin, { method: 'POST', url: '/api/v1/onboarding/clientes/crear/', payload: cliente('srv_inactivo', segundo) });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().detail).toBe(m.servidorInactivo);
    expect((await tenantRow((await onboard('srv_cuatro')).receptor.id)).servidorId).toBe(1);
    await t.app.controlDb.update(controlSchema.servidores).set({ activo: true }).where(eq(controlSchema.servidores.id, segundo));
  });

  it('serves each receiver from its own server', async () => {
    const token = await t.login('srv_uno', 'clave-segura-123');
    const created = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Estudio en el segundo servidor' }) });
    expect(created.statusCode, created.body).toBe(201);
    const tenant = await tenantRow((await t.app.controlDb.select().from(controlSchema.users).where(eq(controlSchema.users.username, 'srv_uno')))[0]!.tenantId);
    const client = new pg.Client({ connectionString: withDatabaseName(cluster.url, tenant.databaseName) });
    await client.connect();
    const { rows } = await client.query('select nombre from estudios');
    await client.end();
    expect(rows).toEqual([{ nombre: 'Estudio en el segundo servidor' }]);
  });
});

describe('moving a receiver to another server', () => {
  let tenantId: number;
  let token: string;
  let oldName: string;

  beforeAll(async () => {
    const created = await onboard('srv_mover', 1);
    tenantId = created.receptor.id;
    oldName = created.configuracion.database_name;
    token = await t.login('srv_mover', 'clave-segura-123');
    for (let i = 1; i <= 3; i += 1) {
      const response = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: `Estudio ${i}` }) });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('while the flag is up, its writes get 503 with Retry-After and its reads go on', async () => {
    await t.app.controlDb.update(controlSchema.tenants).set({ moviendoDesde: new Date() }).where(eq(controlSchema.tenants.id, tenantId));
    try {
      const write = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Durante' }) });
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
      expect(write.json()).toEqual({ detail: m.trasladandose });
      const read = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
      expect(read.statusCode).toBe(200);
    } finally {
      await t.app.controlDb.update(controlSchema.tenants).set({ moviendoDesde: null }).where(eq(controlSchema.tenants.id, tenantId));
    }
  });

  it('refuses a move to its own server or to a server that does not exist', async () => {
    const same = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/`, payload: { servidor_id: 1 } });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe(m.mismoServidor);
    const missing = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/`, payload: { servidor_id: 999 } });
    expect(missing.statusCode).toBe(400);
    const none = await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${tenantId}/mover/` });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(m.sinTraslado);
    const unknown = await t.request(admin, { method: 'GET', url: '/api/v1/onboarding/clientes/99999/mover/' });
    expect(unknown.statusCode).toBe(404);
  });

  it('copies its database, verifies every table’s rows and checksum, switches it and keeps the old one until confirmed', async () => {
    const principalUrl = withDatabaseName(t.config.database.controlUrl!, 'postgres');
    const before = await tableChecksums(withDatabaseName(principalUrl, oldName));
    const started = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/`, payload: { servidor_id: segundo } });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ estado: 'copiando', origen_servidor_id: 1, destino_servidor_id: segundo, message: m.trasladoIniciado });
    const again = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/`, payload: { servidor_id: segundo } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.trasladoEnCurso);
    // Its job expires (and is retried) only after the configured time, not pg-boss's 15 minutes: a long
    // copy is never run twice at once.
    const job = await t.app.controlDb.execute(
      sql`select expire_seconds, retry_limit from pgboss.job where name = ${TRASLADO_QUEUE} and (data->>'id')::int = ${started.json().id}`,
    );
    expect((job as unknown as { rows: unknown[] }).rows).toEqual([{ expire_seconds: 180 * 60, retry_limit: 1 }]);

    const estado = await until(
      async () => TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${tenantId}/mover/` })).json()),
      (value) => value.estado !== 'copiando',
      'the move to finish',
    );
    expect(estado.estado, estado.detalle).toBe('activo');
    expect(estado.detalle).toBe(m.activo('segundo', before.length));
    // Every table verified, with the counts and checksums the old database has.
    expect(estado.tablas).toEqual(before);
    expect(estado.tablas.find((row) => row.tabla === 'public.estudios')?.filas).toBe(3);

    const moved = await tenantRow(tenantId);
    expect(moved.servidorId).toBe(segundo);
    expect(moved.moviendoDesde).toBeNull();
    const newUrl = withDatabaseName(cluster.url, moved.databaseName);
    expect(await tableChecksums(newUrl)).toEqual(before);

    // Served from the new server: reads see the three, a write lands there.
    const list = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Estudio 3');
    const write = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Después del traslado' }) });
    expect(write.statusCode, write.body).toBe(201);
    const client = new pg.Client({ connectionString: newUrl });
    await client.connect();
    expect((await client.query("select count(*)::int as n from estudios where nombre = 'Después del traslado'")).rows).toEqual([{ n: 1 }]);
    await client.end();

    // The old database stays (read-only) until the move is confirmed.
    expect(await databaseExists(principalUrl, oldName)).toBe(true);
    // No new move while this one keeps its old database: confirming acts on the latest move only.
    const back = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/`, payload: { servidor_id: 1 } });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json().detail).toBe(m.trasladoSinConfirmar);
    expect((await tenantRow(tenantId)).moviendoDesde).toBeNull();
    const confirmed = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/confirmar/` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ estado: 'activo', base_anterior_eliminada: true });
    expect(await databaseExists(principalUrl, oldName)).toBe(false);
    const twice = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${tenantId}/mover/confirmar/` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(m.nadaQueConfirmar);
    expect(databaseNameOf(newUrl)).toBe(moved.databaseName);
  });
});

describe('a database server down', () => {
  it('a move to it fails, leaves the receiver where it was and writable, and removes nothing', async () => {
    const [user] = await t.app.controlDb.select().from(controlSchema.users).where(eq(controlSchema.users.username, 'srv_dos'));
    const token = await t.login('srv_dos', 'clave-segura-123');
    const before = await tenantRow(user!.tenantId);
    await cluster.stop();
    try {
      const started = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${before.id}/mover/`, payload: { servidor_id: segundo } });
      expect(started.statusCode, started.body).toBe(202);
      const estado = await until(
        async () => TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${before.id}/mover/` })).json()),
        (value) => value.estado !== 'copiando',
        'the move to fail',
      );
      expect(estado.estado).toBe('fallido');
      expect(estado.detalle.startsWith(m.fallido(''))).toBe(true);
    } finally {
      await cluster.start();
    }
    const after = await tenantRow(before.id);
    expect(after).toMatchObject({ servidorId: 1, databaseName: before.databaseName, moviendoDesde: null });
    // Its database was made read-only for the copy and is writable again.
    const write = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Tras el traslado fallido' }) });
    expect(write.statusCode, write.body).toBe(201);
    const confirm = await t.request(admin, { method: 'POST', url: `/api/v1/onboarding/clientes/${before.id}/mover/confirmar/` });
    expect(confirm.statusCode).toBe(409);
  });

  it('answers 503 with Retry-After to its receivers only, reports it in /health, and serves them again once back', async () => {
    const onSecond = await t.login('srv_uno', 'clave-segura-123');
    const onFirst = await t.login('srv_dos', 'clave-segura-123');
    await cluster.stop();
    try {
      const down = await t.request(onSecond, { method: 'GET', url: '/api/v1/estudios/' });
      expect(down.statusCode, down.body).toBe(503);
      expect(down.headers['retry-after']).toBeDefined();
      expect(down.json().detail).toMatch(/Intente nuevamente/);
      const up = await t.request(onFirst, { method: 'GET', url: '/api/v1/estudios/' });
      expect(up.statusCode, up.body).toBe(200);
      const health = await until(
        async () => t.app.inject({ method: 'GET', url: '/health' }),
        (response) => (response.json().servidores as Array<{ estado: string }>).some((s) => s.estado === 'caido'),
        'health to report the server down',
        10_000,
      );
      expect(health.statusCode).toBe(200);
      expect(health.json().servidores).toEqual([
        { id: 1, nombre: 'principal', estado: 'ok' },
        { id: segundo, nombre: 'segundo', estado: 'caido' },
      ]);
    } finally {
      await cluster.start();
    }
    // Back without restarting the API.
    const back = await until(
      async () => t.request(onSecond, { method: 'GET', url: '/api/v1/estudios/' }),
      (response) => response.statusCode === 200,
      'the receiver to be served again',
      30_000,
    );
    expect(back.statusCode).toBe(200);
  });
});

describe('the list of moves', () => {
  it('lists every move newest first with the receiver’s and both servers’ names, for the platform admin only', async () => {
    const response = await t.request(admin, { method: 'GET', url: '/api/v1/onboarding/traslados/' });
    expect(response.statusCode, response.body).toBe(200);
    const list = TrasladoListSchema.parse(response.json());
    expect(list.map((row) => [row.receptor_nombre, row.origen_nombre, row.destino_nombre, row.estado])).toEqual([
      ['Receptora srv_dos', 'principal', 'segundo', 'fallido'],
      ['Receptora srv_mover', 'principal', 'segundo', 'activo'],
    ]);
    const [fallido, activo] = list;
    expect(fallido!.detalle.startsWith(m.fallido(''))).toBe(true);
    expect(activo!.detalle).toMatch(/^Trasladado al servidor segundo: \d+ tablas verificadas\. Base anterior eliminada\.$/);
    expect(activo).toMatchObject({ origen_id: 1, destino_id: segundo });
    for (const row of list) {
      expect(Date.parse(row.creado)).not.toBeNaN();
      expect(Date.parse(row.terminado!)).toBeGreaterThanOrEqual(Date.parse(row.creado));
    }

    const receiver = await t.login('srv_uno', 'clave-segura-123');
    const refused = await t.request(receiver, { method: 'GET', url: '/api/v1/onboarding/traslados/' });
    expect(refused.statusCode).toBe(403);
  });
});

/** A receiver left as a dead move leaves it: its move 'copiando', writes blocked, its database read-only, a half copy on the destination. */
async function stuckMove(username: string, iniciadoEn: Date) {
  const created = await onboard(username, 1);
  const tenant = await tenantRow(created.receptor.id);
  const halfCopy = `${tenant.databaseName}_t_media`;
  const [row] = await t.app.controlDb
    .insert(controlSchema.traslados)
    .values({ tenantId: tenant.id, origenServidorId: 1, origenBase: tenant.databaseName, destinoServidorId: segundo, destinoBase: halfCopy, iniciadoEn, detalle: m.copiando('segundo') })
    .returning();
  await t.app.controlDb.update(controlSchema.tenants).set({ moviendoDesde: iniciadoEn }).where(eq(controlSchema.tenants.id, tenant.id));
  const principal = new pg.Client({ connectionString: withDatabaseName(t.config.database.controlUrl!, 'postgres') });
  await principal.connect();
  await principal.query(`alter database "${tenant.databaseName}" set default_transaction_read_only = on`);
  await principal.end();
  const second = new pg.Client({ connectionString: cluster.url });
  await second.connect();
  await second.query(`create database "${halfCopy}"`);
  await second.end();
  t.app.sessionCache.clear();
  return { tenant, traslado: row!, halfCopy, token: await t.login(username, 'clave-segura-123') };
}

describe('a move whose job died', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  it('is marked fallido with a Spanish detail, once across two sweepers, and the receiver gets its old database back, writable', async () => {
    const stuck = await stuckMove('srv_atascado', hoursAgo(2));
    const blocked = await t.request(stuck.token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Bloqueado' }) });
    expect(blocked.statusCode).toBe(503);

    // Two instances sweeping at the same time: the move is taken by one of them.
    const ctx = trasladoContextOf(t.app);
    const options = { minutes: 30, isLive: (ids: number[]) => liveTrasladoJobs(t.app.controlDb, ids) };
    const [first, second] = await Promise.all([sweepStuckTraslados(ctx, options), sweepStuckTraslados(ctx, options)]);
    expect([...first, ...second]).toEqual([stuck.traslado.id]);
    expect(await sweepStuckTraslados(ctx, options)).toEqual([]);

    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${stuck.tenant.id}/mover/` })).json());
    expect(estado.estado).toBe('fallido');
    expect(estado.detalle).toBe(m.fallido(m.atascado(30)));
    expect(await tenantRow(stuck.tenant.id)).toMatchObject({ servidorId: 1, databaseName: stuck.tenant.databaseName, moviendoDesde: null });
    expect(await databaseExists(cluster.url, stuck.halfCopy)).toBe(false);
    expect(await databaseExists(withDatabaseName(t.config.database.controlUrl!, 'postgres'), stuck.tenant.databaseName)).toBe(true);
    const write = await t.request(stuck.token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Tras el traslado atascado' }) });
    expect(write.statusCode, write.body).toBe(201);
    const audit = await t.app.controlDb.select().from(controlSchema.auditoria).where(eq(controlSchema.auditoria.tenantId, stuck.tenant.id));
    expect(audit.filter((row) => row.accion === 'traslado_atascado')).toHaveLength(1);
  });

  it('leaves a move alone while its job is still queued, or while it is younger than the limit', async () => {
    const queued = await stuckMove('srv_en_cola', hoursAgo(2));
    const recent = await stuckMove('srv_reciente', new Date());
    // Queued for later: pg-boss holds it as 'created', as it would a retry waiting its turn.
    const jobId = await t.app.jobs!.send(TRASLADO_QUEUE, { id: queued.traslado.id }, { startAfter: 3_600 });
    try {
      const ctx = trasladoContextOf(t.app);
      expect(await sweepStuckTraslados(ctx, { minutes: 30, isLive: (ids) => liveTrasladoJobs(t.app.controlDb, ids) })).toEqual([]);
      for (const { tenant } of [queued, recent]) {
        expect((await tenantRow(tenant.id)).moviendoDesde).not.toBeNull();
        const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${tenant.id}/mover/` })).json());
        expect(estado.estado).toBe('copiando');
      }
      // Once its job is gone the old one is swept; the recent one still waits for its limit.
      await t.app.jobs!.cancel(TRASLADO_QUEUE, jobId!);
      expect(await sweepStuckTraslados(ctx, { minutes: 30, isLive: (ids) => liveTrasladoJobs(t.app.controlDb, ids) })).toEqual([queued.traslado.id]);
      expect(await sweepStuckTraslados(ctx, { minutes: 0, isLive: async () => new Set() })).toEqual([recent.traslado.id]);
    } finally {
      await t.app.jobs!.cancel(TRASLADO_QUEUE, jobId!).catch(() => undefined);
    }
  });

  it('while its copy still runs (its lock held), a second run and the sweeper leave it untouched; once free it is undone', async () => {
    const stuck = await stuckMove('srv_en_copia', hoursAgo(2));
    const lock = await tryLockTraslado(t.app.databaseConfig, stuck.traslado.id);
    expect(lock).not.toBeNull();
    const ctx = trasladoContextOf(t.app);
    try {
      // Its job row looks dead (none queued), yet the copy's lock is held: nothing is touched.
      expect(await sweepStuckTraslados(ctx, { minutes: 30, isLive: async () => new Set() })).toEqual([]);
      // A retry beside the running copy would first drop the copy it is writing.
      await runTraslado(ctx, stuck.traslado.id);
      expect(await databaseExists(cluster.url, stuck.halfCopy)).toBe(true);
      expect((await tenantRow(stuck.tenant.id)).moviendoDesde).not.toBeNull();
      const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${stuck.tenant.id}/mover/` })).json());
      expect(estado.estado).toBe('copiando');
    } finally {
      await lock!.release();
    }
    expect(await sweepStuckTraslados(ctx, { minutes: 30, isLive: async () => new Set() })).toEqual([stuck.traslado.id]);
    expect(await databaseExists(cluster.url, stuck.halfCopy)).toBe(false);
    expect((await tenantRow(stuck.tenant.id)).moviendoDesde).toBeNull();
  });
});

describe('two runs of the same move at once', () => {
  it('exactly one copies, the other leaves without touching anything, and the move ends activo with every table verified', async () => {
    const created = await onboard('srv_doble', 1);
    const token = await t.login('srv_doble', 'clave-segura-123');
    for (let i = 1; i <= 2; i += 1) {
      const response = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: `Doble ${i}` }) });
      expect(response.statusCode, response.body).toBe(201);
    }
    const before = await tableChecksums(withDatabaseName(t.config.database.controlUrl!, created.configuracion.database_name));
    const left: unknown[] = [];
    const base = trasladoContextOf(t.app);
    const ctx: TrasladoContext = {
      ...base,
      log: {
        info: (obj, msg) => {
          if (msg.includes('already running')) left.push(obj);
          base.log.info(obj, msg);
        },
        error: (obj, msg) => base.log.error(obj, msg),
      },
    };
    // Started without its job, so the two runs here are the only ones.
    const traslado = await iniciarTraslado(ctx, created.receptor.id, segundo);

    // The move's row is held, so whichever run takes the move waits at its first write to it.
    const blocker = new pg.Client({ connectionString: t.config.database.controlUrl! });
    await blocker.connect();
    let runs: Promise<void[]> | undefined;
    try {
      await blocker.query('begin');
      await blocker.query('select id from traslados where id = $1 for update', [traslado.id]);
      let finished = 0;
      runs = Promise.all([runTraslado(ctx, traslado.id), runTraslado(ctx, traslado.id)].map((run) => run.finally(() => (finished += 1))));
      await until(async () => finished, (n) => n === 1, 'one of the two runs to leave');
      expect(left).toEqual([{ traslado: traslado.id }]);
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    await runs;
    expect(left).toHaveLength(1);

    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${created.receptor.id}/mover/` })).json());
    expect(estado.estado, estado.detalle).toBe('activo');
    expect(estado.tablas).toEqual(before);
    expect(estado.tablas.find((row) => row.tabla === 'public.estudios')?.filas).toBe(2);
    const moved = await tenantRow(created.receptor.id);
    expect(moved).toMatchObject({ servidorId: segundo, moviendoDesde: null });
    expect(await tableChecksums(withDatabaseName(cluster.url, moved.databaseName))).toEqual(before);
  });
});

/** The backend holding a move's advisory lock on its own connection (application_name TRASLADO_LOCK_APP). */
const lockHolder = `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
                     where l.locktype = 'advisory' and l.objid = $1::bigint::text::oid and l.objsubid = 2
                       and l.database = (select oid from pg_database where datname = current_database()) and a.application_name = $2`;

/** Cuts a move lock's connection (as a restart or a network cut would) and waits until the lock is free. */
async function cutLock(control: pg.Client, trasladoId: number) {
  const holders = await control.query<{ pid: number }>(lockHolder, [trasladoId, TRASLADO_LOCK_APP]);
  expect(holders.rows).toHaveLength(1);
  await control.query('select pg_terminate_backend($1)', [holders.rows[0]!.pid]);
  await until(async () => (await control.query(lockHolder, [trasladoId, TRASLADO_LOCK_APP])).rowCount, (n) => n === 0, 'the lock to go with its connection');
}

/** The app's move context with its log's messages also kept in `messages`, and `overrides` on top. */
function recordingContext(messages: string[], overrides: Partial<TrasladoContext> = {}): TrasladoContext {
  const base = trasladoContextOf(t.app);
  return {
    ...base,
    ...overrides,
    log: {
      info: (obj, msg) => {
        messages.push(msg);
        base.log.info(obj, msg);
      },
      error: (obj, msg) => {
        messages.push(msg);
        base.log.error(obj, msg);
      },
    },
  };
}

describe('a move whose lock is lost mid-copy', () => {
  /** A receiver with one estudio, its move recorded (no job: the test's run is the only one) and a context that keeps the log's messages. */
  async function moveToRun(username: string) {
    const created = await onboard(username, 1);
    const token = await t.login(username, 'clave-segura-123');
    const response = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Antes del corte' }) });
    expect(response.statusCode, response.body).toBe(201);
    const oldName = created.configuracion.database_name;
    const oldUrl = withDatabaseName(t.config.database.controlUrl!, oldName);
    const messages: string[] = [];
    const ctx = recordingContext(messages);
    const before = await tableChecksums(oldUrl);
    const traslado = await iniciarTraslado(ctx, created.receptor.id, segundo);
    return { tenantId: created.receptor.id, token, oldName, oldUrl, before, ctx, messages, traslado };
  }

  /**
   * Holds the move's row, starts its run and waits until it pauses there, mid-copy: the old database
   * frozen, the copy's database created on the destination, its name about to be recorded. `whilePaused`
   * runs then; the row is let go after it. `control` watches (pg_stat_activity is read once per
   * transaction, so not from the one holding the row).
   */
  async function runPaused(move: Awaited<ReturnType<typeof moveToRun>>, control: pg.Client, whilePaused: () => Promise<void>) {
    const blocker = new pg.Client({ connectionString: t.config.database.controlUrl! });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from traslados where id = $1 for update', [move.traslado.id]);
      const run = runTraslado(move.ctx, move.traslado.id);
      await until(
        async () => (await control.query("select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update \"traslados\"%'")).rowCount,
        (n) => n === 1,
        'the run to wait at the move’s row',
      );
      expect(await databaseExists(cluster.url, move.oldName)).toBe(true);
      await whilePaused();
      await blocker.query('commit');
      // Wrapped, so awaiting this function does not wait for the run itself.
      return { run };
    } finally {
      await blocker.end();
    }
  }

  /** The move ended fallido for its lost lock, and the receiver is back on its old database: intact, writable, served. */
  async function expectUndone(move: Awaited<ReturnType<typeof moveToRun>>) {
    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${move.tenantId}/mover/` })).json());
    expect(estado.estado).toBe('fallido');
    expect(estado.detalle).toBe(m.fallido(m.bloqueoPerdido));
    // Nothing verified or switched, no copy left on the destination.
    expect(estado.tablas).toEqual([]);
    expect(move.messages).not.toContain('receiver database moved');
    expect(move.messages.filter((msg) => msg === 'receiver database move failed')).toHaveLength(1);
    expect(await databaseExists(cluster.url, move.oldName)).toBe(false);
    expect(await tenantRow(move.tenantId)).toMatchObject({ servidorId: 1, databaseName: move.oldName, databaseUrl: null, moviendoDesde: null });
    expect(await tableChecksums(move.oldUrl)).toEqual(move.before);
    const write = await t.request(move.token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Tras el corte' }) });
    expect(write.statusCode, write.body).toBe(201);
    const list = await t.request(move.token, { method: 'GET', url: '/api/v1/estudios/' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Antes del corte');
    expect(list.body).toContain('Tras el corte');
    return estado;
  }

  it('stops at its next step, ends fallido saying so, and the receiver is back on its old database, writable; nothing copies it again', async () => {
    const move = await moveToRun('srv_sin_bloqueo');
    const control = new pg.Client({ connectionString: t.config.database.controlUrl! });
    await control.connect();
    try {
      const { run } = await runPaused(move, control, () => cutLock(control, move.traslado.id));
      await run;
    } finally {
      await control.end();
    }
    const estado = await expectUndone(move);

    // Neither a retry of its run nor the sweep copies or undoes it again.
    await runTraslado(move.ctx, move.traslado.id);
    expect(await sweepStuckTraslados(move.ctx, { minutes: 0, isLive: async () => new Set() })).not.toContain(move.traslado.id);
    expect(await databaseExists(cluster.url, move.oldName)).toBe(false);
    expect(move.messages.filter((msg) => msg === 'receiver database move failed')).toHaveLength(1);
    const after = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${move.tenantId}/mover/` })).json());
    expect(after).toEqual(estado);
  });

  it('ends its pg_dump and pg_restore at once when the lock goes during the dump', async () => {
    const move = await moveToRun('srv_corte_dump');
    const control = new pg.Client({ connectionString: t.config.database.controlUrl! });
    await control.connect();
    // A session of the old database (read-write for itself) holding a table: the dump waits on it.
    const holder = new pg.Client({ connectionString: move.oldUrl });
    holder.on('error', () => undefined);
    const dumping = `select 1 from pg_stat_activity where datname = $1 and application_name = 'pg_dump' and wait_event_type = 'Lock'`;
    try {
      const { run } = await runPaused(move, control, async () => {
        await holder.connect();
        await holder.query('set default_transaction_read_only = off');
        await holder.query('begin');
        await holder.query('lock table estudios in access exclusive mode');
      });
      await until(async () => (await control.query(dumping, [move.oldName])).rowCount, (n) => n === 1, 'pg_dump to wait on the held table');
      await cutLock(control, move.traslado.id);
      await run;
      // The dump ended with the copy (the undo also ended the session holding the table).
      expect((await control.query(`select 1 from pg_stat_activity where application_name = 'pg_dump'`)).rowCount).toBe(0);
    } finally {
      await control.end();
      await holder.end().catch(() => undefined);
    }
    await expectUndone(move);
  });
});

/** Whether a database of the shared server is set to refuse writes (what a move does to the old one). */
async function isReadOnly(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withDatabaseName(t.config.database.controlUrl!, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `select 1 from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
        where d.datname = $1 and s.setrole = 0 and 'default_transaction_read_only=on' = any(s.setconfig)`,
      [name],
    );
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('a move whose cleanup fails after the switch', () => {
  it('stays activo with a note, the receiver is served from the new server, and the old database stays read-only', async () => {
    const created = await onboard('srv_limpieza', 1);
    const token = await t.login('srv_limpieza', 'clave-segura-123');
    const first = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Antes del cambio' }) });
    expect(first.statusCode, first.body).toBe(201);
    const oldName = created.configuracion.database_name;
    const before = await tableChecksums(withDatabaseName(t.config.database.controlUrl!, oldName));
    const messages: string[] = [];
    // Closing the old database's pools fails (as a pool that will not end would).
    const failingPools = { evict: async () => Promise.reject(new Error('no se pudo cerrar el pool')) } as unknown as TenantPools;
    const ctx = recordingContext(messages, { tenantPools: failingPools });
    const traslado = await iniciarTraslado(ctx, created.receptor.id, segundo);
    await runTraslado(ctx, traslado.id);

    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${created.receptor.id}/mover/` })).json());
    expect(estado.estado, estado.detalle).toBe('activo');
    expect(estado.detalle).toBe(`${m.activo('segundo', before.length)} ${m.limpiezaFallida('no se pudo cerrar el pool')}`);
    expect(estado.tablas).toEqual(before);
    expect(messages).toContain('receiver database moved');
    expect(messages).toContain('receiver moved, but closing the old database’s pools failed');
    expect(messages).not.toContain('receiver database move failed');
    const moved = await tenantRow(created.receptor.id);
    expect(moved).toMatchObject({ servidorId: segundo, moviendoDesde: null });
    const newUrl = withDatabaseName(cluster.url, moved.databaseName);
    expect(await tableChecksums(newUrl)).toEqual(before);
    // The old database is kept, still refusing writes: nothing was undone.
    expect(await databaseExists(withDatabaseName(t.config.database.controlUrl!, 'postgres'), oldName)).toBe(true);
    expect(await isReadOnly(oldName)).toBe(true);

    // Served from the new server: a write lands there and a read sees it.
    const write = await t.request(token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Tras la limpieza fallida' }) });
    expect(write.statusCode, write.body).toBe(201);
    const list = await t.request(token, { method: 'GET', url: '/api/v1/estudios/' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Antes del cambio');
    expect(list.body).toContain('Tras la limpieza fallida');
    const client = new pg.Client({ connectionString: newUrl });
    await client.connect();
    expect((await client.query("select count(*)::int as n from estudios where nombre = 'Tras la limpieza fallida'")).rows).toEqual([{ n: 1 }]);
    await client.end();
    // Neither the sweep nor a retry of the run touch a finished move.
    expect(await sweepStuckTraslados(ctx, { minutes: 0, isLive: async () => new Set() })).not.toContain(traslado.id);
    await runTraslado(ctx, traslado.id);
    expect((await tenantRow(created.receptor.id)).servidorId).toBe(segundo);
    expect(await isReadOnly(oldName)).toBe(true);
  });
});

describe('the sweep of stuck moves, under its lock', () => {
  beforeAll(async () => {
    await t.app.controlDb.update(controlSchema.servidores).set({ capacidad: 100 }).where(eq(controlSchema.servidores.id, 1));
  });

  async function expectLeftAlone(stuck: Awaited<ReturnType<typeof stuckMove>>) {
    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${stuck.tenant.id}/mover/` })).json());
    expect(estado.estado).toBe('copiando');
    expect((await tenantRow(stuck.tenant.id)).moviendoDesde).not.toBeNull();
    expect(await isReadOnly(stuck.tenant.databaseName)).toBe(true);
    expect(await databaseExists(cluster.url, stuck.halfCopy)).toBe(true);
  }

  async function expectUndone(stuck: Awaited<ReturnType<typeof stuckMove>>, detalle: string) {
    const estado = TrasladoEstadoSchema.parse((await t.request(admin, { method: 'GET', url: `/api/v1/onboarding/clientes/${stuck.tenant.id}/mover/` })).json());
    expect(estado.estado).toBe('fallido');
    expect(estado.detalle).toBe(m.fallido(detalle));
    expect(await tenantRow(stuck.tenant.id)).toMatchObject({ servidorId: 1, databaseName: stuck.tenant.databaseName, moviendoDesde: null });
    expect(await isReadOnly(stuck.tenant.databaseName)).toBe(false);
    expect(await databaseExists(cluster.url, stuck.halfCopy)).toBe(false);
    const write = await t.request(stuck.token, { method: 'POST', url: '/api/v1/estudios/registrar_estudio/', payload: estudioPayload({ nombre: 'Tras el barrido' }) });
    expect(write.statusCode, write.body).toBe(201);
  }

  it('stops without touching anything when its lock’s connection is cut before it acts, and the next sweep undoes the move', async () => {
    const stuck = await stuckMove('srv_bc', new Date(Date.now() - 2 * 3_600_000));
    const base = trasladoContextOf(t.app);
    // The sweep waits at its first look at the receiver's server (before any change) until the lock is cut.
    let reached!: () => void;
    const atStep = new Promise<void>((resolve) => (reached = resolve));
    let cut!: () => void;
    const afterCut = new Promise<void>((resolve) => (cut = resolve));
    let paused = false;
    const servidores = Object.create(base.servidores) as DirectorioServidores;
    servidores.ensure = async (id: number) => {
      if (!paused) {
        paused = true;
        reached();
        await afterCut;
      }
      return base.servidores.ensure(id);
    };
    const errors: string[] = [];
    const ctx: TrasladoContext = {
      ...base,
      servidores,
      log: { info: (obj, msg) => base.log.info(obj, msg), error: (obj, msg) => (errors.push(msg), base.log.error(obj, msg)) },
    };
    const control = new pg.Client({ connectionString: t.config.database.controlUrl! });
    await control.connect();
    let sweep: Promise<number[]>;
    try {
      sweep = sweepStuckTraslados(ctx, { minutes: 30, isLive: async () => new Set() });
      await atStep;
      await cutLock(control, stuck.traslado.id);
    } finally {
      cut();
      await control.end();
    }
    expect(await sweep).toEqual([]);
    expect(errors).toContain('the sweep lost the stuck move’s lock: left to the lock’s holder or the next sweep');
    await expectLeftAlone(stuck);
    const audit = await t.app.controlDb.select().from(controlSchema.auditoria).where(eq(controlSchema.auditoria.tenantId, stuck.tenant.id));
    expect(audit.filter((row) => row.accion === 'traslado_atascado')).toHaveLength(0);

    expect(await sweepStuckTraslados(base, { minutes: 30, isLive: async () => new Set() })).toEqual([stuck.traslado.id]);
    await expectUndone(stuck, m.atascado(30));
  });

  it('undoes a young move at once when its job completed without finishing it, but not while its job is queued or its lock held', async () => {
    const ctx = trasladoContextOf(t.app);
    const options = { minutes: 30, isLive: (ids: number[]) => liveTrasladoJobs(t.app.controlDb, ids), hasEnded: (ids: number[]) => endedTrasladoJobs(t.app.controlDb, ids) };
    const ended = await stuckMove('srv_tf', new Date());
    const queued = await stuckMove('srv_tc', new Date());
    // Queued for later, then (for the first) recorded as completed, as pg-boss does once a run returns.
    const endedJob = await t.app.jobs!.send(TRASLADO_QUEUE, { id: ended.traslado.id }, { startAfter: 3_600 });
    const queuedJob = await t.app.jobs!.send(TRASLADO_QUEUE, { id: queued.traslado.id }, { startAfter: 3_600 });
    try {
      await t.app.controlDb.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${endedJob!}`);
      // Without the completed job's word, a young move waits for the limit.
      expect(await sweepStuckTraslados(ctx, { minutes: 30, isLive: options.isLive })).toEqual([]);
      // Its lock held (a run still at it): left alone.
      const lock = await tryLockTraslado(t.app.databaseConfig, ended.traslado.id);
      try {
        expect(await sweepStuckTraslados(ctx, options)).toEqual([]);
      } finally {
        await lock!.release();
      }
      await expectLeftAlone(ended);
      expect(await sweepStuckTraslados(ctx, options)).toEqual([ended.traslado.id]);
      await expectUndone(ended, m.trabajoTerminado);
      await expectLeftAlone(queued);
    } finally {
      await t.app.jobs!.cancel(TRASLADO_QUEUE, queuedJob!).catch(() => undefined);
    }
    // Once its job is gone, the queued one waits for the limit like any other.
    expect(await sweepStuckTraslados(ctx, options)).toEqual([]);
    expect(await sweepStuckTraslados(ctx, { ...options, minutes: 0 })).toEqual([queued.traslado.id]);
  });
});
