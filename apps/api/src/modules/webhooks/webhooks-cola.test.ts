import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { type ResultadosWorld, setupResultados } from '../diligencias/resultados.fixtures';
import { crearEncargo } from '../encargos/encargos.fixtures';

/**
 * With the job queue running (pg-boss, no schedule), an act owed to a firm's endpoint is delivered
 * within seconds of its commit, without waiting for the queue's pass of every minute.
 */

const JOBS = { enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 1, pollingIntervalSeconds: 0.5 };
let t: TestContext;
let w: ResultadosWorld;
const cuerpos: string[] = [];
const sistema = http.createServer((req, res) => {
  const partes: Buffer[] = [];
  req.on('data', (c: Buffer) => partes.push(c));
  req.on('end', () => {
    cuerpos.push(Buffer.concat(partes).toString('utf8'));
    res.end('ok');
  });
});

beforeAll(async () => {
  t = await createTestContext({ webhooksPermitirPrivadas: true, jobs: JOBS });
  w = await setupResultados(t);
  await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  sistema.close();
  await t?.close();
});

it('delivers a new assignment’s encargo.creado within seconds of the act', async () => {
  const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/cola`;
  const creado = await t.request(w.tokenA, { method: 'POST', url: `/api/v1/estudios/${w.estudioA.id}/webhooks/`, payload: { url, eventos: ['encargo.creado'], activo: true } });
  expect(creado.statusCode, creado.body).toBe(201);
  const inicio = Date.now();
  const encargo = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: 'C-9911-2026', fecha_encargo: '2026-03-09' });
  // The queue's pass of every minute is not scheduled here: only the act itself can have queued it.
  while (cuerpos.length === 0 && Date.now() - inicio < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(cuerpos.map((c) => JSON.parse(c) as { tipo: string; encargo: { id: number } })).toMatchObject([{ tipo: 'encargo.creado', encargo: { id: encargo.id } }]);
});
