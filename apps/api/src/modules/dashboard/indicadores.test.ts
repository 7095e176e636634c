import { IndicadoresResponseSchema, type Indicadores } from '@receptoria/contracts';
import { controlSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { type FakeMindicador, mindicadorAnswer, startFakeMindicador } from '../../integrations/indicadores/mindicador.fixtures';
import { IndicadoresSourceError, type IndicadoresSource } from '../../integrations/indicadores/mindicador-client';
import { getIndicadores, INDICADORES_CACHE_TTL_MS } from './indicadores.service';

let t: TestContext;
let fake: FakeMindicador;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  fake = await startFakeMindicador();
  t = await createTestContext({ indicadores: { url: fake.url, timeoutMs: 400, retryAfterFailureMs: 0 } });
  const tenantB = await t.createTenant({ nombre: 'Receptor Talca' });
  await t.createUser({ tenantId: t.mainTenantId, username: 'usuario_a' });
  await t.createUser({ tenantId: tenantB.id, username: 'usuario_b' });
  tokenA = await t.login('usuario_a');
  tokenB = await t.login('usuario_b');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await t.app.controlDb.delete(controlSchema.indicadoresCache);
  fake.mode = { kind: 'json', body: mindicadorAnswer() };
});

async function indicadores(token = tokenA) {
  const response = await t.request(token, { method: 'GET', url: '/api/v1/indicadores-economicos/' });
  expect(response.statusCode).toBe(200);
  return IndicadoresResponseSchema.parse(response.json());
}

async function cacheRows() {
  return t.app.controlDb.select().from(controlSchema.indicadoresCache).orderBy(controlSchema.indicadoresCache.codigo);
}

/** Moves the cached values back in time by `ms`. */
async function ageCache(ms: number) {
  await t.app.controlDb
    .update(controlSchema.indicadoresCache)
    .set({ obtenidoEn: sql`obtenido_en - make_interval(secs => ${ms / 1000})` });
}

const FRESH: Indicadores = {
  uf: { valor: 39643.59, fecha: '2025-11-21' },
  ipc: { valor: 0.4, fecha: '2025-10-01' },
  dolar: { valor: 934.66, fecha: '2025-11-21' },
};

describe('GET /indicadores-economicos/', () => {
  it('answers the values of the source and caches them for everyone', async () => {
    const hits = fake.hits;
    expect(await indicadores()).toEqual({ success: true, fuente: 'mindicador', indicadores: FRESH });
    expect(fake.hits - hits).toBe(1);
    const rows = await cacheRows();
    expect(rows.map((row) => [row.codigo, row.valor, row.fecha])).toEqual([
      ['dolar', 934.66, '2025-11-21'],
      ['ipc', 0.4, '2025-10-01'],
      ['uf', 39643.59, '2025-11-21'],
    ]);
    for (const row of rows) expect(Math.abs(row.obtenidoEn.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('serves the cache within the hour, to every receiver, without calling the source again', async () => {
    await indicadores(tokenA);
    const hits = fake.hits;
    fake.mode = { kind: 'json', body: mindicadorAnswer({ uf: 40000 }) };
    expect(await indicadores(tokenA)).toEqual({ success: true, fuente: 'cache', indicadores: FRESH });
    expect(await indicadores(tokenB)).toEqual({ success: true, fuente: 'cache', indicadores: FRESH });
    await ageCache(INDICADORES_CACHE_TTL_MS - 5 * 60_000);
    expect((await indicadores(tokenB)).fuente).toBe('cache');
    expect(fake.hits).toBe(hits);
  });

  it('asks the source again once the cache is over an hour old', async () => {
    await indicadores();
    await ageCache(INDICADORES_CACHE_TTL_MS + 60_000);
    fake.mode = { kind: 'json', body: mindicadorAnswer({ uf: 39650.12, ipc: -0.1, dolar: 941.2 }) };
    const hits = fake.hits;
    const answer = await indicadores();
    expect(fake.hits - hits).toBe(1);
    expect(answer.fuente).toBe('mindicador');
    expect(answer.indicadores.uf.valor).toBe(39650.12);
    expect(answer.indicadores.ipc.valor).toBe(-0.1);
    expect((await cacheRows()).find((row) => row.codigo === 'dolar')?.valor).toBe(941.2);
    expect((await indicadores()).fuente).toBe('cache');
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500 }],
    ['answers malformed JSON', { kind: 'raw', body: '{"uf":{"valor":' }],
    ['answers JSON without the indicators', { kind: 'json', body: { version: '1.7.0', autor: 'mindicador.cl' } }],
    ['does not answer in time', { kind: 'hang', ms: 5000 }],
  ] as const)('answers the stale cached values as fallback when the source %s', async (_name, mode) => {
    await indicadores();
    await ageCache(3 * INDICADORES_CACHE_TTL_MS);
    fake.mode = mode;
    const started = Date.now();
    expect(await indicadores()).toEqual({ success: false, fuente: 'respaldo', indicadores: FRESH });
    expect(Date.now() - started).toBeLessThan(2500);
    // The fallback does not count as a fresh answer: the stored time stays old.
    const [row] = await cacheRows();
    expect(Date.now() - row!.obtenidoEn.getTime()).toBeGreaterThan(2 * INDICADORES_CACHE_TTL_MS);
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500 }],
    ['answers malformed JSON', { kind: 'raw', body: 'not json at all' }],
    ['does not answer in time', { kind: 'hang', ms: 5000 }],
  ] as const)('answers the fixed defaults when the source %s and nothing was cached', async (_name, mode) => {
    fake.mode = mode;
    expect(await indicadores()).toEqual({
      success: false,
      fuente: 'defecto',
      indicadores: { uf: { valor: 39200, fecha: null }, ipc: { valor: 0.3, fecha: null }, dolar: { valor: 950, fecha: null } },
    });
    expect(await cacheRows()).toEqual([]);
  });

  it('recovers once the source answers again', async () => {
    fake.mode = { kind: 'status', status: 502 };
    expect((await indicadores()).fuente).toBe('defecto');
    fake.mode = { kind: 'json', body: mindicadorAnswer() };
    expect(await indicadores()).toEqual({ success: true, fuente: 'mindicador', indicadores: FRESH });
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/indicadores-economicos/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('getIndicadores', () => {
  function stubSource(answer: () => Promise<Indicadores>): IndicadoresSource & { calls: number } {
    const source = {
      calls: 0,
      obtener() {
        source.calls += 1;
        return answer();
      },
    };
    return source;
  }

  it('keeps the cache for exactly one hour', async () => {
    const source = stubSource(async () => FRESH);
    const start = new Date('2025-11-21T12:00:00Z');
    await getIndicadores({ controlDb: t.app.controlDb, source, now: start });
    const justBefore = new Date(start.getTime() + INDICADORES_CACHE_TTL_MS - 1);
    expect((await getIndicadores({ controlDb: t.app.controlDb, source, now: justBefore })).fuente).toBe('cache');
    expect(source.calls).toBe(1);
    const oneHour = new Date(start.getTime() + INDICADORES_CACHE_TTL_MS);
    expect((await getIndicadores({ controlDb: t.app.controlDb, source, now: oneHour })).fuente).toBe('mindicador');
    expect(source.calls).toBe(2);
  });

  it('logs the failure of the source', async () => {
    const warnings: string[] = [];
    const source = stubSource(async () => {
      throw new IndicadoresSourceError('red', 'unreachable');
    });
    const answer = await getIndicadores({
      controlDb: t.app.controlDb,
      source,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    expect(answer.fuente).toBe('defecto');
    expect(warnings).toHaveLength(1);
  });

  it('answers the fallback quietly while the source rests after a failure', async () => {
    const warnings: string[] = [];
    const source = stubSource(async () => {
      throw new IndicadoresSourceError('en_pausa', 'failed recently');
    });
    const answer = await getIndicadores({
      controlDb: t.app.controlDb,
      source,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    expect(answer).toMatchObject({ success: false, fuente: 'defecto' });
    expect(warnings).toEqual([]);
  });
});
