import { createHash } from 'node:crypto';
import {
  type ClaveApiCreada,
  clavesApiMessages,
  type Estudio,
  type EstudioPortalConfiguracion,
  portalMessages,
  type SolicitudResponse,
  SolicitudResponseSchema,
  SolicitudesListResponseSchema,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helper';
import { multipart, pdf, seedTwoReceivers } from '../../../test/portal-kit';
import { startTwoInstances } from '../../../test/two-instances';
import { slideOutcome } from '../../plugins/rate-limit';
import { encargoPayload, loadLookups, type Lookups } from '../encargos/encargos.fixtures';
import { hashPassword } from '../auth/passwords';
import { controlSchema } from '@receptoria/db';

/**
 * Firms' systems sending work (two instances, one database): the firm's API settings, the per-key
 * sliding minute, requests as JSON with base64 PDFs, Idempotency-Key (same content → same answer,
 * other content → 409, concurrent → one request), requests kept with the key that sent them, and the
 * automatic acceptance a receiver may enable for a firm.
 */

let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let close: (() => Promise<void>) | undefined;
let world: Awaited<ReturnType<typeof seedTwoReceivers>>;
let lookups: Lookups;
let db: TenantDb;
let session: string;
let demanda: Buffer;
let resolucion: Buffer;

beforeAll(async () => {
  ({ t, a, b, close } = await startTwoInstances());
  world = await seedTwoReceivers(t, {
    estudiosA: ['Estudio Uno Sistemas', 'Estudio Dos Sistemas'],
    receptorB: 'Receptora Otra de Sistemas',
    staffB: 'sistemas_staff_b',
    estudioB: 'Estudio Ajeno de Sistemas',
    rolesA1: ['C-9101-2026'],
    rolA2: 'C-9202-2026',
    rolB: 'C-9303-2026',
  });
  lookups = await loadLookups(t, world.staff);
  db = await t.tenantDbOf(t.mainTenantId);
  const email = 'abogada@sistemas.cl';
  await a.controlDb
    .insert(controlSchema.portalUsuarios)
    .values({ tenantId: t.mainTenantId, estudioId: world.estudioA1.id, nombre: 'Abogada Sistemas', email, passwordHash: await hashPassword('portal-sistemas-2026'), activadoEn: new Date() });
  const login = await t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: 'portal-sistemas-2026' } });
  expect(login.statusCode, login.body).toBe(200);
  session = (login.json() as { access: string }).access;
  demanda = await pdf('DEMANDA SISTEMAS');
  resolucion = await pdf('RESOLUCION SISTEMAS');
}, 90_000);
afterAll(async () => {
  await close?.();
});

const URL = '/api/v1/portal/solicitudes/';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const configUrl = (estudioId: number) => `/api/v1/estudios/${estudioId}/portal_configuracion/`;

async function crearClave(estudio: Estudio, alcances: string[] = ['encargos:crear', 'encargos:leer']): Promise<ClaveApiCreada> {
  const response = await t.request(world.staff, { method: 'POST', url: `/api/v1/estudios/${estudio.id}/claves_api/`, payload: { nombre: 'Sistema de cobranza', alcances } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ClaveApiCreada;
}

async function configurar(estudioId: number, value: EstudioPortalConfiguracion) {
  const response = await t.request(world.staff, { method: 'PUT', url: configUrl(estudioId), payload: value });
  expect(response.statusCode, response.body).toBe(200);
}

function datosDe(rol: string) {
  const { estudio_juridico: _firm, ...datos } = encargoPayload(world.estudioA1, lookups, { numero_rol: rol, partes: 'Banco con Sistema' });
  return datos;
}

const b64 = (bytes: Buffer) => bytes.toString('base64');
const jsonBody = (rol: string) => ({
  datos: datosDe(rol),
  demanda: { nombre: 'demanda.pdf', contenido_base64: b64(demanda) },
  resolucion: { nombre: 'resolucion.pdf', contenido_base64: b64(resolucion) },
});

function postJson(app: FastifyInstance, token: string, payload: unknown, key?: string) {
  return app.inject({ method: 'POST', url: URL, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as Record<string, unknown> });
}

async function countRol(rol: string): Promise<number> {
  const { rows } = (await db.execute(sql`select count(*)::int as n from solicitudes where numero_rol = ${rol}`)) as unknown as { rows: Array<{ n: number }> };
  return rows[0]!.n;
}

describe("the firm's API settings", () => {
  it('default to 600 a minute and no automatic acceptance, save with an audit entry, and refuse bad values in Spanish', async () => {
    const initial = await t.request(world.staff, { method: 'GET', url: configUrl(world.estudioA2.id) });
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({ limite_api_por_minuto: 600, aceptar_api_automaticamente: false });
    for (const payload of [
      { limite_api_por_minuto: 0, aceptar_api_automaticamente: false },
      { limite_api_por_minuto: 1.5, aceptar_api_automaticamente: false },
      { limite_api_por_minuto: 100_001, aceptar_api_automaticamente: false },
    ]) {
      const refused = await t.request(world.staff, { method: 'PUT', url: configUrl(world.estudioA2.id), payload });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ detail: clavesApiMessages.limiteInvalido });
    }
    const noBool = await t.request(world.staff, { method: 'PUT', url: configUrl(world.estudioA2.id), payload: { limite_api_por_minuto: 10, aceptar_api_automaticamente: 'sí' } });
    expect(noBool.json()).toMatchObject({ detail: clavesApiMessages.aceptarInvalido });
    await configurar(world.estudioA2.id, { limite_api_por_minuto: 120, aceptar_api_automaticamente: true });
    const saved = await t.request(world.staff, { method: 'GET', url: configUrl(world.estudioA2.id) });
    expect(saved.json()).toEqual({ limite_api_por_minuto: 120, aceptar_api_automaticamente: true });
    const { rows } = (await db.execute(
      sql`select cambios::text as cambios from auditoria where entidad = 'estudio' and entidad_id = ${world.estudioA2.id} and accion = 'modificar' order by id desc limit 1`,
    )) as unknown as { rows: Array<{ cambios: string }> };
    expect(JSON.parse(rows[0]!.cambios)).toEqual({
      limite_api_por_minuto: { antes: 600, despues: 120 },
      aceptar_api_automaticamente: { antes: false, despues: true },
    });
    // Another receiver's firm is not found; the untouched firm keeps the defaults.
    const foreign = await t.request(world.staff, { method: 'GET', url: configUrl(world.estudioB.id + 100_000) });
    expect(foreign.statusCode).toBe(404);
    const other = await t.request(world.staff, { method: 'GET', url: configUrl(world.estudioA1.id) });
    expect(other.json()).toEqual({ limite_api_por_minuto: 600, aceptar_api_automaticamente: false });
    await configurar(world.estudioA2.id, { limite_api_por_minuto: 600, aceptar_api_automaticamente: false });
  });
});

describe('the sliding minute of a key', () => {
  it('weighs the previous window by the part still inside the last minute', () => {
    // 60 hits in the previous window, a quarter of this one gone: 45 still count.
    expect(slideOutcome(60, 10, 0.25, 60_000, 100, true).current).toBeCloseTo(56);
    // Full: 45 + 55 = 100; room for one more once a sixtieth of the old hits has left (a second).
    const refused = slideOutcome(60, 55, 0.25, 60_000, 100, false);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1_001);
    // This window alone is full: into the next one, until this window's weight leaves room.
    expect(Math.abs(slideOutcome(0, 100, 0.5, 60_000, 100, false).retryAfterMs - 30_600)).toBeLessThanOrEqual(1);
  });

  it("keeps the firm's own limit on both instances together: past it, 429 with Retry-After and a Spanish detail", async () => {
    await configurar(world.estudioA2.id, { limite_api_por_minuto: 30, aceptar_api_automaticamente: false });
    const clave = await crearClave(world.estudioA2, ['encargos:leer']);
    const otra = await crearClave(world.estudioA1, ['encargos:leer']);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).inject({ method: 'GET', url: '/api/v1/portal/encargos/', headers: bearer(clave.secreto) })),
    );
    expect(statuses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    for (const app of [a, b]) {
      const refused = await app.inject({ method: 'GET', url: '/api/v1/portal/encargos/', headers: bearer(clave.secreto) });
      expect(refused.statusCode).toBe(429);
      const retry = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retry)).toBe(true);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(61);
      expect(refused.json()).toEqual({ detail: clavesApiMessages.limiteApi(retry) });
    }
    // Refusals are not counted, and another firm's key has its own (default) minute.
    expect((await a.inject({ method: 'GET', url: '/api/v1/portal/encargos/', headers: bearer(otra.secreto) })).statusCode).toBe(200);
    await configurar(world.estudioA2.id, { limite_api_por_minuto: 600, aceptar_api_automaticamente: false });
  }, 60_000);
});

describe('requests as JSON', () => {
  it('stores the same request as multipart does: data, file names and bytes', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const viaJson = await postJson(a, secreto, jsonBody('C-9401-2026'));
    expect(viaJson.statusCode, viaJson.body).toBe(201);
    const form = multipart({ datos: JSON.stringify(datosDe('C-9401-2026')) }, { demanda: { name: 'demanda.pdf', bytes: demanda }, resolucion: { name: 'resolucion.pdf', bytes: resolucion } });
    const viaForm = await b.inject({ method: 'POST', url: URL, headers: { ...form.headers, ...bearer(secreto) }, payload: form.payload });
    expect(viaForm.statusCode, viaForm.body).toBe(201);
    const [x, y] = [viaJson, viaForm].map((r) => SolicitudResponseSchema.parse(r.json()).solicitud);
    expect(x!.datos).toEqual(y!.datos);
    expect(x!.archivos).toEqual(y!.archivos);
    expect(x!.archivos.map((f) => f.bytes)).toEqual([demanda.length, resolucion.length]);
    const { rows } = (await db.execute(
      sql`select solicitud_id, campo, sha256, contenido from solicitud_archivos where solicitud_id in (${x!.id}, ${y!.id}) order by solicitud_id, campo`,
    )) as unknown as { rows: Array<{ solicitud_id: number; campo: string; sha256: string; contenido: Buffer }> };
    expect(rows.map((r) => [r.campo, r.sha256])).toEqual([
      ['demanda', createHash('sha256').update(demanda).digest('hex')],
      ['resolucion', createHash('sha256').update(resolucion).digest('hex')],
      ['demanda', createHash('sha256').update(demanda).digest('hex')],
      ['resolucion', createHash('sha256').update(resolucion).digest('hex')],
    ]);
    expect(Buffer.from(rows[0]!.contenido).equals(demanda)).toBe(true);
  });

  it('refuses what multipart refuses, in Spanish, storing nothing', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const rol = 'C-9402-2026';
    const notPdf = { ...jsonBody(rol), demanda: { nombre: 'demanda.pdf', contenido_base64: b64(Buffer.from('no es un pdf')) } };
    const tooBig = { ...jsonBody(rol), resolucion: { nombre: 'r.pdf', contenido_base64: b64(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)])) } };
    const notBase64 = { ...jsonBody(rol), demanda: { nombre: 'demanda.pdf', contenido_base64: '%%%%' } };
    const badData = { ...jsonBody(rol), datos: { ...datosDe(rol), numero_rol: '' } };
    const unknown = { ...jsonBody(rol), anexo: { nombre: 'x.pdf', contenido_base64: b64(demanda) } };
    const cases: Array<[unknown, string]> = [
      [notPdf, portalMessages.archivoNoPdf('demanda')],
      [tooBig, portalMessages.archivoMuyGrande('resolucion')],
      [notBase64, clavesApiMessages.archivoBase64Invalido],
      [{ demanda: jsonBody(rol).demanda }, portalMessages.datosRequeridos],
      [unknown, portalMessages.campoDesconocido('anexo')],
      [[1, 2], clavesApiMessages.cuerpoJsonInvalido],
    ];
    for (const [payload, detail] of cases) {
      const response = await postJson(a, secreto, payload);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.json()).toMatchObject({ detail });
    }
    const bad = await postJson(a, secreto, badData);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { errors: Record<string, unknown> }).errors)).toContain('numero_rol');
    // A long string inside the data keeps the usual limit.
    const long = await postJson(a, secreto, { ...jsonBody(rol), datos: { ...datosDe(rol), observaciones_encargo: 'x'.repeat(200_000) } });
    expect(long.statusCode).toBe(400);
    expect(await countRol(rol)).toBe(0);
  }, 60_000);
});

describe('Idempotency-Key', () => {
  it('gives the same answer to the same content (any key order), for a key and for a session, and 409 to other content', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const body = jsonBody('C-9403-2026');
    const first = await postJson(a, secreto, body, 'pedido-9403');
    expect(first.statusCode, first.body).toBe(201);
    const reordered = { resolucion: body.resolucion, demanda: body.demanda, datos: Object.fromEntries(Object.entries(body.datos).reverse()) };
    const again = await postJson(b, secreto, reordered, 'pedido-9403');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countRol('C-9403-2026')).toBe(1);
    const other = await postJson(a, secreto, jsonBody('C-9404-2026'), 'pedido-9403');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: clavesApiMessages.idempotenciaOtroCuerpo });
    expect(await countRol('C-9404-2026')).toBe(0);
    // A portal session of the same firm: multipart, the same bytes under another boundary.
    const form = () =>
      multipart({ datos: JSON.stringify(datosDe('C-9405-2026')) }, { demanda: { name: 'demanda.pdf', bytes: demanda } });
    const f1 = form();
    const s1 = await a.inject({ method: 'POST', url: URL, headers: { ...f1.headers, ...bearer(session), 'idempotency-key': 'form-9405' }, payload: f1.payload });
    expect(s1.statusCode, s1.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const f2 = form();
    const s2 = await b.inject({ method: 'POST', url: URL, headers: { ...f2.headers, ...bearer(session), 'idempotency-key': 'form-9405' }, payload: f2.payload });
    expect(s2.statusCode).toBe(201);
    expect(s2.body).toBe(s1.body);
    const changed = multipart({ datos: JSON.stringify(datosDe('C-9405-2026')) }, { demanda: { name: 'demanda.pdf', bytes: resolucion } });
    const s3 = await a.inject({ method: 'POST', url: URL, headers: { ...changed.headers, ...bearer(session), 'idempotency-key': 'form-9405' }, payload: changed.payload });
    expect(s3.statusCode).toBe(409);
    expect(await countRol('C-9405-2026')).toBe(1);
    // The session's request names its user; keys are kept per firm, so another firm may use the same one.
    expect(SolicitudResponseSchema.parse(s1.json()).solicitud).toMatchObject({ remitente: 'Abogada Sistemas', clave_api: null });
    const otherFirm = await crearClave(world.estudioA2);
    const { estudio_juridico: _f, ...datosA2 } = encargoPayload(world.estudioA2, lookups, { numero_rol: 'C-9406-2026' });
    const a2 = await postJson(a, otherFirm.secreto, { datos: datosA2 }, 'pedido-9403');
    expect(a2.statusCode, a2.body).toBe(201);
  }, 60_000);

  it('stores one request when the same key arrives concurrently on both instances', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const body = jsonBody('C-9407-2026');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => postJson(i % 2 === 0 ? a : b, secreto, body, 'simultanea-9407')));
    expect(await countRol('C-9407-2026')).toBe(1);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length + answers.filter((r) => r.statusCode === 409).length).toBe(6);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
  }, 60_000);

  it('refuses a malformed Idempotency-Key in Spanish', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const response = await postJson(a, secreto, jsonBody('C-9408-2026'), 'x'.repeat(256));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: clavesApiMessages.idempotenciaInvalida });
    expect(await countRol('C-9408-2026')).toBe(0);
  });

  it('forgets a key after 24 hours', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    expect((await postJson(a, secreto, jsonBody('C-9409-2026'), 'vieja-9409')).statusCode).toBe(201);
    await db.execute(sql`update solicitud_idempotencia set creada_en = now() - interval '25 hours' where clave = 'vieja-9409'`);
    const fresh = await postJson(a, secreto, jsonBody('C-9410-2026'), 'vieja-9409');
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(await countRol('C-9410-2026')).toBe(1);
  });
});

describe('requests sent with a key', () => {
  it('keep the key (no user) and show "vía API (clave <prefijo>)" in the office inbox and the portal', async () => {
    const { secreto, clave } = await crearClave(world.estudioA1);
    const sent = await postJson(a, secreto, jsonBody('C-9411-2026'));
    const solicitud = SolicitudResponseSchema.parse(sent.json()).solicitud;
    expect(solicitud).toMatchObject({ usuario: { id: null }, clave_api: { id: clave.id, prefijo: clave.prefijo }, remitente: `vía API (clave ${clave.prefijo})` });
    const { rows } = (await db.execute(sql`select portal_usuario_id, clave_api_id, clave_api_prefijo from solicitudes where id = ${solicitud.id}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    expect(rows[0]).toEqual({ portal_usuario_id: null, clave_api_id: clave.id, clave_api_prefijo: clave.prefijo });
    const inbox = SolicitudesListResponseSchema.parse((await t.request(world.staff, { method: 'GET', url: '/api/v1/solicitudes/?estado=pendiente' })).json());
    expect(inbox.results.find((s) => s.id === solicitud.id)?.remitente).toBe(`vía API (clave ${clave.prefijo})`);
    const portal = SolicitudesListResponseSchema.parse((await t.request(session, { method: 'GET', url: URL })).json());
    expect(portal.results.find((s) => s.id === solicitud.id)?.remitente).toBe(`vía API (clave ${clave.prefijo})`);
    // The office may still reject it (no portal user to mail).
    const rejected = await t.request(world.staff, { method: 'POST', url: `/api/v1/solicitudes/${solicitud.id}/rechazar/`, payload: { motivo: 'Duplicada' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('become assignments at once where the firm enabled it (through the office acceptance), and wait otherwise', async () => {
    const { secreto } = await crearClave(world.estudioA1);
    const pending = await postJson(a, secreto, jsonBody('C-9412-2026'));
    expect(SolicitudResponseSchema.parse(pending.json()).solicitud).toMatchObject({ estado: 'pendiente', encargo_id: null });
    await configurar(world.estudioA1.id, { limite_api_por_minuto: 600, aceptar_api_automaticamente: true });
    try {
      const accepted = await postJson(b, secreto, jsonBody('C-9413-2026'), 'auto-9413');
      expect(accepted.statusCode, accepted.body).toBe(201);
      const solicitud = (accepted.json() as SolicitudResponse).solicitud;
      expect(solicitud).toMatchObject({ estado: 'aceptada' });
      expect(solicitud.encargo_id).not.toBeNull();
      const replay = await postJson(a, secreto, jsonBody('C-9413-2026'), 'auto-9413');
      expect(replay.body).toBe(accepted.body);
      const { rows: encargo } = (await db.execute(sql`select numero_rol from encargos where id = ${solicitud.encargo_id}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      expect(encargo[0]).toMatchObject({ numero_rol: 'C-9413-2026' });
      const { rows: adjuntos } = (await db.execute(sql`select origen from encargo_adjuntos where encargo_id = ${solicitud.encargo_id} order by origen`)) as unknown as {
        rows: Array<{ origen: string }>;
      };
      expect(adjuntos.map((r) => r.origen)).toEqual(['demanda', 'resolucion']);
      const { rows: eventos } = (await db.execute(sql`select tipo from encargo_eventos where encargo_id = ${solicitud.encargo_id}`)) as unknown as { rows: Array<{ tipo: string }> };
      expect(eventos.length).toBeGreaterThan(0);
      const { rows: audit } = (await db.execute(sql`select usuario from auditoria where entidad = 'solicitud' and entidad_id = ${solicitud.id} and accion = 'aceptar'`)) as unknown as {
        rows: Array<{ usuario: string }>;
      };
      expect(audit[0]!.usuario).toMatch(/^api:rk_/);
      // Sent at once on both instances with one Idempotency-Key: one request, one assignment.
      const same = jsonBody('C-9415-2026');
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => postJson(i % 2 === 0 ? a : b, secreto, same, 'auto-9415')));
      const created = answers.filter((r) => r.statusCode === 201);
      expect(created.length + answers.filter((r) => r.statusCode === 409).length).toBe(4);
      expect(new Set(created.map((r) => r.body)).size).toBe(1);
      expect((created[0]!.json() as SolicitudResponse).solicitud.estado).toBe('aceptada');
      expect(await countRol('C-9415-2026')).toBe(1);
      const { rows: asignados } = (await db.execute(sql`select count(*)::int as n from encargos where numero_rol = 'C-9415-2026'`)) as unknown as { rows: Array<{ n: number }> };
      expect(asignados[0]!.n).toBe(1);
      // A person's request on the portal still waits for the office.
      const form = multipart({ datos: JSON.stringify(datosDe('C-9414-2026')) }, {});
      const byPerson = await a.inject({ method: 'POST', url: URL, headers: { ...form.headers, ...bearer(session) }, payload: form.payload });
      expect(SolicitudResponseSchema.parse(byPerson.json()).solicitud.estado).toBe('pendiente');
    } finally {
      await configurar(world.estudioA1.id, { limite_api_por_minuto: 600, aceptar_api_automaticamente: false });
    }
  }, 60_000);
});
