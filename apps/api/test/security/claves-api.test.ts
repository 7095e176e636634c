import { CLAVE_API_ALCANCES, type ClaveApiCreada, clavesApiMessages } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { estudioPayload, registerEstudio } from '../../src/modules/encargos/encargos.fixtures';
import { alcanceDeRuta } from '../../src/modules/portal/claves-api.auth';
import { seedEncargo } from '../../src/modules/rutas/rutas.fixtures';
import { jsonSchemaOf, plausibleObject } from './arbitraries';
import { expectSpanishJson } from './spanish';
import { buildWorld, checksum, CONTROL_VOLATILE, fillPath, MARKER_B, paramNames, routeKey, type World } from './world';

/**
 * Firms' API keys as an actor against every route in Fastify's table: a key with every scope is 403 on
 * every staff route and on the portal routes no key may open, and changes nothing; on the portal routes
 * it opens, another firm's ids (same receiver or another) are 404 with no byte of that firm.
 */

const PORTAL_PREFIX = '/api/v1/portal/';
const MARKER_A2 = 'Estudio Secreto Claves Dos';
const ROL_A2 = 'C-9292-SECRETOCLAVE';

const world: World = await buildWorld();
afterAll(() => world.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function lastEstudio(db: TenantDb, nombre?: string): Promise<number> {
  const where = nombre ? sql`where nombre = ${nombre}` : sql``;
  return rowsOf<{ id: number }>(await db.execute(sql`select id from estudios ${where} order by id desc limit 1`))[0]!.id;
}

async function clave(token: string, estudioId: number): Promise<string> {
  const response = await world.t.request(token, {
    method: 'POST',
    url: `/api/v1/estudios/${estudioId}/claves_api/`,
    payload: { nombre: 'Seguridad', alcances: [...CLAVE_API_ALCANCES] },
  });
  if (response.statusCode !== 201) throw new Error(`clave ${estudioId}: ${response.statusCode} ${response.body}`);
  return (response.json() as ClaveApiCreada).secreto;
}

const dbA = await world.dbA();
const dbB = await world.dbB();
const estudioA1 = await lastEstudio(dbA, 'Estudio Alfa Seguridad');
await registerEstudio(world.t, world.tokens.fullA, estudioPayload({ nombre: MARKER_A2 }));
const estudioA2 = await lastEstudio(dbA, MARKER_A2);
const a2Encargo = (await seedEncargo(dbA, { estudioId: estudioA2, numeroRol: ROL_A2 })).encargo.id;
const estudioB = await lastEstudio(dbB);
const keys = { a1: await clave(world.tokens.fullA, estudioA1), a2: await clave(world.tokens.fullA, estudioA2), b: await clave(world.tokens.fullB, estudioB) };
const a1Encargos = rowsOf<{ id: number }>(await dbA.execute(sql`select id from encargos where estudio_id = ${estudioA1} order by id desc limit 2`)).map((r) => r.id);
const a1Recibos = rowsOf<{ id: number }>(await dbA.execute(sql`select id from recibos where estudio_id = ${estudioA1} order by id desc limit 1`)).map((r) => r.id);
const bEncargos = rowsOf<{ id: number }>(await dbB.execute(sql`select id from encargos order by id desc limit 2`)).map((r) => r.id);
// A webhook endpoint of each firm (ids no other table of either receiver holds): keys with
// webhooks:administrar reach their own firm's endpoints only.
async function seedEndpoint(db: TenantDb, estudioId: number, desde: number): Promise<number> {
  await db.execute(sql.raw(`select setval(pg_get_serial_sequence('webhook_endpoints', 'id'), ${desde}, false)`));
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into webhook_endpoints (estudio_id, url, eventos, secreto) values (${estudioId}, 'https://hooks.example.cl/x', '["encargo.creado"]'::jsonb, 'whsec_seguridad') returning id`),
  );
  return row!.id;
}
const endpoints = {
  a1: await seedEndpoint(dbA, estudioA1, 910_001),
  a2: await seedEndpoint(dbA, estudioA2, 910_101),
  b: await seedEndpoint(dbB, estudioB, 1_910_001),
};

/** Every table, the keys' own last-use stamp aside (a use may record it). */
async function state() {
  return {
    a: await checksum(dbA),
    b: await checksum(dbB),
    control: await checksum(world.t.app.controlDb as unknown as TenantDb, new RegExp(`${CONTROL_VOLATILE.source}|^portal_claves_api$`)),
  };
}

const hasBody = (method: HTTPMethods) => !['GET', 'HEAD', 'DELETE'].includes(method);
const portalRoutes = world.routes.filter((route) => route.url.startsWith(PORTAL_PREFIX) && !route.url.startsWith(`${PORTAL_PREFIX}auth/`));
const openable = portalRoutes.filter((route) => alcanceDeRuta(route.method, route.url));
const closed = portalRoutes.filter((route) => !alcanceDeRuta(route.method, route.url));
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

it('finds the routes a key opens, those it may not, and the staff routes', () => {
  expect(openable.length).toBeGreaterThanOrEqual(10);
  // The firm's webhook routes are opened by webhooks:administrar.
  expect(openable.filter((route) => route.url.startsWith(`${PORTAL_PREFIX}webhooks/`))).toHaveLength(8);
  expect(closed.length).toBeGreaterThan(0);
  expect(staffRoutes.length).toBeGreaterThan(100);
  expect(a1Encargos.length).toBeGreaterThan(0);
  expect(bEncargos.length).toBeGreaterThan(0);
});

it('answers 403 with a Spanish detail on every staff route and every portal route no key opens, and changes nothing', async () => {
  const before = await state();
  for (const route of [...staffRoutes, ...closed]) {
    const response = await world.t.request(keys.a1, requestFor(route, a1Encargos[0]!));
    const label = `${routeKey(route)} → ${response.statusCode} ${response.body.slice(0, 160)}`;
    expect(response.statusCode, label).toBe(403);
    expectSpanishJson(response, label);
    expect(response.body, label).not.toContain(keys.a1.slice(11));
  }
  expect(await state()).toEqual(before);
});

it("answers 401 to a revoked key's every portal route", async () => {
  const secreto = await clave(world.tokens.fullA, estudioA1);
  const listed = await world.t.request(world.tokens.fullA, { method: 'GET', url: `/api/v1/estudios/${estudioA1}/claves_api/` });
  const id = (listed.json() as { results: Array<{ id: number; prefijo: string }> }).results.find((c) => c.prefijo === secreto.slice(0, 11))!.id;
  expect((await world.t.request(world.tokens.fullA, { method: 'DELETE', url: `/api/v1/estudios/${estudioA1}/claves_api/${id}/` })).statusCode).toBe(200);
  for (const route of portalRoutes) {
    const response = await world.t.request(secreto, requestFor(route, a1Encargos[0]!));
    expect(response.statusCode, routeKey(route)).toBe(401);
  }
});

describe.each(openable.map((route) => [routeKey(route), route] as const))('%s with a key and another firm’s ids', (_key, route) => {
  it('is 404 (or refused) with no byte of the other firm, and the tables stay as they were', async () => {
    const attempts: Array<{ key: string; ids: number[]; secrets: string[] }> = [
      { key: keys.a2, ids: [...a1Encargos, ...a1Recibos, ...bEncargos, endpoints.a1, endpoints.b], secrets: ['Estudio Alfa Seguridad', MARKER_B] },
      { key: keys.a1, ids: [a2Encargo, ...bEncargos, endpoints.a2, endpoints.b], secrets: [MARKER_A2, ROL_A2, MARKER_B] },
      { key: keys.b, ids: [...a1Encargos, a2Encargo, ...a1Recibos, endpoints.a1, endpoints.a2], secrets: ['Estudio Alfa Seguridad', MARKER_A2, ROL_A2] },
    ];
    for (const { key, ids, secrets } of attempts) {
      for (const id of ids) {
        const before = await state();
        const response = await world.t.request(key, requestFor(route, id));
        const label = `${routeKey(route)} id=${id} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.statusCode, label).not.toBe(403);
        for (const secret of secrets) expect(response.body, label).not.toContain(secret);
        if (paramNames(route.url).length > 0) expect(response.statusCode, label).toBe(404);
        if (response.statusCode >= 400) {
          expectSpanishJson(response, label);
          expect(await state(), label).toEqual(before);
        }
      }
    }
  });
});

it('says in Spanish why a key is refused outside its scopes', async () => {
  const response = await world.t.request(keys.a1, { method: 'GET', url: '/api/v1/portal/perfil/' });
  expect(response.json()).toEqual({ detail: clavesApiMessages.fueraDeAlcance });
});
