import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createTestContext, type TestContext } from '../../../test/helper';
import { rutasClaveApi } from './claves-api.auth';
import { EJEMPLOS_API_ESTUDIOS, TAG_API_ESTUDIOS } from './claves-api.openapi';

/**
 * The firm-facing part of /api/docs: every route an API key opens carries the tag 'API para estudios'
 * with examples of its answers (and of its body), each example valid for the route's own schemas.
 */

let t: TestContext;
let document: {
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>;
};

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 60_000);
afterAll(() => t?.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const rutas = rutasClaveApi();

describe("the OpenAPI document's 'API para estudios'", () => {
  it('declares the tag, and tags exactly the routes a key opens', () => {
    expect(document.tags.map((tag) => tag.name)).toContain(TAG_API_ESTUDIOS);
    expect(rutas.length).toBeGreaterThanOrEqual(10);
    const tagged: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.tags?.includes(TAG_API_ESTUDIOS)) tagged.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(tagged.sort()).toEqual(rutas.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
  });

  it.each(rutas.map((r) => [`${r.method} ${r.url}`, r] as const))('%s carries the tag and examples valid for its schemas', (_key, ruta) => {
    const operation = document.paths[openApiPath(ruta.url)]?.[ruta.method.toLowerCase()];
    expect(operation, 'the route is in the document').toBeDefined();
    expect(operation!.tags).toContain(TAG_API_ESTUDIOS);
    const ejemplos = EJEMPLOS_API_ESTUDIOS[`${ruta.method} ${ruta.url}`];
    expect(ejemplos, 'the route has examples').toBeDefined();
    const catalog = t.app.routeCatalog.find((route) => route.method === ruta.method && route.url === ruta.url);
    expect(catalog).toBeDefined();
    const success = Object.entries(operation!.responses).filter(([status]) => status.startsWith('2'));
    expect(success.length).toBeGreaterThan(0);
    for (const [status, response] of success) {
      const example = response.content && Object.values(response.content)[0]?.example;
      expect(example, `example of ${status}`).toBeDefined();
      const schema = (catalog!.schema?.response as Record<string, ZodType> | undefined)?.[status];
      if (schema) {
        const parsed = schema.safeParse(example);
        expect(parsed.success, `${status}: ${parsed.error?.message}`).toBe(true);
      } else {
        // Only the PDF downloads answer without a JSON schema.
        expect(Object.keys(response.content!)).toEqual(['application/pdf']);
      }
    }
    for (const status of ['401', '403', '429']) expect(operation!.responses[status]?.content?.['application/json']?.example).toBeDefined();
    if (catalog!.schema?.body) {
      const example = operation!.requestBody?.content['application/json']?.example;
      expect(example, 'request example').toBeDefined();
      const parsed = (catalog!.schema.body as ZodType).safeParse(example);
      expect(parsed.success, `${parsed.error?.message} ${JSON.stringify(example).slice(0, 300)}`).toBe(true);
    }
  });
});
