import { commonMessages, PermisoListSchema } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let gestora: { id: number };
let secretaria: { id: number };
let ajeno: { id: number };

beforeAll(async () => {
  t = await createTestContext();
  gestora = await t.createUser({ tenantId: t.mainTenantId, username: 'gestora', permisos: ['gestiona_permisos'] });
  secretaria = await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria', permisos: ['estampa_1', 'imprime_recibos'] });
  const other = await t.createTenant();
  ajeno = await t.createUser({ tenantId: other.id, username: 'ajeno', permisos: ['gestiona_permisos'] });
});
afterAll(() => t.close());

describe('user permissions', () => {
  it('lets a user read their own permission codes', async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${secretaria.id}/permisos/` });
    expect(response.statusCode).toBe(200);
    const codes = PermisoListSchema.parse(response.json()).map((p) => p.codigo).sort();
    expect(codes).toEqual(['estampa_1', 'imprime_recibos']);
  });

  it("refuses reading another user's permissions without gestiona_permisos", async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${gestora.id}/permisos/` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: commonMessages.forbidden });
  });

  it('lets a permission manager read users of the same receiver only', async () => {
    const token = await t.login('gestora');
    const own = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${secretaria.id}/permisos/` });
    expect(own.statusCode).toBe(200);
    const foreign = await t.request(token, { method: 'GET', url: `/api/v1/configuracion/usuarios/${ajeno.id}/permisos/` });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 400 for a non-numeric id', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/abc/permisos/' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Identificador inválido');
  });
});

describe('module guard', () => {
  it('answers 403 on a config_permisos route for a user without gestiona_permisos', async () => {
    const token = await t.login('secretaria');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: commonMessages.forbidden });
  });

  it('lets a holder of gestiona_permisos list the active users of their receiver', async () => {
    const token = await t.login('gestora');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/usuarios/' });
    expect(response.statusCode).toBe(200);
    const usernames = response.json().results.map((u: { username: string }) => u.username).sort();
    expect(usernames).toEqual(['admin', 'gestora', 'secretaria']);
  });

  it('lets admin through every module without codes', async () => {
    const token = await t.login('admin');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/configuracion/permisos/' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { codigo: string }) => p.codigo)).toContain('gestiona_permisos');
  });
});
