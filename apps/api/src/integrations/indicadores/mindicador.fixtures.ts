import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of the real service, trimmed to a few series (Chile in summer: midnight is 03:00 UTC). */
export function mindicadorAnswer(values: { uf?: number; ipc?: number; dolar?: number } = {}) {
  return {
    version: '1.7.0',
    autor: 'mindicador.cl',
    fecha: '2025-11-21T11:00:00.000Z',
    uf: {
      codigo: 'uf',
      nombre: 'Unidad de fomento (UF)',
      unidad_medida: 'Pesos',
      fecha: '2025-11-21T03:00:00.000Z',
      valor: values.uf ?? 39643.59,
    },
    ivp: { codigo: 'ivp', nombre: 'Indice de valor promedio (IVP)', unidad_medida: 'Pesos', fecha: '2025-11-21T03:00:00.000Z', valor: 40921.1 },
    dolar: {
      codigo: 'dolar',
      nombre: 'Dólar observado',
      unidad_medida: 'Pesos',
      fecha: '2025-11-21T03:00:00.000Z',
      valor: values.dolar ?? 934.66,
    },
    euro: { codigo: 'euro', nombre: 'Euro', unidad_medida: 'Pesos', fecha: '2025-11-21T03:00:00.000Z', valor: 1077.47 },
    ipc: {
      codigo: 'ipc',
      nombre: 'Indice de Precios al Consumidor (IPC)',
      unidad_medida: 'Porcentaje',
      fecha: '2025-10-01T03:00:00.000Z',
      valor: values.ipc ?? 0.4,
    },
    utm: { codigo: 'utm', nombre: 'Unidad Tributaria Mensual (UTM)', unidad_medida: 'Pesos', fecha: '2025-11-01T03:00:00.000Z', valor: 69542 },
  };
}

export type FakeMode =
  | { kind: 'json'; body: unknown }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string }
  | { kind: 'hang'; ms: number };

export interface FakeMindicador {
  url: string;
  /** Requests received so far. */
  hits: number;
  mode: FakeMode;
  close(): Promise<void>;
}

/** A stand-in for mindicador.cl on 127.0.0.1 (random port) for tests: no internet needed. */
export async function startFakeMindicador(mode: FakeMode = { kind: 'json', body: mindicadorAnswer() }): Promise<FakeMindicador> {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, body: string) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  };
  const fake: FakeMindicador = {
    url: '',
    hits: 0,
    mode,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    fake.hits += 1;
    const current = fake.mode;
    if (req.method !== 'GET' || req.url !== '/api') return send(res, 404, '{"error":"not found"}');
    switch (current.kind) {
      case 'json':
        return send(res, 200, JSON.stringify(current.body));
      case 'status':
        return send(res, current.status, '<html><body>Internal Server Error</body></html>');
      case 'raw':
        return send(res, 200, current.body);
      case 'hang': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(res, 200, JSON.stringify(mindicadorAnswer()));
        }, current.ms);
        timers.add(timer);
        return undefined;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return fake;
}
