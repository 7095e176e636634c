import { randomBytes } from 'node:crypto';
import { authMessages, commonMessages, PermisoCatalogoListSchema } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, DEFAULT_PASSWORD, type TestContext } from '../../../test/helper';
import { startTwoInstances, within } from '../../../test/two-instances';
import { buildApp } from '../../app';
import { announceRevocation } from './revocations';

/**
 * Two API instances on one control database (issue 28): login limits counted as on one instance,
 * revocations reaching the other instance within a second through LISTEN/NOTIFY (test/two-instances.ts:
 * a session cache of a minute on both, so only the notification can explain the refusal).
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

let t: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, a, b, close } = await startTwoInstances());
});
afterAll(() => close?.());

const wrongLogin = (app: FastifyInstance, username: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password: 'incorrecta' }, remoteAddress });

const loginOn = async (app: FastifyInstance, username: string, password = DEFAULT_PASSWORD) => {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { access: string; refresh: string; user: { id: number } };
};

const get = (app: FastifyInstance, token: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('login limits shared by two instances (control database)', () => {
  it('30 wrong passwords for one account spread over both instances are limited as on one', async () => {
    const account = `victima_${randomBytes(3).toString('hex')}`;
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) codes.push((await wrongLogin(i % 2 === 0 ? a : b, account, `198.51.100.${i + 1}`)).statusCode);
    // Five free failures for the account in all, then each attempt must wait (as on one instance).
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((code) => code === 429)).toBe(true);
    const refused = await wrongLogin(b, account, '198.51.100.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: authMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an address gets its window of failures once across both instances', async () => {
    const limited = await createTestContext({ loginRateMax: 6 });
    const other = await buildApp(limited.config);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i += 1) codes.push((await wrongLogin(i % 2 === 0 ? limited.app : other, `nombre_${i}`, '203.0.113.9')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
      const health = await other.inject({ method: 'GET', url: '/health' });
      expect(health.json().login_throttle).toMatchObject({ direcciones_bloqueadas: 1 });
    } finally {
      await other.close();
      await limited.close();
    }
  });

  it('a correct password starts the account afresh on both instances', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'olvidadiza' });
    for (let i = 0; i < 5; i += 1) expect((await wrongLogin(a, 'olvidadiza', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    await within(3_000, async () => (await b.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'olvidadiza', password: DEFAULT_PASSWORD } })).statusCode === 200);
    expect((await wrongLogin(a, 'olvidadiza', '192.0.2.50')).statusCode).toBe(401);
  });

  it('prunes rows that expired over a minute ago with one statement', async () => {
    const { intentosLogin } = controlSchema;
    const old = new Date(Date.now() - 10 * 60_000);
    await a.controlDb.insert(intentosLogin).values({ clave: 'a:203.0.113.250', fallos: 3, desde: old, ultimoFallo: old, vence: old });
    const throttle = a.loginThrottle as unknown as { prune(): Promise<number> };
    expect(await throttle.prune()).toBeGreaterThanOrEqual(1);
    const left = await a.controlDb.select().from(intentosLogin).where(eq(intentosLogin.clave, 'a:203.0.113.250'));
    expect(left).toHaveLength(0);
  });
});

describe('revocations reach the other instance within a second (LISTEN/NOTIFY)', () => {
  it('each instance listens on its own connection', async () => {
    expect(a.revocations?.connected).toBe(true);
    expect(b.revocations?.connected).toBe(true);
    const { rows } = (await a.controlDb.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = 'receptoria-revocaciones' and datname = current_database()`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(2);
  });

  it('a logout on A refuses that access token on B', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'sale' });
    const session = await loginOn(a, 'sale');
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    const logout = await a.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
    expect(logout.statusCode).toBe(200);
    const took = await within(1_000, async () => (await get(b, session.access, '/api/v1/auth/profile/')).statusCode === 401);
    expect(took).toBeLessThan(1_000);
    expect((await get(b, session.access, '/api/v1/auth/profile/')).json()).toEqual({ detail: commonMessages.unauthorized });
  });

  it('a refresh token presented twice on A ends the session on B', async () => {
    await t.createUser({ tenantId: t.mainTenantId, username: 'reusa' });
    const first = await loginOn(a, 'reusa');
    const rotated = await a.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: first.refresh } });
    const { access } = rotated.json() as { access: string };
    expect((await get(b, access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: first.refresh } })).statusCode).toBe(401);
    await within(1_000, async () => (await get(b, access, '/api/v1/auth/profile/')).statusCode === 401);
  });

  it('deactivating a receiver on A refuses its users on B', async () => {
    const receptor = await t.createTenant();
    await t.createUser({ tenantId: receptor.id, username: 'de_paso' });
    const session = await loginOn(b, 'de_paso');
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    const admin = await loginOn(a, 'admin', ADMIN_PASSWORD);
    const patched = await a.inject({
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${receptor.id}/`,
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { activo: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await within(1_000, async () => (await get(b, session.access, '/api/v1/auth/profile/')).statusCode === 401);
    expect((await get(b, session.access, '/api/v1/auth/profile/')).json()).toEqual({ detail: authMessages.inactiveTenant });
  });

  it('deactivating a user (forgetUser after the change) refuses them on B', async () => {
    const user = await t.createUser({ tenantId: t.mainTenantId, username: 'despedida' });
    const session = await loginOn(a, 'despedida');
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    await a.controlDb.update(controlSchema.users).set({ isActive: false }).where(eq(controlSchema.users.id, user.id));
    a.sessionCache.forgetUser(user.id);
    await within(1_000, async () => (await get(b, session.access, '/api/v1/auth/profile/')).statusCode === 401);
    expect((await get(b, session.access, '/api/v1/auth/profile/')).json()).toEqual({ detail: authMessages.inactiveUser });
  });

  it('a permission revoked on A is missing on B', async () => {
    const gestora = await t.createUser({ tenantId: t.mainTenantId, username: 'gestora_b', permisos: ['gestiona_permisos'] });
    const session = await loginOn(b, 'gestora_b');
    expect((await get(b, session.access, '/api/v1/configuracion/usuarios/')).statusCode).toBe(200);
    const admin = await loginOn(a, 'admin', ADMIN_PASSWORD);
    const catalogue = PermisoCatalogoListSchema.parse((await get(a, admin.access, '/api/v1/configuracion/permisos/')).json());
    const permiso = catalogue.find((p) => p.codigo === 'gestiona_permisos')!;
    const revoked = await a.inject({
      method: 'POST',
      url: `/api/v1/configuracion/usuarios/${gestora.id}/revocar_permiso/`,
      headers: { authorization: `Bearer ${admin.access}` },
      payload: { permiso_id: permiso.id },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await within(1_000, async () => (await get(b, session.access, '/api/v1/configuracion/usuarios/')).statusCode === 403);
  });

  it('a revocation announced from outside the API (CLI, scripts) reaches both instances', async () => {
    const user = await t.createUser({ tenantId: t.mainTenantId, username: 'desde_fuera' });
    const session = await loginOn(a, 'desde_fuera');
    expect((await get(a, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    await a.controlDb.update(controlSchema.users).set({ isActive: false }).where(eq(controlSchema.users.id, user.id));
    await announceRevocation(a.controlDb, { k: 'u', id: user.id });
    for (const app of [a, b]) await within(1_000, async () => (await get(app, session.access, '/api/v1/auth/profile/')).statusCode === 401);
  });

  it('a listener that loses its connection drops its cache and listens again', async () => {
    const user = await t.createUser({ tenantId: t.mainTenantId, username: 'silenciosa' });
    const session = await loginOn(a, 'silenciosa');
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    // A change nobody announces: B keeps its cached check until something drops it.
    await a.controlDb.update(controlSchema.users).set({ isActive: false }).where(eq(controlSchema.users.id, user.id));
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    const reconnections = b.revocations!.counts.reconexiones;
    b.revocations!.interrupt();
    expect((await get(b, session.access, '/api/v1/auth/profile/')).statusCode).toBe(401);
    await within(5_000, async () => b.revocations!.connected && b.revocations!.counts.reconexiones > reconnections);
    // Listening again: the next logout on A still reaches B.
    await t.createUser({ tenantId: t.mainTenantId, username: 'vuelve' });
    const again = await loginOn(a, 'vuelve');
    expect((await get(b, again.access, '/api/v1/auth/profile/')).statusCode).toBe(200);
    await a.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: again.refresh } });
    await within(1_000, async () => (await get(b, again.access, '/api/v1/auth/profile/')).statusCode === 401);
  });
});

describe('login limits in Redis (REDIS_URL)', () => {
  it('two instances with REDIS_URL limit one account and one address as one', async () => {
    const first = await buildApp({ ...t.config, redisUrl: REDIS_URL, loginRateMax: 8 });
    const second = await buildApp({ ...t.config, redisUrl: REDIS_URL, loginRateMax: 8 });
    try {
      expect(first.loginThrottle.store).toBe('redis');
      const account = `redis_${randomBytes(4).toString('hex')}`;
      const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const codes: number[] = [];
      for (let i = 0; i < 30; i += 1) codes.push((await wrongLogin(i % 2 === 0 ? first : second, account, `${net}.${i + 1}`)).statusCode);
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5).every((code) => code === 429)).toBe(true);
      const refused = await wrongLogin(second, account, `${net}.250`);
      expect(refused.json()).toEqual({ detail: authMessages.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing went to the control database.
      const rows = await t.app.controlDb.select().from(controlSchema.intentosLogin).where(eq(controlSchema.intentosLogin.clave, `c:${account}`));
      expect(rows).toHaveLength(0);

      const address = `${net}.251`;
      const byAddress: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        byAddress.push((await wrongLogin(i % 2 === 0 ? first : second, `${account}_${i}`, address)).statusCode);
      }
      expect(byAddress).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429, 429, 429]);
      const health = await first.inject({ method: 'GET', url: '/health' });
      expect(health.json().login_throttle.rechazos_por_direccion).toBeGreaterThanOrEqual(2);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a correct password forgets the account in Redis', async () => {
    const app = await buildApp({ ...t.config, redisUrl: REDIS_URL });
    try {
      const username = `redis_ok_${randomBytes(3).toString('hex')}`;
      await t.createUser({ tenantId: t.mainTenantId, username });
      for (let i = 0; i < 5; i += 1) expect((await wrongLogin(app, username, `192.0.2.${i + 100}`)).statusCode).toBe(401);
      await within(3_000, async () => (await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password: DEFAULT_PASSWORD } })).statusCode === 200);
      expect((await wrongLogin(app, username, '192.0.2.150')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
