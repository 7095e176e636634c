import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { authMessages, commonMessages, inputMessages } from '@receptoria/contracts';
import { controlSchema, withDatabaseName } from '@receptoria/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estudioPayload } from '../../src/modules/encargos/encargos.fixtures';
import { ControlDbLoginThrottle } from '../../src/modules/auth/login-throttle';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../helper';
import { expectSpanishJson } from './spanish';

/** Regression tests for the numbered problems of the security review (one block per problem). */

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext({ sessionCacheTtlMs: 5_000 });
  adminToken = await t.login('admin');
});
afterAll(() => t.close());

describe('1. a long value never reaches a pattern', () => {
  it('refuses a 40,000-character e-mail in agregar_emails at once and keeps answering /health', async () => {
    const value = `a@${'a.'.repeat(20_000)} `;
    const started = Date.now();
    const [refused, health] = await Promise.all([
      t.request(adminToken, { method: 'POST', url: '/api/v1/estudios/1/agregar_emails/', payload: { emails: [value] } }),
      t.app.inject({ method: 'GET', url: '/health' }),
    ]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused.statusCode).toBe(400);
    expectSpanishJson(refused);
    expect(health.statusCode).toBe(200);
  });

  it('the input guard cuts a 1 MB string on any route before its schema', async () => {
    const response = await t.request(adminToken, {
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      payload: estudioPayload({ nombre: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(400);
    expectSpanishJson(response);
  });
});

describe('2. login throttling', () => {
  const attempt = (ctx: TestContext, username: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username, password: 'incorrecta' },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set: rotating it gives no extra guesses', async () => {
    const limited = await createTestContext({ loginRateMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        codes.push((await attempt(limited, `usuario_${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
      const health = await limited.app.inject({ method: 'GET', url: '/health' });
      expect(health.json().login_throttle).toMatchObject({ direcciones_bloqueadas: 1 });
      expect(health.json().login_throttle.rechazos_por_direccion).toBeGreaterThanOrEqual(3);
    } finally {
      await limited.close();
    }
  });

  it('limits many usernames from one address', async () => {
    const limited = await createTestContext({ loginRateMax: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 8; i += 1) codes.push((await attempt(limited, `nombre_${i}`)).statusCode);
      expect(codes.filter((code) => code === 429)).toHaveLength(3);
      const blocked = await attempt(limited, 'otro_nombre');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: authMessages.tooManyAttempts });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('believes the forwarded address when TRUST_PROXY is set', async () => {
    const proxied = await createTestContext({ loginRateMax: 2, trustProxy: true });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt(proxied, `nombre_${i}`, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
      expect(codes).toEqual([401, 401, 401, 401]);
    } finally {
      await proxied.close();
    }
  });

  it('slows one account down whatever the address, without locking it out for long', async () => {
    const limited = await createTestContext({ loginRateMax: 1000 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) codes.push((await attempt(limited, 'admin', {}, `192.0.2.${i + 1}`)).statusCode);
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('caps the account delay so a real user gets in again within 30 s, and a success starts afresh', async () => {
    // A clock of its own, a year ahead (the minute's pruning of expired rows never reaches these).
    let now = Date.now() + 365 * 86_400_000;
    const throttle = new ControlDbLoginThrottle(t.app.controlDb, {
      perAddressMax: 1000,
      windowMs: 60_000,
      accountFreeFailures: 5,
      accountMaxDelayMs: 30_000,
      now: () => now,
    });
    try {
      for (let i = 0; i < 40; i += 1) {
        const verdict = await throttle.begin(`10.0.0.${i}`, 'victima');
        if (!verdict.allowed) {
          expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(30);
          now += verdict.retryAfterSeconds * 1000;
          expect((await throttle.begin(`10.0.0.${i}`, 'victima')).allowed).toBe(true);
        }
      }
      now += 30_000;
      expect((await throttle.begin('10.9.9.9', 'victima')).allowed).toBe(true);
      await throttle.succeeded('10.9.9.9', 'victima');
      expect((await throttle.begin('10.9.9.9', 'victima')).allowed).toBe(true);
      expect((await throttle.stats()).rechazos_por_cuenta).toBeGreaterThan(0);
    } finally {
      await throttle.close();
    }
  });
});

describe('4. refresh-token reuse cannot be raced', () => {
  const rotate = (refresh: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh } });

  it('revokes what the winner of simultaneous renewals received, access and refresh', async () => {
    for (let round = 0; round < 3; round += 1) {
      const session = await t.loginFull('admin', ADMIN_PASSWORD);
      const answers = await Promise.all([rotate(session.refresh), rotate(session.refresh), rotate(session.refresh)]);
      const winners = answers.filter((answer) => answer.statusCode === 200);
      expect(winners.length).toBeLessThanOrEqual(1);
      for (const winner of winners) {
        const { access, refresh } = winner.json() as { access: string; refresh: string };
        expect((await rotate(refresh)).statusCode).toBe(401);
        expect((await t.request(access, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(401);
      }
    }
  });

  it('presenting a revoked token revokes its family again, including tokens issued since', async () => {
    const session = await t.loginFull('admin', ADMIN_PASSWORD);
    const second = (await rotate(session.refresh)).json().refresh as string;
    expect((await rotate(session.refresh)).statusCode).toBe(401);
    const { refreshTokens } = controlSchema;
    const [row] = await t.app.controlDb.select().from(refreshTokens).where(sql`${refreshTokens.revokedAt} is not null`).orderBy(sql`${refreshTokens.id} desc`).limit(1);
    // A token of the family issued concurrently, after the revocation.
    await t.app.controlDb.insert(refreshTokens).values({
      userId: row!.userId,
      tokenHash: 'concurrente',
      family: row!.family,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await rotate(second)).statusCode).toBe(401);
    const [late] = await t.app.controlDb.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, 'concurrente'));
    expect(late!.revokedAt).not.toBeNull();
  });
});

describe('5. no 500 for input a client controls', () => {
  it('answers 400 for ids beyond PostgreSQL integer in paths, bodies and queries', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/estudios/2147483648/' },
      { method: 'GET' as const, url: '/api/v1/estudios/99999999999999999999999/' },
      { method: 'GET' as const, url: '/api/v1/encargos/lista/?estudio=2147483648' },
      { method: 'POST' as const, url: '/api/v1/configuracion/usuarios/1/revocar_permiso/', payload: { permiso_id: 2147483648 } },
    ];
    for (const call of calls) {
      const response = await t.request(adminToken, call);
      expect(response.statusCode, call.url).toBe(400);
      expectSpanishJson(response);
    }
  });

  it('answers 400 for a NUL character, also at login without a session', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'adm\u0000in', password: 'x\u0000yzabc' } });
    expect(login.statusCode).toBe(400);
    expectSpanishJson(login);
    expect(login.json().detail).toContain(inputMessages.caracterNoPermitido);
    const search = await t.request(adminToken, { method: 'GET', url: '/api/v1/estudios/?search=a%00b' });
    expect(search.statusCode).toBe(400);
  });

  it('answers 409 in Spanish for names PostgreSQL folds together but JavaScript does not', async () => {
    const response = await t.request(adminToken, {
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      payload: estudioPayload({ partes_demandantes: [{ nombre: 'İstanbul Cobranzas' }, { nombre: 'istanbul cobranzas' }] }),
    });
    expect([400, 409]).toContain(response.statusCode);
    expectSpanishJson(response);
  });

  it('answers bad URLs, unknown routes and unsupported content types with a Spanish detail', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/estudios/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expectSpanishJson(badUrl);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/no-existe/' });
    expect(unknown.statusCode).toBe(404);
    expectSpanishJson(unknown);
    const xml = await t.request(adminToken, {
      method: 'POST',
      url: '/api/v1/estudios/registrar_estudio/',
      headers: { 'content-type': 'application/xml' },
      payload: '<estudio/>',
    });
    expect(xml.statusCode).toBe(415);
    expectSpanishJson(xml);
  });

  it('answers oversized headers with JSON and a Spanish detail on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/health`, { headers: { 'x-relleno': 'x'.repeat(40_000) } });
    expect(response.status).toBe(431);
    expect(((await response.json()) as { detail: string }).detail).toBe(commonMessages.headersTooLarge);
  });
});

describe('6. tenant pool eviction never breaks a request in flight', () => {
  it('serves many receivers concurrently through TENANT_POOL_MAX=1 without an error', async () => {
    const small = await createTestContext({ tenantPool: { max: 1, idleMs: 60_000, poolSize: 2 } });
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const tenant = await small.createTenant({ nombre: `Receptora Pool ${i}` });
        await small.createUser({ tenantId: tenant.id, username: `pool_${i}` });
        tokens.push(await small.login(`pool_${i}`));
      }
      const answers = await Promise.all(
        Array.from({ length: 45 }, (_, i) => small.request(tokens[i % 3], { method: 'GET', url: '/api/v1/estudios/' })),
      );
      expect(answers.map((answer) => answer.statusCode).filter((code) => code !== 200)).toEqual([]);
      expect(small.app.tenantPools.openCount).toBeLessThanOrEqual(3);
    } finally {
      await small.close();
    }
  });
});

describe('7. secrets stay out of the logs', () => {
  it('redacts query parameters of failed queries, hashes, user names, e-mails, tokens and query strings', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestContext({ logger: { level: 'info', stream } });
    try {
      const token = await logged.login('admin');
      await logged.app.controlDb.execute(sql`
        create function log_reject_user() returns trigger language plpgsql as $$
        begin raise exception 'usuario rechazado'; end $$`);
      await logged.app.controlDb.execute(sql`create trigger log_reject_user before insert on users for each row execute function log_reject_user()`);
      const failed = await logged.request(token, {
        method: 'POST',
        url: '/api/v1/onboarding/clientes/1/secretaria/',
        payload: {
          username: 'usuaria_secreta',
          password: 'clave-muy-secreta-1',
          email: 'correo.secreto@ejemplo.cl',
          first_name: 'Ana',
          last_name: 'Secreta',
        },
      });
      expect(failed.statusCode).toBe(500);
      await logged.request(token, { method: 'GET', url: '/api/v1/estudios/?search=busqueda-secreta' });
      const output = lines.join('\n');
      expect(output).toContain('unhandled error');
      for (const secret of ['usuaria_secreta', 'correo.secreto@ejemplo.cl', '$argon2', 'clave-muy-secreta-1', 'busqueda-secreta', token]) {
        expect(output, secret).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('9. a database outage answers 503 and /health tells which database', () => {
  it('answers 503 with Retry-After when a receiver database is unreachable, and /health says tenant', async () => {
    const ctx = await createTestContext();
    try {
      const tenant = await ctx.createTenant({ nombre: 'Receptora Caída' });
      await ctx.createUser({ tenantId: tenant.id, username: 'caida_user' });
      const token = await ctx.login('caida_user');
      const controlUrl = ctx.config.database.controlUrl ?? 'postgres://postgres@127.0.0.1:5432/x';
      const { tenants } = controlSchema;
      await ctx.app.controlDb
        .update(tenants)
        .set({ databaseUrl: withDatabaseName(controlUrl.replace(/:\d+\//, ':1/'), 'caida') })
        .where(eq(tenants.id, tenant.id));
      const response = await ctx.request(token, { method: 'GET', url: '/api/v1/estudios/' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toEqual({ detail: commonMessages.unavailable });
      // Move the main receiver away too: /health reports the tenant side, the control side stays ok.
      await ctx.app.controlDb.update(tenants).set({ activo: false }).where(eq(tenants.id, ctx.mainTenantId));
      await ctx.app.controlDb.update(tenants).set({ activo: true }).where(eq(tenants.id, tenant.id));
      const health = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toMatchObject({ control_db: 'ok', tenant_db: 'error', status: 'degraded' });
      expect(health.statusCode).toBe(200);
      // The unreachable database is that receiver's own URL, not a server of the servers table: the
      // principal server still answers.
      expect(health.json().servidores).toEqual([{ id: 1, nombre: 'principal', estado: 'ok' }]);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 when the control database refuses connections', async () => {
    const ctx = await createTestContext();
    const controlUrl = ctx.config.database.controlUrl;
    const admin = controlUrl ? new pg.Client({ connectionString: withDatabaseName(controlUrl, 'postgres') }) : undefined;
    try {
      const token = await ctx.login('admin');
      expect(admin).toBeDefined();
      await admin!.connect();
      const name = new URL(controlUrl!).pathname.slice(1);
      await admin!.query(`alter database "${name}" allow_connections false`);
      await admin!.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const response = await ctx.request(token, { method: 'GET', url: '/api/v1/auth/profile/' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: commonMessages.unavailable });
      const health = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ control_db: 'error' });
      await admin!.query(`alter database "${name}" allow_connections true`);
    } finally {
      await admin?.end().catch(() => undefined);
      await ctx.close();
    }
  });
});

describe('10. security headers', () => {
  it('sends CSP, frame, nosniff and referrer headers; HSTS only over TLS or when configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestContext({ trustProxy: true });
    try {
      const tls = await proxied.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await proxied.close();
    }
  });

  it('sends the same headers on refusals, errors and unknown routes as on a success', async () => {
    const names = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'];
    const ok = await t.app.inject({ method: 'GET', url: '/health' });
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/encargos/lista/' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/no-existe/' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: '{', headers: { 'content-type': 'application/json' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 404, 400]);
    for (const answer of answers) {
      for (const name of names) expect(answer.headers[name], name).toBe(ok.headers[name]);
    }
  });
});

describe('11. access tokens', () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a token without exp, with alg none, forged or expired', async () => {
    const session = await t.loginFull('admin', ADMIN_PASSWORD);
    const claims = JSON.parse(Buffer.from(session.access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExp } = claims;
    const secret = t.config.jwtSecret!;
    const sign = (header: object, payload: object, key = secret) => {
      const unsigned = `${encode(header)}.${encode(payload)}`;
      return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    };
    const tokens = {
      noExp: sign({ alg: 'HS256', typ: 'JWT' }, withoutExp),
      none: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
      forged: sign({ alg: 'HS256', typ: 'JWT' }, claims, 'otra-clave'),
      expired: sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: Math.floor(Date.now() / 1000) - 10 }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await t.request(token, { method: 'GET', url: '/api/v1/auth/profile/' });
      expect(response.statusCode, name).toBe(401);
      expect(response.json()).toEqual({ detail: commonMessages.unauthorized });
    }
    expect((await t.request(session.access, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(200);
  });

  it('ends the access token with the session at logout, despite the session cache', async () => {
    const session = await t.loginFull('admin', ADMIN_PASSWORD);
    expect((await t.request(session.access, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
    expect((await t.request(session.access, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(401);
  });

  it('takes a receiver deactivation into account at once through the API, despite the cache', async () => {
    const tenant = await t.createTenant({ nombre: 'Receptora Desactivada' });
    await t.createUser({ tenantId: tenant.id, username: 'desactivada_user' });
    const token = await t.login('desactivada_user');
    expect((await t.request(token, { method: 'GET', url: '/api/v1/auth/profile/' })).statusCode).toBe(200);
    const current = await t.request(adminToken, { method: 'GET', url: `/api/v1/onboarding/clientes/${tenant.id}/` });
    const version = (current.json() as { receptor: { version?: number } }).receptor.version;
    const patched = await t.request(adminToken, {
      method: 'PATCH',
      url: `/api/v1/onboarding/clientes/${tenant.id}/`,
      payload: { activo: false, ...(version === undefined ? {} : { version }) },
    });
    expect(patched.statusCode).toBe(200);
    const after = await t.request(token, { method: 'GET', url: '/api/v1/auth/profile/' });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe(authMessages.inactiveTenant);
  });
});
