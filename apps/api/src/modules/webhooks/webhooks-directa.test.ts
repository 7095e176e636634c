import { WebhookEntregasListSchema } from '@receptoria/contracts';
import { expect, it } from 'vitest';
import { crearEncargo } from '../encargos/encargos.fixtures';
import { listTenants } from '../tenants/tenants.service';
import { eventosNuevos } from './webhooks.eventos';
import { prepararEntornoWebhooks } from './webhooks.fixtures';

/**
 * The instance that records an act delivers it itself right after the commit: here the queue's workers
 * poll only every 10 minutes (they fetch once when they start), so the queued fallback pass cannot be
 * what delivers; the act's own pass does, once, in the order of the assignment's events.
 */

const e = prepararEntornoWebhooks({ enabled: true, schedule: false, retryDelaySeconds: 1, retryLimit: 1, pollingIntervalSeconds: 600 });

it('the recording instance delivers its acts without the queue, each once and in order', async () => {
  const { t, w, cuerpos } = e;
  const creado = await e.suscribir('directa', ['encargo.creado']);
  expect(creado.statusCode, creado.body).toBe(201);
  const bases: unknown[] = [];
  const anotar = (base: unknown) => bases.push(base);
  eventosNuevos.on('nuevo', anotar);
  const uno = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: 'C-9921-2026', fecha_encargo: '2026-03-09' });
  const dos = await crearEncargo(t, w.tokenA, w.estudioA, w.lookupsA, { numero_rol: 'C-9922-2026', fecha_encargo: '2026-03-10' });
  eventosNuevos.off('nuevo', anotar);
  // Each act names its receiver's database, so the direct pass visits that receiver only.
  const receptores = await listTenants(t.app.controlDb);
  expect(bases).toHaveLength(2);
  expect(new Set(bases).size).toBe(1);
  expect(receptores.map((r) => r.databaseName)).toContain(bases[0]);
  const inicio = Date.now();
  while (cuerpos.length < 2 && Date.now() - inicio < 20_000) await new Promise((resolve) => setTimeout(resolve, 50));
  // A moment more: a second send of either would show here.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const recibidos = cuerpos.map((c) => JSON.parse(c) as { tipo: string; encargo: { id: number } });
  expect(recibidos.map((r) => r.encargo.id).sort()).toEqual([uno.id, dos.id].sort());
  expect(recibidos.every((r) => r.tipo === 'encargo.creado')).toBe(true);
  const entregas = await t.request(w.tokenA, { method: 'GET', url: `/api/v1/estudios/${w.estudioA.id}/webhooks/${(creado.json() as { endpoint: { id: number } }).endpoint.id}/entregas/` });
  expect(entregas.statusCode, entregas.body).toBe(200);
  const filas = WebhookEntregasListSchema.parse(entregas.json());
  expect(filas).toHaveLength(2);
  expect(filas.every((f) => f.intento === 1 && f.estado_http === 200)).toBe(true);
});
