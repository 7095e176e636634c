import { ufAPesos, ValorUfSchema, valoresUfMessages as m } from '@receptoria/contracts';
import { controlSchema, tenantSchema } from '@receptoria/db';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { type FakeMindicador, mindicadorAnswer, startFakeMindicador } from '../../integrations/indicadores/mindicador.fixtures';

let t: TestContext;
let fake: FakeMindicador;
let tenantB: number;
const tokens: Record<string, string> = {};
const URL = '/api/v1/indicadores-economicos/uf/';

beforeAll(async () => {
  fake = await startFakeMindicador();
  t = await createTestContext({ indicadores: { url: fake.url, timeoutMs: 400, retryAfterFailureMs: 0 } });
  tenantB = (await t.createTenant({ nombre: 'Receptor Talca' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'uf_receptora', cargo: 'receptor', permisos: [] });
  await t.createUser({ tenantId: t.mainTenantId, username: 'uf_secretaria', cargo: 'secretaria', permisos: ['estampa_1'] });
  await t.createUser({ tenantId: tenantB, username: 'uf_receptor_b', cargo: 'receptor', permisos: [] });
  for (const username of ['uf_receptora', 'uf_secretaria', 'uf_receptor_b']) tokens[username] = await t.login(username);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  for (const id of [t.mainTenantId, tenantB]) await (await t.tenantDbOf(id)).delete(tenantSchema.valoresUf);
  await t.app.controlDb.delete(controlSchema.indicadoresCache);
  fake.mode = { kind: 'json', body: mindicadorAnswer() };
});

const lista = async (token: string, query = '') => {
  const response = await t.request(token, { method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return z.array(ValorUfSchema).parse(response.json());
};
const registrar = (token: string, payload: unknown) => t.request(token, { method: 'POST', url: URL, payload: payload as object });
const detalle = (body: string) => (JSON.parse(body) as { detail: string }).detail;

describe('GET|POST /indicadores-economicos/uf/', () => {
  it('keeps the day’s UF each time the indicators are fetched, in the caller’s receiver only', async () => {
    expect(await lista(tokens.uf_receptora!)).toEqual([]);
    const response = await t.request(tokens.uf_receptora!, { method: 'GET', url: '/api/v1/indicadores-economicos/' });
    expect(response.statusCode).toBe(200);
    expect(await lista(tokens.uf_receptora!)).toEqual([{ fecha: '2025-11-21', valor: 39643.59, origen: 'indicadores' }]);
    expect(await lista(tokens.uf_receptor_b!)).toEqual([]);
  });

  it('lets the receiver enter a value by hand (two decimals kept), which a later fetch does not overwrite', async () => {
    const creado = await registrar(tokens.uf_receptora!, { fecha: '2025-11-21', valor: 39000.05 });
    expect(creado.statusCode, creado.body).toBe(201);
    expect(creado.json()).toEqual({ fecha: '2025-11-21', valor: 39000.05, origen: 'manual' });
    await t.request(tokens.uf_receptora!, { method: 'GET', url: '/api/v1/indicadores-economicos/' });
    expect(await lista(tokens.uf_receptora!)).toEqual([{ fecha: '2025-11-21', valor: 39000.05, origen: 'manual' }]);
    // Entering the same day again replaces it.
    expect((await registrar(tokens.uf_receptora!, { fecha: '2025-11-21', valor: 39001 })).statusCode).toBe(201);
    expect(await registrar(tokens.uf_receptora!, { fecha: '2025-03-03', valor: 38_500.5 })).toHaveProperty('statusCode', 201);
    expect(await lista(tokens.uf_receptora!)).toEqual([
      { fecha: '2025-11-21', valor: 39001, origen: 'manual' },
      { fecha: '2025-03-03', valor: 38500.5, origen: 'manual' },
    ]);
    expect(await lista(tokens.uf_receptora!, '?desde=2025-01-01&hasta=2025-06-30')).toEqual([{ fecha: '2025-03-03', valor: 38500.5, origen: 'manual' }]);
    // The other receiver sees none of it.
    expect(await lista(tokens.uf_receptor_b!)).toEqual([]);
  });

  it('refuses a user without the receiver’s permission with 403 in Spanish, storing nothing', async () => {
    const response = await registrar(tokens.uf_secretaria!, { fecha: '2025-03-03', valor: 38000 });
    expect(response.statusCode).toBe(403);
    expect(detalle(response.body)).toBe(m.sinPermiso);
    expect(await lista(tokens.uf_secretaria!)).toEqual([]);
  });

  it('answers 400 with a Spanish detail to bad dates and values, storing nothing', async () => {
    for (const [payload, mensaje] of [
      [{ fecha: '2025-02-30', valor: 38000 }, m.fechaInvalida],
      [{ fecha: '03-03-2025', valor: 38000 }, m.fechaInvalida],
      [{ fecha: '1999-12-31', valor: 38000 }, m.fechaInvalida],
      [{ fecha: '2025-03-03', valor: 0 }, m.valorInvalido],
      [{ fecha: '2025-03-03', valor: -5 }, m.valorInvalido],
      [{ fecha: '2025-03-03', valor: 38000.123 }, m.valorInvalido],
      [{ fecha: '2025-03-03', valor: '38000' }, m.valorInvalido],
      [{ fecha: '2025-03-03', valor: 1e12 }, m.valorInvalido],
    ] as const) {
      const response = await registrar(tokens.uf_receptora!, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(mensaje);
    }
    const rango = await t.request(tokens.uf_receptora!, { method: 'GET', url: `${URL}?desde=2025-06-01&hasta=2025-01-01` });
    expect(rango.statusCode).toBe(400);
    expect(detalle(rango.body)).toBe(m.rangoInvalido);
    expect(await lista(tokens.uf_receptora!)).toEqual([]);
  });
});

describe('ufAPesos', () => {
  it('converts exactly and rounds half up to whole pesos', () => {
    expect(ufAPesos(100.5, 38_000)).toBe(3_819_000);
    expect(ufAPesos(120.5, 38_123.45)).toBe(4_593_876); // 4,593,875.725 → up
    expect(ufAPesos(1, 39_643.5)).toBe(39_644); // exactly half → up
    expect(ufAPesos(1, 39_643.49)).toBe(39_643);
    expect(ufAPesos(0.1, 0.05)).toBe(0); // 0.005 → 0
    expect(ufAPesos(10.1, 0.05)).toBe(1); // 0.505 → 1
  });
});
