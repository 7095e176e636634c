import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/modules/auth/passwords';
import { type BodyCase, bodyCase, jsonSchemaOf, multipartCase, pathValue, queryCase } from './arbitraries';
import { isSpanishDetail } from './spanish';
import { buildWorld, fillPath, fingerprint, paramNames, routeKey, type World } from './world';

/**
 * Property-based fuzz of every route in Fastify's route table, from its zod schemas: bodies, query
 * strings and path parameters with wrong types, edge numbers, 1 MB strings, NUL, odd Unicode, deep
 * nesting, duplicate keys and wrong content types. For every request: never a 5xx; a refusal is
 * JSON with a Spanish `detail`, costs at most FUZZ_TIME_BOUND_MS (200) of CPU and changes no row; receiver B (whose
 * data the fuzzing user cannot reach) never changes at all.
 *
 * CI runs a fixed seed with at least 2,000 requests; FUZZ_RUNS (per route) and FUZZ_SEED for longer runs.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const TIME_BOUND_MS = Number(process.env.FUZZ_TIME_BOUND_MS ?? 200);
const MIN_TOTAL = 2_000;

const world: World = await buildWorld();
afterAll(() => world.close());

/** Portal routes are fuzzed with a portal user's token (of A's firm), so their handlers are reached. */
const PORTAL_PREFIX = '/api/v1/portal/';
async function portalToken(): Promise<string> {
  const db = await world.dbA();
  const firms = (await db.execute(sql`select id from estudios where nombre = 'Estudio Alfa Seguridad'`)) as unknown as { rows: Array<{ id: number }> };
  const email = 'portal.fuzz@seguridad.cl';
  await world.t.app.controlDb.insert(controlSchema.portalUsuarios).values({
    tenantId: world.tenantA,
    estudioId: firms.rows[0]!.id,
    nombre: 'Usuario Portal Fuzz',
    email,
    passwordHash: await hashPassword('portal-fuzz-2026'),
    activadoEn: new Date(),
  });
  const response = await world.t.request(undefined, { method: 'POST', url: `${PORTAL_PREFIX}auth/login/`, payload: { email, password: 'portal-fuzz-2026' } });
  return (response.json() as { access: string }).access;
}
const portal = await portalToken();
const tokenFor = (route: (typeof world.routes)[number]) =>
  route.url.startsWith(PORTAL_PREFIX) && !route.url.startsWith(`${PORTAL_PREFIX}auth/`) ? portal : world.tokens.admin;
/** File fields sent along with multipart JSON fields (the portal request's PDFs, and one no route takes). */
const MULTIPART_FILES = ['demanda', 'resolucion', 'archivo'];

const routes = world.routes;
const runsPerRoute = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : Math.max(20, Math.ceil(MIN_TOTAL / routes.length));
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Refusals of the input itself: these must come within the time bound (auth and conflicts do real work). */
const INPUT_REFUSALS = new Set([400, 411, 413, 414, 415, 422, 431]);

/**
 * Routes that answer a browser with an HTML page rather than JSON (documented exceptions to the
 * JSON-error rule, keyed by method and path). They are still fuzzed for 5xx, time and changes.
 */
const HTML_ROUTES: Record<string, string> = {
  'GET /api/v1/oauth2/callback/': 'Google OAuth redirect target: the browser lands on a small HTML page',
};
/** Multipart routes whose fields are files and plain text (no JSON to fuzz). */
const MULTIPART_FILE_ONLY = [
  'POST /api/v1/firma/certificado/',
  'PUT /estampados/api/plantillas/:id/archivo',
  'POST /api/v1/visitas/:uuid/fotos/',
  'POST /api/v1/portal/solicitudes/leer_documentos/',
  'POST /api/v1/nuevo_encargo/leer_documentos/',
];
let sent = 0;

interface Case {
  params: Record<string, string>;
  query: Record<string, string | string[]> | null;
  body: BodyCase | null;
}

function caseFor(route: (typeof routes)[number]): fc.Arbitrary<Case> {
  const idValue = () => 1;
  const names = paramNames(route.url);
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((name) => [name, pathValue]))) as fc.Arbitrary<Record<string, string>>,
    query: fc.option(queryCase(jsonSchemaOf(route.schema?.querystring), idValue), { freq: 3 }),
    body: ['GET', 'HEAD', 'DELETE'].includes(route.method)
      ? fc.constant(null)
      : route.multipartJson
        ? fc.oneof(
            { weight: 4, arbitrary: multipartCase(Object.fromEntries(Object.entries(route.multipartJson).map(([name, schema]) => [name, jsonSchemaOf(schema)])), MULTIPART_FILES, idValue) },
            { weight: 1, arbitrary: bodyCase({}, idValue) },
          )
        : bodyCase(jsonSchemaOf(route.schema?.body), idValue),
  });
}

function optionsFor(route: (typeof routes)[number], c: Case): InjectOptions {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: fillPath(route.url, (name) => c.params[name] ?? '1'),
    headers: { authorization: `Bearer ${tokenFor(route)}` },
  };
  if (c.query) options.query = c.query;
  if (c.body?.kind === 'json') {
    // Serialised here, so the time measured is the server's.
    options.payload = JSON.stringify(c.body.value);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  if (c.body?.kind === 'raw') {
    options.payload = c.body.payload;
    options.headers = { ...options.headers, 'content-type': c.body.contentType };
  }
  return options;
}

/**
 * Sends one request and measures the CPU time the process spent on it (user + system): on a shared,
 * loaded machine wall time mostly measures the neighbours, CPU time measures our work.
 */
async function timed(options: InjectOptions): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = process.cpuUsage();
  const response = await world.t.app.inject(options);
  sent += 1;
  const used = process.cpuUsage(started);
  return { response, ms: (used.user + used.system) / 1000 };
}

function describeCase(route: (typeof routes)[number], c: Case, response: LightMyRequestResponse): string {
  const shown = JSON.stringify(c, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 120 ? `${value.slice(0, 60)}…(${value.length})` : value,
  );
  return `${routeKey(route)} ${shown.slice(0, 600)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
}

it('enumerates the routes to fuzz from the route table', () => {
  expect(routes.length).toBeGreaterThan(20);
  expect(portal).toBeTruthy();
});

it('fuzzes the JSON carried by multipart fields: every multipart route that reads JSON declares it', () => {
  const withJson = routes.filter((route) => route.multipartJson).map(routeKey);
  expect(withJson).toContain('POST /api/v1/portal/solicitudes/');
  for (const route of routes) {
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    if (!consumes.includes('multipart/form-data') || route.multipartJson) continue;
    // Multipart routes without JSON fields take files and plain text only.
    expect(MULTIPART_FILE_ONLY, routeKey(route)).toContain(routeKey(route));
  }
});

it.each(routes.map((route) => [routeKey(route), route] as const))('fuzz %s', { timeout: 300_000 }, async (_key, route) => {
  let baseline = await fingerprint(world);
  await fc.assert(
    fc.asyncProperty(caseFor(route), async (c) => {
      const options = optionsFor(route, c);
      let { response, ms } = await timed(options);
      const label = describeCase(route, c, response);
      expect(response.statusCode, label).toBeLessThan(500);
      if (response.statusCode >= 400 && !(routeKey(route) in HTML_ROUTES)) {
        expect(String(response.headers['content-type']), label).toMatch(/application\/json/);
        const body = JSON.parse(response.body) as { detail?: unknown; errors?: Record<string, unknown[]> };
        expect(isSpanishDetail(body.detail), label).toBe(true);
        for (const messages of Object.values(body.errors ?? {})) {
          for (const message of messages) expect(isSpanishDetail(message), `${label} field: ${String(message)}`).toBe(true);
        }
      }
      if (INPUT_REFUSALS.has(response.statusCode)) {
        if (ms > TIME_BOUND_MS) ({ response, ms } = await timed(options)); // one retry absorbs a GC pause
        expect(ms, `${label} took ${Math.round(ms)} ms of CPU`).toBeLessThanOrEqual(TIME_BOUND_MS);
      }
      if (MUTATING.has(route.method)) {
        const now = await fingerprint(world);
        expect(now.b, `${label}: receiver B changed`).toBe(baseline.b);
        if (response.statusCode >= 400) {
          expect(now.a, `${label}: a refused request changed receiver A`).toBe(baseline.a);
          expect(now.control, `${label}: a refused request changed the control database`).toBe(baseline.control);
        }
        baseline = now;
      }
    }),
    { seed: SEED, numRuns: runsPerRoute, endOnFailure: true, includeErrorInReport: true },
  );
});

it(`sent at least ${MIN_TOTAL} generated requests`, () => {
  expect(sent).toBeGreaterThanOrEqual(process.env.FUZZ_RUNS ? 0 : MIN_TOTAL);
});
