import { expect, it } from 'vitest';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { prepararEntornoWebhooks } from './webhooks.fixtures';

/**
 * With the job queue running (pg-boss, no schedule), an act owed to a firm's endpoint is delivered
 * within seconds of its commit, without waiting for the queue's pass of every minute.
 */

const e = prepararEntornoWebhooks({ enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 1, pollingIntervalSeconds: 0.5 });

it('delivers a new assignment’s encargo.creado within seconds of the act', async () => {
  const creado = await e.suscribir('cola', ['encargo.creado']);
  expect(creado.statusCode, creado.body).toBe(201);
  const inicio = Date.now();
  const encargo = await crearEncargo(e.t, e.w.tokenA, e.w.estudioA, e.w.lookupsA, { numero_rol: 'C-9911-2026', fecha_encargo: '2026-03-09' });
  // The queue's pass of every minute is not scheduled here: only the act itself can have queued it.
  while (e.cuerpos.length === 0 && Date.now() - inicio < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(e.cuerpos.map((c) => JSON.parse(c) as { tipo: string; encargo: { id: number } })).toMatchObject([{ tipo: 'encargo.creado', encargo: { id: encargo.id } }]);
});
