import type { HTTPMethods, InjectOptions } from 'fastify';
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
