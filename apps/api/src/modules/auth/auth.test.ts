import { authMessages, commonMessages, LoginResponseSchema, ProfileSchema } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../../test/helper';

let t: TestContext;
let otherTenantId: number;

beforeAll(async () => {
  t = await createTestContext();
  otherTenantId = (await t.createTenant({ nombre: 'Receptora Valparaíso' })).id;
  await t.createUser({ tenantId: t.mainTenantId, username: 'secretaria_ana', firstName: 'Ana', lastName: 'Pérez' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'ex_secretaria', isActive: false });
  await t.createUser({ tenantId: otherTenantId, username: 'receptora_vina' });
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username, password } });

describe('login', () => {
  it('returns access, refresh and the user for valid credentials', async () => {
    const response = await login('admin', ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ username: 'admin', is_admin: true, tenant_id: t.mainTenantId });
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh.length).toBeGreaterThan(30);
  });

  it('matches the username without regard to case', async () => {
    const response = await login('SECRETARIA_ANA', 'clave-segura-123');
    expect(response.statusCode).toBe(200);
  });

  it('rejects a wrong password with a Spanish detail', async () => {
    const response = await login('admin', 'incorrecta');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: authMessages.invalidCredentials });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const response = await login('nadie_conocido', 'incorrecta');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: authMessages.invalidCredentials });
  });

  it('refuses an inactive user', async () => {
    const response = await login('ex_secretaria', 'clave-segura-123');
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(authMessages.inactiveUser);
  });

  it('refuses a user of an inactive receiver and lets them in again once reactivated', async () => {
    const { tenants } = controlSchema;
    await t.app.controlDb.update(tenants).set({ activo: false }).where(eq(tenants.id, otherTenantId));
    const refused = await login('receptora_vina', 'clave-segura-123');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(authMessages.inactiveTenant);
    await t.app.controlDb.update(tenants).set({ activo: true }).where(eq(tenants.id, otherTenantId));
    expect((await login('receptora_vina', 'clave-segura-123')).statusCode).toBe(200);
  });

  it('validates the body with the login form messages', async () => {
    const response = await login('ab', '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: [authMessages.usernameMin],
      password: [authMessages.passwordMin],
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      username: [authMessages.usernameRequired],
      password: [authMessages.passwordRequired],
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: commonMessages.malformedJson });
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh gives a new access and a new refresh token', async () => {
    const first = await t.loginFull('secretaria_ana');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.refresh).not.toBe(first.refresh);
    const profile = await t.request(body.access, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(profile.statusCode).toBe(200);
  });

  it('revokes the whole family when an already rotated token is presented again', async () => {
    const first = await t.loginFull('secretaria_ana');
    const rotate = (refresh: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh } });
    const second = (await rotate(first.refresh)).json().refresh as string;
    const reuse = await rotate(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe(authMessages.refreshInvalid);
    // The legitimate latest token died with its family.
    expect((await rotate(second)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous renewals win, and treats the loser as a reuse', async () => {
    const first = await t.loginFull('secretaria_ana');
    const rotate = (refresh: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh } });
    const answers = await Promise.all([rotate(first.refresh), rotate(first.refresh)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    // The web app serialises renewals between tabs, so a second presentation means a copied token.
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().refresh as string;
    expect((await rotate(winner)).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const session = await t.loginFull('secretaria_ana');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: session.refresh } });
    expect(after.statusCode).toBe(401);
  });

  it('rejects an unknown refresh token and a missing one', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: 'xyz' } });
    expect(unknown.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(authMessages.refreshRequired);
  });
});

describe('profile and access tokens', () => {
  it('returns the profile with the receiver', async () => {
    const token = await t.login('secretaria_ana');
    const response = await t.request(token, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(200);
    const profile = ProfileSchema.parse(response.json());
    expect(profile).toMatchObject({ username: 'secretaria_ana', first_name: 'Ana', last_name: 'Pérez', is_admin: false });
    expect(profile.receptor.id).toBe(t.mainTenantId);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: commonMessages.unauthorized });
  });

  it('answers 401 for a token signed with another key', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', tid: 1, username: 'admin', exp: Date.now() / 1000 + 600 })}`;
    const signature = createHmac('sha256', 'otra-clave-que-no-es-la-del-servidor').update(unsigned).digest('base64url');
    const forged = `${unsigned}.${signature}`;
    const response = await t.request(forged, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const expired = t.app.jwt.sign({ sub: '1', tid: t.mainTenantId, username: 'admin', sid: 'x' }, { expiresIn: -10 });
    const response = await t.request(expired, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token once it expires, even one accepted (and remembered as verified) moments before', async () => {
    const { access } = await t.loginFull('admin');
    const decoded = t.app.jwt.decode<{ sub: string; tid: number; username: string; sid: string }>(access);
    if (!decoded) throw new Error('the access token does not decode');
    const shortLived = t.app.jwt.sign({ sub: decoded.sub, tid: decoded.tid, username: decoded.username, sid: decoded.sid }, { expiresIn: 2 });
    expect((await t.request(shortLived, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const response = await t.request(shortLived, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 when the token names another receiver than the user belongs to', async () => {
    const crossed = t.app.jwt.sign({ sub: '1', tid: otherTenantId, username: 'admin', sid: 'x' });
    const response = await t.request(crossed, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 with a Spanish message after too many attempts', async () => {
    const limited = await createTestContext({ loginRateMax: 3 });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin', password: 'malamala' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: authMessages.tooManyAttempts });
      // Trying other usernames from the same address does not reset the count.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { username: 'otra_persona', password: 'malamala' },
      });
      expect(other.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
