import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndicadoresSourceError } from './mindicador-client';
import { createUtmClient } from './utm-client';

/** A stand-in for mindicador.cl on 127.0.0.1: answers, fails or hangs as the test sets it. */
let mode: { kind: 'json'; body: unknown } | { kind: 'status'; status: number } | { kind: 'raw'; body: string } | { kind: 'hang' } = { kind: 'json', body: {} };
let hits: string[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const current = mode;
    if (current.kind === 'hang') return; // never answers; the client's timeout ends it
    if (current.kind === 'status') return void res.writeHead(current.status).end('<html>error</html>');
    res.writeHead(200, { 'content-type': 'application/json' }).end(current.kind === 'raw' ? current.body : JSON.stringify(current.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const serie = (fecha: string, valor: number) => ({ codigo: 'utm', unidad_medida: 'Pesos', serie: [{ fecha, valor }] });

async function reason(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IndicadoresSourceError);
  return (error as IndicadoresSourceError).reason;
}

describe('UTM client', () => {
  it('asks for the first day of the month and reads the value of that Santiago month', async () => {
    hits = [];
    mode = { kind: 'json', body: serie('2026-03-01T03:00:00.000Z', 69_889) };
    expect(await createUtmClient({ baseUrl: url }).utmDelMes('2026-03')).toBe(69_889);
    expect(hits).toEqual(['/api/utm/01-03-2026']);
  });

  it('answers null when the month is not published (an empty series or another month’s value)', async () => {
    mode = { kind: 'json', body: { codigo: 'utm', serie: [] } };
    expect(await createUtmClient({ baseUrl: url }).utmDelMes('2026-04')).toBeNull();
    mode = { kind: 'json', body: serie('2026-03-01T03:00:00.000Z', 69_889) };
    expect(await createUtmClient({ baseUrl: url }).utmDelMes('2026-04')).toBeNull();
  });

  it('gives up after its timeout when the source does not answer', async () => {
    mode = { kind: 'hang' };
    expect(await reason(createUtmClient({ baseUrl: url, timeoutMs: 200 }).utmDelMes('2026-03'))).toBe('timeout');
  });

  it('tells an HTTP error, an answer that is not JSON and a closed port apart', async () => {
    mode = { kind: 'status', status: 502 };
    expect(await reason(createUtmClient({ baseUrl: url }).utmDelMes('2026-03'))).toBe('http');
    mode = { kind: 'raw', body: '<html>' };
    expect(await reason(createUtmClient({ baseUrl: url }).utmDelMes('2026-03'))).toBe('formato');
    mode = { kind: 'json', body: { serie: [{ fecha: 'x', valor: 'y' }] } };
    expect(await reason(createUtmClient({ baseUrl: url }).utmDelMes('2026-03'))).toBe('formato');
    expect(await reason(createUtmClient({ baseUrl: 'http://127.0.0.1:9/api' }).utmDelMes('2026-03'))).toBe('red');
  });

  it('shares one request among concurrent calls for a month, and rests after a failure', async () => {
    hits = [];
    mode = { kind: 'json', body: serie('2026-05-01T04:00:00.000Z', 70_200) };
    const client = createUtmClient({ baseUrl: url });
    expect(await Promise.all([client.utmDelMes('2026-05'), client.utmDelMes('2026-05')])).toEqual([70_200, 70_200]);
    expect(hits).toHaveLength(1);

    let now = 1_000;
    const resting = createUtmClient({ baseUrl: url, retryAfterFailureMs: 60_000, now: () => now });
    mode = { kind: 'status', status: 500 };
    expect(await reason(resting.utmDelMes('2026-05'))).toBe('http');
    hits = [];
    expect(await reason(resting.utmDelMes('2026-05'))).toBe('en_pausa');
    expect(hits).toEqual([]);
    now += 60_000;
    mode = { kind: 'json', body: serie('2026-05-01T04:00:00.000Z', 70_200) };
    expect(await resting.utmDelMes('2026-05')).toBe(70_200);
  });
});
