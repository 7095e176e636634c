import type { HTTPMethods, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonSchemaOf, plausibleObject, zodOf } from './arbitraries';
import { expectSpanishJson } from './spanish';
import {
  badTokens,
  buildWorld,
  fillPath,
  fingerprint,
  MARKER_B,
  PUBLIC_ROUTES,
  paramNames,
  routeKey,
  type World,
} from './world';

/**
 * Every route registered in the app (read from Fastify's route table, so new routes are covered
 * without touching this file): sessions, module guards and receiver isolation.
 */

const world: World = await buildWorld();
afterAll(() => world.close());

const protectedRoutes = world.routes.filter((route) => !(routeKey(route) in PUBLIC_ROUTES));
const hasBody = (method: HTTPMethods) => !['GET', 'HEAD', 'DELETE'].includes(method);

/** A body the route's schema accepts (so the handler is reached), built with the given ids. */
function validBody(schema: unknown, idValue: () => number): unknown {
  const zod = zodOf(schema);
  const json = jsonSchemaOf(schema);
  for (let seed = 1; seed <= 40; seed += 1) {
    const candidate = plausibleObject(json, idValue, seed);
    if (!zod || zod.safeParse(candidate).success) return candidate;
  }
  return plausibleObject(json, idValue, 1);
}

function requestFor(route: (typeof world.routes)[number], idValue: () => number): InjectOptions {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: fillPath(route.url, () => String(idValue())) };
  const query = route.schema?.querystring;
  if (query) {
    const values = plausibleObject(jsonSchemaOf(query), idValue);
    options.query = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
  }
  if (hasBody(route.method)) options.payload = validBody(route.schema?.body, idValue) as InjectOptions['payload'];
  return options;
}

it('finds the routes in Fastify’s route table', () => {
  expect(world.routes.length).toBeGreaterThan(20);
  expect(protectedRoutes.length).toBeGreaterThan(15);
  for (const key of Object.keys(PUBLIC_ROUTES)) {
    // An allow-list entry for a route that no longer exists must be removed.
    if (key.startsWith('GET /health') || world.routes.some((route) => routeKey(route) === key)) continue;
    throw new Error(`PUBLIC_ROUTES names a route that does not exist: ${key}`);
  }
});

it('reaches the reading routes (Nuevo Encargo with its PDFs, the portal’s reading, a request’s reading)', () => {
  const keys = protectedRoutes.map(routeKey);
  for (const key of [
    'POST /api/v1/nuevo_encargo/crear_con_documentos/',
    'POST /api/v1/nuevo_encargo/leer_documentos/',
    'POST /api/v1/portal/solicitudes/leer_documentos/',
    'POST /api/v1/solicitudes/:id/lectura/',
  ]) {
    expect(keys).toContain(key);
  }
});

describe.each(protectedRoutes.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  it('answers 401 with a Spanish JSON detail to a missing, forged, expired, alg:none or exp-less token', async () => {
    const tokens = badTokens(world.tokens.fullA, world.t.config.jwtSecret!);
    for (const [label, token] of Object.entries(tokens)) {
      const response = await world.t.request(token, requestFor(route, () => 1));
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(401);
      expectSpanishJson(response, label);
    }
  });

  it('answers 403 to a user without the module when the route is guarded', async () => {
    const response = await world.t.request(world.tokens.noneA, requestFor(route, () => 1));
    if (route.modules.length > 0) expect(response.statusCode, response.body.slice(0, 200)).toBe(403);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expectSpanishJson(response);
  });
});

/**
 * Routes open to the receptor's cargo or the permissions module (the receiver's own settings), not to staff:
 * the user without modules, a secretaria, is refused and nothing changes.
 */
const RECEPTOR_ROUTES = [
  'GET /api/v1/configuracion/receptor/',
  'PUT /api/v1/configuracion/receptor/',
  'POST /api/v1/calendario/feriados/',
  'DELETE /api/v1/calendario/feriados/:id/',
  'PUT /api/v1/calendario/configuracion/',
  'PUT /api/v1/portal_configuracion/',
  'PUT /api/v1/estudios/:id/portal_configuracion/',
  'POST /api/v1/indicadores-economicos/uf/',
];

describe.each(RECEPTOR_ROUTES)('%s', (key) => {
  it('answers 403 in Spanish to staff without modules, changing nothing', async () => {
    const route = world.routes.find((r) => routeKey(r) === key);
    expect(route, key).toBeDefined();
    const before = await fingerprint(world);
    const response = await world.t.request(world.tokens.noneA, requestFor(route!, () => 1));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(403);
    expectSpanishJson(response);
    expect(await fingerprint(world)).toEqual(before);
  });
});

/** Routes of the platform admin alone (its CA certificates count for every receiver's signers). */
const PLATFORM_ADMIN_ROUTES = ['GET /api/v1/firma/autoridades/', 'POST /api/v1/firma/autoridades/'];

describe.each(PLATFORM_ADMIN_ROUTES)('%s', (key) => {
  it('answers 403 in Spanish to every receiver’s user, changing nothing', async () => {
    const route = world.routes.find((r) => routeKey(r) === key);
    expect(route, key).toBeDefined();
    for (const token of [world.tokens.fullA, world.tokens.noneA, world.tokens.fullB]) {
      const before = await fingerprint(world);
      const response = await world.t.request(token, requestFor(route!, () => 1));
      expect(response.statusCode, response.body.slice(0, 200)).toBe(403);
      expectSpanishJson(response);
      expect(await fingerprint(world)).toEqual(before);
    }
  });
});

const routesWithIds = protectedRoutes.filter((route) => paramNames(route.url).length > 0 || route.schema?.querystring || hasBody(route.method));

describe.each(routesWithIds.map((route) => [routeKey(route), route] as const))('%s across receivers', (_key, route) => {
  it('does nothing with receiver B’s ids for a user of A, and nothing with A’s ids for a user of B', async () => {
    expect(world.idsOnlyInA.length).toBeGreaterThan(2);
    const attempts: Array<{ token: string; ids: number[] }> = [
      { token: world.tokens.fullA, ids: world.idsOnlyInB },
      { token: world.tokens.fullB, ids: world.idsOnlyInA },
    ];
    for (const { token, ids } of attempts) {
      for (const id of ids) {
        const before = await fingerprint(world);
        const response = await world.t.request(token, requestFor(route, () => id));
        const label = `${route.method} ${route.url} id=${id} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (token === world.tokens.fullA) expect(response.body, label).not.toContain(MARKER_B);
        if (paramNames(route.url).length > 0) expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        if (response.statusCode >= 400) {
          expectSpanishJson(response, label);
          expect(await fingerprint(world), label).toEqual(before);
        } else {
          // A success must not have touched the other receiver.
          const after = await fingerprint(world);
          if (token === world.tokens.fullA) expect(after.b, label).toBe(before.b);
          else expect(after.a, label).toBe(before.a);
        }
      }
    }
  });
});

describe('spreadsheet imports (issue 41 §2) across receivers', () => {
  const IMPORT_ROUTES = ['nuevo_encargo', 'portal'].flatMap((side) => [
    `GET /api/v1/${side}/importar/plantilla.xlsx`,
    `POST /api/v1/${side}/importar/`,
    `GET /api/v1/${side}/importar/:id/`,
    `POST /api/v1/${side}/importar/:id/confirmar/`,
    `GET /api/v1/${side}/importar/:id/resultado.xlsx`,
  ]);

  it('reaches every import route', () => {
    const keys = protectedRoutes.map(routeKey);
    for (const key of IMPORT_ROUTES) expect(keys, key).toContain(key);
  });

  it('answers 404 in Spanish to receiver A’s import id for a user of B, changing nothing', async () => {
    const dbA = await world.dbA();
    const { rows } = (await dbA.execute(sql`select id from estudios where activo order by id limit 1`)) as unknown as { rows: Array<{ id: number }> };
    const boundary = '----seguridadImportar';
    const csv = 'Número de rol;Tribunal\nC-1-2025;Inexistente\n';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="estudio"\r\n\r\n${rows[0]!.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const created = await world.t.request(world.tokens.fullA, {
      method: 'POST',
      url: '/api/v1/nuevo_encargo/importar/',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const before = await fingerprint(world);
    for (const [method, url] of [
      ['GET', `/api/v1/nuevo_encargo/importar/${id}/`],
      ['POST', `/api/v1/nuevo_encargo/importar/${id}/confirmar/`],
      ['GET', `/api/v1/nuevo_encargo/importar/${id}/resultado.xlsx`],
    ] as const) {
      const response = await world.t.request(world.tokens.fullB, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(404);
      expectSpanishJson(response, url);
    }
    expect(await fingerprint(world)).toEqual(before);
  });
});

describe('the UF history (issue 41 §1) across receivers', () => {
  const URL = '/api/v1/indicadores-economicos/uf/';

  it('reaches both UF routes', () => {
    const keys = protectedRoutes.map(routeKey);
    for (const key of [`GET ${URL}`, `POST ${URL}`]) expect(keys, key).toContain(key);
  });

  it('keeps a value entered by B out of A’s list', async () => {
    const created = await world.t.request(world.tokens.fullB, { method: 'POST', url: URL, payload: { fecha: '2026-01-03', valor: 39_111.11 } });
    expect(created.statusCode, created.body).toBe(201);
    const listB = await world.t.request(world.tokens.fullB, { method: 'GET', url: URL });
    expect(listB.json()).toContainEqual({ fecha: '2026-01-03', valor: 39_111.11, origen: 'manual' });
    const listA = await world.t.request(world.tokens.fullA, { method: 'GET', url: URL });
    expect(listA.statusCode).toBe(200);
    expect(listA.json()).not.toContainEqual(expect.objectContaining({ fecha: '2026-01-03' }));
  });
});

describe('reading a demanda (issue 41 §1) across receivers', () => {
  /** A real one-page PDF with a text layer naming a plaintiff and a demandado. */
  async function demanda(): Promise<Buffer> {
    const { pdfTexto } = await import('../lectura-pdf');
    return pdfTexto([['Demanda ejecutiva en contra de don PEDRO SOTO ROJAS, RUT 12.345.678-5, domiciliado en Calle Uno 1, comuna de Maipú.', '', 'Santiago, 3 de marzo de 2025.']]);
  }
  function formulario(estudio: string | null, archivo: Buffer, nombre = 'demanda') {
    const boundary = '----seguridadLectura';
    const partes = [
      ...(estudio === null ? [] : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="estudio"\r\n\r\n${estudio}\r\n`)]),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${nombre}"; filename="d.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      archivo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const URL = '/api/v1/nuevo_encargo/leer_documentos/';

  it('refuses the other receiver’s firms (never their parties), a file that is not a PDF, and stores nothing', async () => {
    const pdf = await demanda();
    const before = await fingerprint(world);
    for (const [token, ids] of [
      [world.tokens.fullA, world.idsOnlyInB],
      [world.tokens.fullB, world.idsOnlyInA],
    ] as const) {
      for (const id of ids.slice(0, 12)) {
        const response = await world.t.request(token, { method: 'POST', url: URL, ...formulario(String(id), pdf) });
        const label = `estudio=${id} → ${response.statusCode} ${response.body.slice(0, 160)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.body, label).not.toContain(MARKER_B);
        expectSpanishJson(response, label);
      }
    }
    const noPdf = await world.t.request(world.tokens.fullA, { method: 'POST', url: URL, ...formulario(null, Buffer.from('GIF89a not a pdf')) });
    expect(noPdf.statusCode).toBe(400);
    expectSpanishJson(noPdf);
    const ok = await world.t.request(world.tokens.noneA, { method: 'POST', url: URL, ...formulario(null, pdf) });
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect((ok.json() as { propuesta: { rut_ejecutado?: string } }).propuesta.rut_ejecutado).toBe('12345678-5');
    expect(await fingerprint(world)).toEqual(before);
  });
});
