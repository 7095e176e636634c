import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('application', () => {
  it('answers /health when the control database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', control_db: 'ok', tenant_db: 'ok' });
    expect(response.json().servidores).toEqual([{ id: 1, nombre: 'principal', estado: 'ok' }]);
  });

  it('publishes OpenAPI documentation generated from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.paths['/api/v1/auth/login/'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/v1/apuntes-personales/guardar_texto/']).toBeDefined();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-existe/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('No encontrado.');
  });

  it('creates the main receiver with the admin user on first start, once', async () => {
    const { listTenants } = await import('./modules/tenants/tenants.service');
    const tenants = await listTenants(t.app.controlDb);
    expect(tenants).toHaveLength(1);
    expect(await t.login('admin')).toBeTruthy();
  });
});
