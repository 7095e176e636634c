import { commonMessages } from '@receptoria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/helper';
import { buildApp } from '../app';

const TOKEN = 'metricas-de-prueba-0123456789';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext({ metrics: { token: TOKEN }, loginRateMax: 2 });
  adminToken = await t.login('admin');
});
afterAll(() => t.close());

const scrape = async (app = t.app, token = TOKEN) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series (a line starting with `name{labels}`), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics with METRICS_TOKEN', () => {
  it('answers 401 in Spanish without the bearer, with a wrong one and with a session token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer ', `Bearer ${adminToken}`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: commonMessages.unauthorized });
    }
  });

  it('serves the Prometheus text format with the bearer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('# TYPE receptoria_http_request_duration_seconds histogram');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    for (const id of [1, 2, 3]) {
      await t.request(adminToken, { method: 'GET', url: `/api/v1/configuracion/usuarios/${id}/permisos/` });
    }
    await t.app.inject({ method: 'GET', url: '/api/v1/no-existe/987654/' });
    const text = await scrape();
    const pattern = '/api/v1/configuracion/usuarios/:id/permisos/';
    const lines = text.split('\n').filter((l) => l.startsWith('receptoria_http_request_duration_seconds_count{'));
    const forPattern = lines.filter((l) => l.includes(`route="${pattern}"`));
    expect(forPattern.reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)).toBe(3);
    expect(text).not.toContain('/usuarios/1/permisos/');
    expect(text).not.toContain('987654');
    expect(lines.some((l) => l.includes('route="(sin ruta)"') && l.includes('status="404"'))).toBe(true);
    expect(text).toMatch(/receptoria_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/configuracion\/usuarios\/:id\/permisos\/",status="200"\}/);
  });

  it('counts login refusals by scope', async () => {
    const before = valueOf(await scrape(), 'receptoria_login_refusals_total{scope="direccion"}') ?? 0;
    for (let i = 0; i < 4; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: `nadie_${i}`, password: 'incorrecta' }, remoteAddress: '203.0.113.77' });
    }
    expect(valueOf(await scrape(), 'receptoria_login_refusals_total{scope="direccion"}')).toBe(before + 2);
  });

  it('shows the receiver database pools open and busy per server', async () => {
    await t.request(adminToken, { method: 'GET', url: '/api/v1/auth/profile/' });
    const text = await scrape();
    const open = text.split('\n').find((l) => l.startsWith('receptoria_tenant_pools_open{servidor="'));
    expect(open).toBeDefined();
    expect(Number(open!.split(' ').pop())).toBeGreaterThanOrEqual(1);
    expect(open).not.toContain('@');
    expect(text).toMatch(/receptoria_tenant_pools_busy\{servidor="[^"]+"\} 0/);
  });

  it('measures the delay of revocation notices from another instance', async () => {
    const other = await buildApp({ ...t.config, metrics: { token: TOKEN } });
    try {
      expect(valueOf(await scrape(other), 'receptoria_revocation_listener_up')).toBe(1);
      const session = await t.loginFull('admin', ADMIN_PASSWORD);
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
      let count = 0;
      for (let i = 0; i < 50 && count === 0; i += 1) {
        count = valueOf(await scrape(other), 'receptoria_revocation_notify_lag_seconds_count') ?? 0;
        if (count === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(count).toBeGreaterThanOrEqual(1);
      expect(valueOf(await scrape(other), 'receptoria_revocation_notify_lag_seconds_bucket{le="1"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers 401 on the API port and serves on METRICS_PORT only', async () => {
    const app = await buildApp({ ...t.config, metrics: { port: 0 } });
    try {
      const refused = await app.inject({ method: 'GET', url: '/metrics' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: commonMessages.unauthorized });
      expect(app.metricsAddress).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const served = await fetch(`${app.metricsAddress}/metrics`);
      expect(served.status).toBe(200);
      expect(await served.text()).toContain('receptoria_login_refusals_total');
    } finally {
      await app.close();
    }
  });

  it('lists pg-boss jobs by queue and state when jobs run', async () => {
    const app = await buildApp({ ...t.config, metrics: { token: TOKEN }, jobs: { enabled: true, schedule: false } });
    try {
      const text = await scrape(app);
      expect(text).toMatch(/receptoria_jobs\{queue="[^"]+",state="ready"\} \d+/);
      expect(text).toMatch(/receptoria_jobs\{queue="[^"]+",state="active"\} \d+/);
    } finally {
      await app.close();
    }
  });
});
