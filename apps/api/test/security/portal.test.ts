import type { HTTPMethods, InjectOptions } from 'fastify';
import type { TenantDb } from '@receptoria/db';
import { controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/modules/auth/passwords';
import { estudioPayload, registerEstudio } from '../../src/modules/encargos/encargos.fixtures';
import { seedEncargo } from '../../src/modules/rutas/rutas.fixtures';
import { jsonSchemaOf, plausibleObject } from './arbitraries';
import { expectSpanishJson } from './spanish';
import { buildWorld, fillPath, fingerprint, MARKER_B, paramNames, routeKey, type World } from './world';

/**
 * The law-firm portal's actor (issue 27) against every route in Fastify's table: a portal token on any
 * staff route is 403 and changes nothing; on every portal route another firm's ids (same receiver or
 * receiver B) are 404 with no byte of that firm in the answer, and the tables stay as they were.
 */

const PORTAL_PREFIX = '/api/v1/portal/';
const PASSWORD = 'portal-seguridad-2026';
const MARKER_A2 = 'Estudio Secreto Portal Dos';
const ROL_A2 = 'C-9191-SECRETOPORTAL';

const world: World = await buildWorld();
afterAll(() => world.close());

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

async function lastEstudio(db: TenantDb, nombre?: string): Promise<number> {
  const where = nombre ? sql`where nombre = ${nombre}` : sql``;
  return rowsOf<{ id: number }>(await db.execute(sql`select id from estudios ${where} order by id desc limit 1`))[0]!.id;
}

/** A portal user of a firm, created as activation leaves it, signed in through the portal. */
async function portalToken(tenantId: number, estudioId: number, email: string): Promise<string> {
  await world.t.app.controlDb.insert(controlSchema.portalUsuarios).values({
    tenantId,
    estudioId,
    nombre: 'Usuario Portal Seguridad',
    email,
    passwordHash: await hashPassword(PASSWORD),
    activadoEn: new Date(),
    // With every right a portal user can hold, so the firm's key routes are reached past the right's check.
    administraApi: true,
  });
  const response = await world.t.request(undefined, { method: 'POST', url: '/api/v1/portal/auth/login/', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`portal login ${email}: ${response.statusCode} ${response.body}`);
  return (response.json() as { access: string }).access;
}

const dbA = await world.dbA();
const dbB = await world.dbB();
const estudioA1 = await lastEstudio(dbA, 'Estudio Alfa Seguridad');
// A second firm of receiver A, with an assignment of its own.
await registerEstudio(world.t, world.tokens.fullA, estudioPayload({ nombre: MARKER_A2 }));
const estudioA2 = await lastEstudio(dbA, MARKER_A2);
const a2Encargo = (await seedEncargo(dbA, { estudioId: estudioA2, numeroRol: ROL_A2 })).encargo.id;
const estudioB = await lastEstudio(dbB);
const tokens = {
  a1: await portalToken(world.tenantA, estudioA1, 'portal.a1@seguridad.cl'),
  a2: await portalToken(world.tenantA, estudioA2, 'portal.a2@seguridad.cl'),
  b: await portalToken(world.tenantB, estudioB, 'portal.b@seguridad.cl'),
};
// Ids of A1's own data that A2 and B must not reach (assignments and receipts of firm A1).
const a1Encargos = rowsOf<{ id: number }>(await dbA.execute(sql`select id from encargos where estudio_id = ${estudioA1} order by id desc limit 2`)).map((r) => r.id);
const a1Recibos = rowsOf<{ id: number }>(await dbA.execute(sql`select id from recibos where estudio_id = ${estudioA1} order by id desc limit 1`)).map((r) => r.id);
const bEncargos = rowsOf<{ id: number }>(await dbB.execute(sql`select id from encargos order by id desc limit 2`)).map((r) => r.id);
// A certificate on each firm's assignment, so the documents list has another firm's rows to leak.
const ROL_A1_DOC = 'C-5151-DOCALFA';
const ROL_B_DOC = 'C-6161-DOCBRAVO';
async function seedCertificado(db: TenantDb, tenantId: number, encargoId: number, rol: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into estampados (encargo_id, numero_rol, titulo, archivo_pdf) values (${encargoId}, ${rol}, ${`Certificado ${rol}`}, ${Buffer.from(`%PDF-1.4 ${rol}`)}) returning id`),
  );
  await world.t.app.controlDb.insert(controlSchema.estampadoDocumentos).values({ documentoId: row!.id, tenantId });
  return row!.id;
}
const documentos = {
  a1: await seedCertificado(dbA, world.tenantA, a1Encargos[0]!, ROL_A1_DOC),
  a2: await seedCertificado(dbA, world.tenantA, a2Encargo, ROL_A2),
  b: await seedCertificado(dbB, world.tenantB, bEncargos[0]!, ROL_B_DOC),
};

// A webhook endpoint of each firm (ids no other table of either receiver holds), so the firm's webhook
// routes have another firm's endpoints to reach.
async function seedEndpoint(db: TenantDb, estudioId: number, desde: number): Promise<number> {
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('webhook_endpoints', 'id'), ${desde}, false)`));
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into webhook_endpoints (estudio_id, url, eventos, secreto) values (${estudioId}, 'https://hooks.example.cl/x', '["encargo.creado"]'::jsonb, 'whsec_seguridad') returning id`),
  );
  return row!.id;
}
const endpoints = {
  a1: await seedEndpoint(dbA, estudioA1, 900_001),
  a2: await seedEndpoint(dbA, estudioA2, 900_101),
  b: await seedEndpoint(dbB, estudioB, 1_900_001),
};
const NUEVO_ENDPOINT = 'POST /api/v1/portal/webhooks/';

const hasBody = (method: HTTPMethods) => !['GET', 'HEAD', 'DELETE'].includes(method);
const portalRoutes = world.routes.filter((route) => route.url.startsWith(PORTAL_PREFIX) && !route.url.startsWith(`${PORTAL_PREFIX}auth/`));
const staffRoutes = world.routes.filter((route) => !route.url.startsWith(PORTAL_PREFIX));

function requestFor(route: (typeof world.routes)[number], id: number): InjectOptions {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: fillPath(route.url, () => String(id)) };
  const query = route.schema?.querystring;
  if (query) {
    const values = plausibleObject(jsonSchemaOf(query), () => id);
    options.query = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
  }
  if (hasBody(route.method)) options.payload = plausibleObject(jsonSchemaOf(route.schema?.body), () => id) as InjectOptions['payload'];
  return options;
}

it('finds the portal routes and the staff routes', () => {
  expect(portalRoutes.length).toBeGreaterThan(8);
  expect(staffRoutes.length).toBeGreaterThan(100);
  expect(a1Encargos.length).toBeGreaterThan(0);
  expect(bEncargos.length).toBeGreaterThan(0);
});

it('answers 403 with a Spanish detail on every staff route to a portal token, and changes nothing', async () => {
  const before = await fingerprint(world);
  for (const route of staffRoutes) {
    const response = await world.t.request(tokens.a1, requestFor(route, a1Encargos[0]!));
    const label = `${routeKey(route)} → ${response.statusCode} ${response.body.slice(0, 160)}`;
    expect(response.statusCode, label).toBe(403);
    expectSpanishJson(response, label);
  }
  expect(await fingerprint(world)).toEqual(before);
});

describe.each(portalRoutes.map((route) => [routeKey(route), route] as const))('%s with another firm’s ids', (_key, route) => {
  it('is 404 (or refused) with no byte of the other firm, and the tables stay as they were', async () => {
    const attempts: Array<{ token: string; ids: number[]; secrets: string[] }> = [
      { token: tokens.a2, ids: [...a1Encargos, ...a1Recibos, ...bEncargos, endpoints.a1, endpoints.b], secrets: ['Estudio Alfa Seguridad', MARKER_B] },
      { token: tokens.a1, ids: [a2Encargo, ...bEncargos, endpoints.a2, endpoints.b], secrets: [MARKER_A2, ROL_A2, MARKER_B] },
      { token: tokens.b, ids: [...a1Encargos, a2Encargo, ...a1Recibos, endpoints.a1, endpoints.a2], secrets: ['Estudio Alfa Seguridad', MARKER_A2, ROL_A2] },
    ];
    for (const { token, ids, secrets } of attempts) {
      for (const id of ids) {
        const before = await fingerprint(world);
        if (routeKey(route) === NUEVO_ENDPOINT) {
          // The firm's own new endpoint: created for the caller's firm only, and nothing else changes.
          const response = await world.t.request(token, requestFor(route, id));
          const label = `${routeKey(route)} id=${id} → ${response.statusCode} ${response.body.slice(0, 160)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expectSpanishJson(response, label);
            expect(await fingerprint(world), label).toEqual(before);
            continue;
          }
          const nuevo = (response.json() as { endpoint: { id: number } }).endpoint.id;
          const [db, estudio] = token === tokens.b ? [dbB, estudioB] : [dbA, token === tokens.a1 ? estudioA1 : estudioA2];
          expect(rowsOf<{ estudio_id: number }>(await db.execute(sql`select estudio_id from webhook_endpoints where id = ${nuevo}`)), label).toEqual([{ estudio_id: estudio }]);
          await db.execute(sql`delete from webhook_endpoints where id = ${nuevo}`);
          expect(await fingerprint(world), label).toEqual(before);
          continue;
        }
        const response = await world.t.request(token, requestFor(route, id));
        const label = `${routeKey(route)} id=${id} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        for (const secret of secrets) expect(response.body, label).not.toContain(secret);
        if (paramNames(route.url).length > 0) expect(response.statusCode, label).toBe(404);
        if (response.statusCode >= 400) {
          expectSpanishJson(response, label);
          expect(await fingerprint(world), label).toEqual(before);
        } else {
          // A success (the user's own preferences) touches neither receiver's data.
          const after = await fingerprint(world);
          expect(after.a, label).toBe(before.a);
          expect(after.b, label).toBe(before.b);
        }
      }
    }
  });
});

it('lists each firm’s own certificates only, with links that open no other certificate', async () => {
  const cases = [
    { token: tokens.a1, own: documentos.a1, foreign: [documentos.a2, documentos.b], secrets: [ROL_A2, ROL_B_DOC] },
    { token: tokens.a2, own: documentos.a2, foreign: [documentos.a1, documentos.b], secrets: [ROL_A1_DOC, ROL_B_DOC] },
    { token: tokens.b, own: documentos.b, foreign: [documentos.a1, documentos.a2], secrets: [ROL_A1_DOC, ROL_A2] },
  ];
  for (const { token, own, foreign, secrets } of cases) {
    const response = await world.t.request(token, { method: 'GET', url: '/api/v1/portal/documentos/?page_size=100' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { results: Array<{ id: string; url: string | null }> };
    const ids = body.results.map((d) => d.id);
    expect(ids).toContain(own);
    for (const id of foreign) expect(ids).not.toContain(id);
    for (const secret of secrets) expect(response.body).not.toContain(secret);
    // The own link, rewritten to another firm's certificate, is refused.
    const link = body.results.find((d) => d.id === own)!.url!;
    expect((await world.t.request(undefined, { method: 'GET', url: link })).statusCode).toBe(200);
    for (const id of foreign) {
      const forged = await world.t.request(undefined, { method: 'GET', url: link.replace(own, id) });
      expect(forged.statusCode).toBe(404);
      for (const secret of secrets) expect(forged.body).not.toContain(secret);
    }
  }
});
