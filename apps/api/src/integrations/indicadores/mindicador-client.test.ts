import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMindicador, mindicadorAnswer, startFakeMindicador } from './mindicador.fixtures';
import {
  createMindicadorClient,
  IndicadoresSourceError,
  MINDICADOR_TIMEOUT_MS,
  MINDICADOR_URL,
} from './mindicador-client';

let fake: FakeMindicador;

beforeAll(async () => {
  fake = await startFakeMindicador();
});
afterAll(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<IndicadoresSourceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IndicadoresSourceError);
  return error as IndicadoresSourceError;
}

describe('mindicador client', () => {
  it('points at the public service with a 3 second timeout by default', () => {
    expect(MINDICADOR_URL).toBe('https://mindicador.cl/api');
    expect(MINDICADOR_TIMEOUT_MS).toBe(3000);
  });

  it('reads UF, IPC and dollar with the Chilean day each applies to', async () => {
    fake.mode = { kind: 'json', body: mindicadorAnswer() };
    const client = createMindicadorClient({ baseUrl: fake.url });
    expect(await client.obtener()).toEqual({
      uf: { valor: 39643.59, fecha: '2025-11-21' },
      ipc: { valor: 0.4, fecha: '2025-10-01' },
      dolar: { valor: 934.66, fecha: '2025-11-21' },
    });
  });

  it('accepts plain dates and a negative IPC', async () => {
    const body = mindicadorAnswer({ ipc: -0.2 });
    body.uf.fecha = '2025-06-30';
    fake.mode = { kind: 'json', body };
    const result = await createMindicadorClient({ baseUrl: fake.url }).obtener();
    expect(result.uf.fecha).toBe('2025-06-30');
    expect(result.ipc.valor).toBe(-0.2);
  });

  it('fails with a timeout when the service does not answer in time', async () => {
    fake.mode = { kind: 'hang', ms: 5000 };
    const started = Date.now();
    const error = await failure(createMindicadorClient({ baseUrl: fake.url, timeoutMs: 250 }).obtener());
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up after 3 seconds with the default timeout', async () => {
    fake.mode = { kind: 'hang', ms: 6000 };
    const started = Date.now();
    const error = await failure(createMindicadorClient({ baseUrl: fake.url }).obtener());
    const elapsed = Date.now() - started;
    expect(error.reason).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
  });

  it('fails on a server error', async () => {
    fake.mode = { kind: 'status', status: 500 };
    expect((await failure(createMindicadorClient({ baseUrl: fake.url }).obtener())).reason).toBe('http');
  });

  it('fails on an answer that is not JSON', async () => {
    fake.mode = { kind: 'raw', body: '{"uf": {"valor": 39643.59, ' };
    expect((await failure(createMindicadorClient({ baseUrl: fake.url }).obtener())).reason).toBe('formato');
  });

  it('fails on JSON without the three indicators or with values that are not numbers', async () => {
    const client = createMindicadorClient({ baseUrl: fake.url, retryAfterFailureMs: 0 });
    const { ipc: _ipc, ...withoutIpc } = mindicadorAnswer();
    fake.mode = { kind: 'json', body: withoutIpc };
    expect((await failure(client.obtener())).reason).toBe('formato');
    const textual = mindicadorAnswer() as Record<string, unknown>;
    textual.uf = { fecha: '2025-11-21T03:00:00.000Z', valor: '39.643,59' };
    fake.mode = { kind: 'json', body: textual };
    expect((await failure(client.obtener())).reason).toBe('formato');
    fake.mode = { kind: 'json', body: mindicadorAnswer({ dolar: 0 }) };
    expect((await failure(client.obtener())).reason).toBe('formato');
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await startFakeMindicador();
    const url = closed.url;
    await closed.close();
    expect((await failure(createMindicadorClient({ baseUrl: url }).obtener())).reason).toBe('red');
  });

  it('shares one request among concurrent calls', async () => {
    fake.mode = { kind: 'json', body: mindicadorAnswer() };
    const client = createMindicadorClient({ baseUrl: fake.url });
    const before = fake.hits;
    const answers = await Promise.all([client.obtener(), client.obtener(), client.obtener()]);
    expect(fake.hits - before).toBe(1);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('leaves a failing service alone for a while, then asks again', async () => {
    let clock = 1_000_000;
    const client = createMindicadorClient({ baseUrl: fake.url, retryAfterFailureMs: 60_000, now: () => clock });
    fake.mode = { kind: 'status', status: 503 };
    const before = fake.hits;
    expect((await failure(client.obtener())).reason).toBe('http');
    clock += 30_000;
    fake.mode = { kind: 'json', body: mindicadorAnswer() };
    expect((await failure(client.obtener())).reason).toBe('en_pausa');
    expect(fake.hits - before).toBe(1);
    clock += 30_001;
    expect((await client.obtener()).uf.valor).toBe(39643.59);
    expect(fake.hits - before).toBe(2);
  });
});
