import { inputMessages } from '@receptoria/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogRoute } from '../../src/plugins/route-catalog';
import { createTestContext, type TestContext } from '../helper';
import { ID_FIELD, jsonSchemaOf, zodOf } from './arbitraries';
import { expectSpanishJson } from './spanish';
import { isAttackable, paramNames, routeKey } from './world';

/**
 * Ids are read canonically: every path parameter that reads '1' as the number 1, and every query id,
 * refuses '+1', '01', ' 1' and the like (checked on every route of Fastify's table, from its schemas),
 * and a request with such an id is a Spanish 400 that reaches nothing.
 */

const NOT_CANONICAL = ['+1', '01', ' 1', '1 ', '\t1', '1.0', '1e0', '0x1', '0b1', '٠١', '１'];

let t: TestContext;
let staff: string;
let routes: CatalogRoute[];

beforeAll(async () => {
  t = await createTestContext();
  staff = await t.login('admin');
  routes = t.app.routeCatalog.filter(isAttackable);
}, 120_000);
afterAll(() => t?.close());

/** The keys of a params or query schema that read '1' as the number 1 (alone, other keys absent or '1'). */
function integerKeys(schema: unknown, names: string[]): string[] {
  const zod = zodOf(schema);
  if (!zod) return [];
  return names.filter((name) => {
    const together = zod.safeParse(Object.fromEntries(names.map((key) => [key, '1'])));
    const alone = zod.safeParse({ [name]: '1' });
    const read = [together, alone].find((result) => result.success);
    return (read?.data as Record<string, unknown> | undefined)?.[name] === 1;
  });
}

function refusals(schema: unknown, names: string[], name: string): string[] {
  const zod = zodOf(schema)!;
  const accepted: string[] = [];
  for (const bad of NOT_CANONICAL) {
    const others = Object.fromEntries(names.filter((key) => key !== name).map((key) => [key, '1']));
    for (const value of [{ ...others, [name]: bad }, { [name]: bad }]) {
      const result = zod.safeParse(value);
      if (result.success && (result.data as Record<string, unknown>)[name] !== undefined) accepted.push(JSON.stringify(bad));
    }
  }
  return [...new Set(accepted)];
}

it('refuses non-canonical ids in every path parameter and query id of every route', () => {
  const lenient: string[] = [];
  let checked = 0;
  for (const route of routes) {
    const params = paramNames(route.url);
    for (const name of integerKeys(route.schema?.params, params)) {
      checked += 1;
      const accepted = refusals(route.schema?.params, params, name);
      if (accepted.length > 0) lenient.push(`${routeKey(route)} path ${name}: ${accepted.join(' ')}`);
    }
    const query = Object.keys(jsonSchemaOf(route.schema?.querystring).properties ?? {});
    for (const name of integerKeys(route.schema?.querystring, query).filter((key) => ID_FIELD.test(key))) {
      checked += 1;
      const accepted = refusals(route.schema?.querystring, query, name);
      if (accepted.length > 0) lenient.push(`${routeKey(route)} query ${name}: ${accepted.join(' ')}`);
    }
  }
  expect(checked).toBeGreaterThan(60);
  expect(lenient).toEqual([]);
});

it('every integer path parameter is read by a schema (none reaches a handler unread)', () => {
  const unread = routes.filter((route) => paramNames(route.url).length > 0 && !zodOf(route.schema?.params)).map(routeKey);
  expect(unread).toEqual([]);
});

it('answers a non-canonical id in a path or query with a Spanish 400', async () => {
  const urls = [
    ...['+1', '01', '%201', '%2B1', '1%20', '00001'].map((id) => `/api/v1/encargos/${id}/`),
    ...['+1', '01', '%201'].map((id) => `/api/v1/estudios/${id}/`),
    ...['+1', '01', '%201'].map((id) => `/api/v1/auditoria/?id=${id}`),
    `/api/v1/encargos/lista/?estudio=01`,
    `/api/v1/recibos/?estudio=%201`,
  ];
  for (const url of urls) {
    const response = await t.request(staff, { method: 'GET', url });
    expect(response.statusCode, `${url} → ${response.body.slice(0, 200)}`).toBe(400);
    expectSpanishJson(response, url);
  }
  const ok = await t.request(staff, { method: 'GET', url: '/api/v1/encargos/lista/?estudio=1' });
  expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
  expect(inputMessages.idInvalido).toBe('Identificador inválido');
});
