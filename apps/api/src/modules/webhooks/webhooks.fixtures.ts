import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import type { AppConfig } from '../../lib/config';
import { type ResultadosWorld, setupResultados } from '../diligencias/resultados.fixtures';

/** The app with its job queue running, receiver A's firm, and that firm's system listening on a local port. */
export interface EntornoWebhooks {
  t: TestContext;
  w: ResultadosWorld;
  /** The bodies the firm's system received, in the order they arrived. */
  cuerpos: string[];
  /** Registers an endpoint of firm A at the system's `ruta` for these event types (the route's answer). */
  suscribir(ruta: string, eventos: string[]): Promise<LightMyRequestResponse>;
}

/** Builds the environment before the file's tests (the queue as `jobs` says) and closes it after them. */
export function prepararEntornoWebhooks(jobs: NonNullable<AppConfig['jobs']>): EntornoWebhooks {
  const cuerpos: string[] = [];
  const sistema = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      cuerpos.push(Buffer.concat(partes).toString('utf8'));
      res.end('ok');
    });
  });
  const entorno = {
    cuerpos,
    suscribir(ruta: string, eventos: string[]) {
      const url = `http://127.0.0.1:${(sistema.address() as AddressInfo).port}/${ruta}`;
      return entorno.t.request(entorno.w.tokenA, { method: 'POST', url: `/api/v1/estudios/${entorno.w.estudioA.id}/webhooks/`, payload: { url, eventos, activo: true } });
    },
  } as EntornoWebhooks;
  beforeAll(async () => {
    entorno.t = await createTestContext({ webhooksPermitirPrivadas: true, jobs });
    entorno.w = await setupResultados(entorno.t);
    await new Promise<void>((resolve) => sistema.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    sistema.close();
    await entorno.t?.close();
  });
  return entorno;
}
