/**
 * What the scale harness (scale.ts) and the scale-out rows of `pnpm bench` (scale-bench.ts) stand on:
 * two private PostgreSQL clusters (apps/api/test/private-cluster.ts; SCALE_PG_BIN, else the newest
 * installed), two API instances with the same JWT_SECRET and TOKEN_ENCRYPTION_KEY and pg-boss on, a
 * round-robin proxy in front, server 2 added through POST /onboarding/servidores/ and receivers
 * onboarded on either server; plus the HTTP calls and the read/write load both use.
 */
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, PrivateCluster } from '../apps/api/test/private-cluster';
import { ADMIN_PASSWORD, fmtMeasure, loadApi, login, percentile, repoRoot, type Row, startApi, type StartedApi } from './support';

export const PASSWORD = 'clave-segura-123';
const REQUEST_TIMEOUT_MS = 10_000;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { computeRutDv } = (await import(pathToFileURL(path.join(repoRoot, 'packages/contracts/src/format/rut.ts')).href)) as {
  computeRutDv(body: number): string;
};

/** A round-robin HTTP proxy: each request goes to the next instance. */
export function startProxy(ports: number[]): Promise<{ port: number; close(): Promise<void> }> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"detail":"Instancia no disponible"}');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface Answer {
  status: number; // 0: no answer within the timeout
  ms: number;
  retryAfter: boolean;
  body: string;
}

export async function call(port: number, method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, ms: Date.now() - started, retryAfter: response.headers.has('retry-after'), body: text };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, retryAfter: false, body: String(error) };
  }
}

let rutBody = 30_000_000;
export function nextRut(): string {
  rutBody += 1;
  return `${rutBody}-${computeRutDv(rutBody)}`;
}

export function estudio(nombre: string) {
  return {
    nombre,
    direccion: 'Av. Apoquindo 3472, oficina 1101',
    comuna: 'Las Condes',
    ciudad: 'Santiago',
    telefono: '+56 2 2431 7700',
    rut_estudio: nextRut(),
    emails: [{ email: 'contacto@estudio.cl', tipo: 'principal' }],
    partes_demandantes: [{ nombre: 'Banco de Chile', tipo: 'banco' }],
  };
}

export interface Outcome extends Answer {
  receptor: string;
  kind: 'read' | 'write';
  phase: string;
  nombre?: string;
}

/**
 * The phase an answer counts for: the one its request was sent in, when it was answered in the same; an
 * answer that came back in a later phase counts for neither (`antes→parando`): a write sent before a
 * server is stopped and cut by the stop is not a refusal of a healthy server.
 */
export const phaseSpan = (sent: string, answered: string) => (sent === answered ? sent : `${sent}→${answered}`);

/** Reads and writes of some receivers through the proxy until stopped; every outcome is kept with its phase. */
export function startLoad(port: number, users: Array<{ label: string; token: string }>, workers: number, phaseOf: () => string) {
  const outcomes: Outcome[] = [];
  let running = true;
  let serial = 0;
  const worker = async (user: { label: string; token: string }, index: number) => {
    while (running) {
      const write = (serial + index) % 3 === 0;
      const phase = phaseOf();
      if (write) {
        serial += 1;
        const nombre = `Estudio ${user.label} ${serial}`;
        const answer = await call(port, 'POST', '/api/v1/estudios/registrar_estudio/', user.token, estudio(nombre));
        outcomes.push({ ...answer, receptor: user.label, kind: 'write', phase: phaseSpan(phase, phaseOf()), nombre });
      } else {
        serial += 1;
        const answer = await call(port, 'GET', '/api/v1/estudios/', user.token);
        outcomes.push({ ...answer, receptor: user.label, kind: 'read', phase: phaseSpan(phase, phaseOf()) });
      }
      if (answerWasRefused(outcomes.at(-1)!)) await sleep(100);
    }
  };
  const all = users.flatMap((user) => Array.from({ length: workers }, (_, i) => worker(user, i)));
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(all);
    },
  };
}

export const answerWasRefused = (answer: Answer) => answer.status === 503 || answer.status === 0;


export type Proxy = Awaited<ReturnType<typeof startProxy>>;

export interface Receptor {
  id: number;
  username: string;
  token: string;
}

export interface ScaleWorld {
  /** Server 1: the control database and receivers. */
  one: PrivateCluster;
  /** Server 2: added through the API. */
  two: PrivateCluster;
  apis: [StartedApi, StartedApi];
  proxy: Proxy;
  /** The platform admin's token. */
  admin: string;
  /** Server 2's id in `servidores`. */
  segundo: number;
  receptores: Record<string, Receptor>;
  /** The control database's URL. */
  controlUrl: string;
  /** Stops everything; `keep` leaves the clusters' folders. */
  close(keep?: boolean): Promise<void>;
}

/**
 * Starts the clusters, both instances (one after the other: the first migrates the control database
 * and creates the admin), the proxy, adds server 2 and onboards each receiver on the server named.
 * Whatever started is stopped again when a step fails.
 */
export async function startScaleWorld(options: {
  receptores: Array<readonly [label: string, servidor: 'uno' | 'dos']>;
  env?: Record<string, string>;
  onStep?: (text: string) => void;
}): Promise<ScaleWorld> {
  const clusters: PrivateCluster[] = [];
  const apis: StartedApi[] = [];
  let proxy: Proxy | undefined;
  const close = async (keep = false) => {
    await proxy?.close();
    for (const api of apis) await api.stop().catch(() => undefined);
    for (const cluster of clusters) await cluster.destroy(keep).catch(() => undefined);
  };
  try {
    const settings = { pgBin: process.env.SCALE_PG_BIN, prefix: 'receptoria-scale-', maxConnections: 300 };
    clusters.push(await PrivateCluster.create(settings));
    clusters.push(await PrivateCluster.create(settings));
    const [one, two] = clusters as [PrivateCluster, PrivateCluster];
    options.onStep?.(`Servers: 1 on port ${one.port} (control and receivers), 2 on port ${two.port}`);
    const controlUrl = one.urlOf('receptoria_scale');
    const env = {
      DATABASE_URL: controlUrl,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      JOBS_ENABLED: '1',
      LOGIN_RATE_MAX: '1000',
      JWT_SECRET: 'scale-test-secret-0123456789abcdef0123',
      TOKEN_ENCRYPTION_KEY: 'scale-test-encryption-key-0123456789abcdef',
      ...options.env,
    };
    apis.push(await startApi(env, await freePort()));
    apis.push(await startApi(env, await freePort()));
    const [a, b] = apis as [StartedApi, StartedApi];
    proxy = await startProxy([a.port, b.port]);
    options.onStep?.(`API instances on ports ${a.port} and ${b.port}; proxy on ${proxy.port}`);

    const admin = await login(proxy.port);
    const added = await call(proxy.port, 'POST', '/api/v1/onboarding/servidores/', admin, { nombre: 'dos', url: two.url, capacidad: 50 });
    if (added.status !== 201) throw new Error(`adding server 2: ${added.status} ${added.body}`);
    const segundo = (JSON.parse(added.body) as { id: number }).id;
    const receptores: Record<string, Receptor> = {};
    for (const [label, servidor] of options.receptores) {
      const username = `scale_${label}`;
      const created = await call(proxy.port, 'POST', '/api/v1/onboarding/clientes/crear/', admin, {
        nombre: `Receptora ${label}`,
        rut: nextRut(),
        username,
        password: PASSWORD,
        usuario_email: `${username}@receptora.cl`,
        first_name: 'Ana',
        last_name: 'Torres',
        servidor_id: servidor === 'uno' ? 1 : segundo,
      });
      if (created.status !== 201) throw new Error(`onboarding ${label}: ${created.status} ${created.body}`);
      const id = (JSON.parse(created.body) as { receptor: { id: number } }).receptor.id;
      receptores[label] = { id, username, token: await login(proxy.port, username, PASSWORD) };
    }
    return { one, two, apis: [a, b], proxy, admin, segundo, receptores, controlUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Reads and writes of two receivers (one per server) through the proxy while server 2 is stopped for
 * `phaseS` and started again: outcomes by phase ('antes', 'parando', 'caida', 'arrancando',
 * 'recuperacion'), and how long server 2's receiver took to be served again (Infinity: not within
 * `recoveryS`).
 */
export async function runOutage(
  world: ScaleWorld,
  users: { uno: Receptor; dos: Receptor },
  workers: number,
  phaseS: number,
  recoveryS: number,
): Promise<{ outcomes: Outcome[]; recoveredMs: number }> {
  let phase = 'antes';
  const load = startLoad(
    world.proxy.port,
    [
      { label: 'uno', token: users.uno.token },
      { label: 'dos', token: users.dos.token },
    ],
    workers,
    () => phase,
  );
  await sleep(phaseS * 1000);
  phase = 'parando';
  await world.two.stop();
  phase = 'caida';
  await sleep(phaseS * 1000);
  phase = 'arrancando';
  await world.two.start();
  const backAt = Date.now();
  phase = 'recuperacion';
  let recoveredMs = Number.POSITIVE_INFINITY;
  while (Date.now() - backAt < recoveryS * 1000) {
    if ((await call(world.proxy.port, 'GET', '/api/v1/estudios/', users.dos.token)).status === 200) {
      recoveredMs = Date.now() - backAt;
      break;
    }
    await sleep(200);
  }
  await sleep(1000);
  await load.stop();
  return { outcomes: load.outcomes, recoveredMs };
}

/** The p95 of server 1's receiver before and while server 2 was down, as a row. */
export function outageRow(outcomes: Outcome[], workers: number): Row {
  const of = (p: string) => outcomes.filter((o) => o.receptor === 'uno' && o.phase === p);
  const p95 = (list: Outcome[]) => percentile(list.map((o) => o.ms).sort((x, y) => x - y), 95);
  const before = of('antes');
  const during = of('caida');
  const errors = outcomes.filter((o) => o.receptor === 'uno' && (o.status === 0 || o.status >= 400)).length;
  return {
    group: 'scale-out',
    name: `receiver on a healthy server, p95 while another server is down (${workers} workers on each of two receivers, one per server, 2 instances)`,
    value: `before: ${p95(before).toFixed(0)} ms (${before.length} req); server 2 down: ${p95(during).toFixed(0)} ms (${during.length} req); ${errors} errors`,
    target: '0 errors on the healthy server',
  };
}

/**
 * GET /estudios/ of one receiver at 16 connections on instance A alone, then through the proxy over
 * both instances (after a short warm-up of both): two rows and their ratio.
 */
export async function measureInstances(world: ScaleWorld, user: Receptor, seconds: number): Promise<Row[]> {
  const requests = [{ method: 'GET' as const, path: '/api/v1/estudios/' }];
  await loadApi(world.proxy.port, user.token, requests, 8, 3);
  const single = await loadApi(world.apis[0].port, user.token, requests, 16, seconds);
  const both = await loadApi(world.proxy.port, user.token, requests, 16, seconds);
  return [
    { group: 'scale-out', name: 'GET /estudios/ @16, one instance', value: fmtMeasure(single) },
    { group: 'scale-out', name: 'GET /estudios/ @16, two instances behind a round-robin proxy', value: fmtMeasure(both) },
    {
      group: 'scale-out',
      name: 'two instances ÷ one (throughput, same machine)',
      value: (both.rps / single.rps).toFixed(2),
      target: `informative: both instances, the proxy and the load generator (one Node process) and PostgreSQL share ${os.cpus().length} cores`,
    },
  ];
}
