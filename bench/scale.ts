/**
 * Scale-out harness: two API instances behind a small round-robin proxy, over two PostgreSQL servers.
 *
 *   pnpm --filter @receptoria/bench scale            (full: adds the throughput of two instances vs one)
 *   SCALE_SHORT=1 pnpm --filter @receptoria/bench scale   (short mode, the one CI runs)
 *
 * It starts two PRIVATE clusters (initdb + pg_ctl of the Debian PostgreSQL binaries, SCALE_PG_BIN or the newest installed,
 * in a temporary folder on free ports; as root they run as the `postgres` OS user): server 1 holds the
 * control database and receivers, server 2 is added through POST /onboarding/servidores/. The shared
 * server on 5432 is never touched. Both API instances run the source through tsx (or apps/api/dist when
 * built) with the same JWT_SECRET and TOKEN_ENCRYPTION_KEY and pg-boss on.
 *
 * Checks (exit code 1 when one fails):
 *  - 30 wrong passwords for one account spread over both instances are refused as on one instance;
 *  - a logout on instance A refuses that token on instance B within 1 s;
 *  - a scheduled report (the daily tick queued twice, as both instances' schedules would) is mailed once;
 *  - server 2 stopped → its receiver's answers are 503 with Retry-After, server 1's receiver 0 errors;
 *  - server 2 back → its receiver is served again within SCALE_RECOVERY_S, same API processes;
 *  - a receiver moved from server 1 to server 2 under write load: 202, estado 'activo', and every
 *    acknowledged write (201) is in its new database (503s while copying are not acknowledged).
 * Rows: p95 of the healthy server's receiver before and while the other server is down; in full mode
 * also the throughput of one instance and of two behind the proxy (a ratio; both share the same cores).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase, type TenantDb } from '@receptoria/db';
import pg from 'pg';
import { ADMIN_PASSWORD, apiDir, fmtMeasure, loadApi, log, login, machineLine, percentile, repoRoot, type Row, startApi, type StartedApi } from './support';

/** The server binaries (initdb, pg_ctl): SCALE_PG_BIN, else the newest Debian PostgreSQL installed. */
const PG_BIN =
  process.env.SCALE_PG_BIN ??
  (readdirSync('/usr/lib/postgresql', { withFileTypes: true })
    .filter((entry) => existsSync(path.join('/usr/lib/postgresql', entry.name, 'bin/initdb')))
    .map((entry) => entry.name)
    .sort((x, y) => Number(y) - Number(x))
    .map((major) => `/usr/lib/postgresql/${major}/bin`)[0] ??
    '/usr/lib/postgresql/15/bin');
const SHORT = process.env.SCALE_SHORT === '1' || process.argv.includes('--short');
const PHASE_S = Number(process.env.SCALE_PHASE_S ?? (SHORT ? 4 : 15));
const RECOVERY_S = Number(process.env.SCALE_RECOVERY_S ?? 30);
const WORKERS = Number(process.env.SCALE_WORKERS ?? (SHORT ? 2 : 4));
const THROUGHPUT_S = Number(process.env.SCALE_THROUGHPUT_S ?? 15);
const REQUEST_TIMEOUT_MS = 10_000;
const PASSWORD = 'clave-segura-123';

const { computeRutDv } = (await import(pathToFileURL(path.join(repoRoot, 'packages/contracts/src/format/rut.ts')).href)) as {
  computeRutDv(body: number): string;
};

const { startSmtpServer } = (await import(pathToFileURL(path.join(apiDir, 'test/smtp.ts')).href)) as {
  startSmtpServer(): Promise<{ url: string; received: Array<{ envelopeTo: string[] }>; waitFor(count: number, timeoutMs?: number): Promise<unknown>; close(): Promise<void> }>;
};
const { insertStamped } = (await import(pathToFileURL(path.join(apiDir, 'src/modules/informes/informes.fixtures.ts')).href)) as {
  insertStamped(db: TenantDb, input: { estudioId: number; fechaEstampado: string; fechaDiligencia: Date; valor: number }): Promise<number>;
};
/** pg-boss as the API has it, to queue the scheduler's tick the way each instance's schedule would. */
const { PgBoss } = createRequire(path.join(apiDir, 'package.json'))('pg-boss') as {
  PgBoss: new (options: object) => { start(): Promise<unknown>; send(name: string, data: object): Promise<unknown>; stop(options?: object): Promise<void> };
};

const run = promisify(execFile);
const asPostgresUser = process.getuid?.() === 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function pgRun(binary: string, args: string[]): Promise<void> {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = asPostgresUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  await run(command, argv, { timeout: 120_000 });
}

class Cluster {
  constructor(
    readonly root: string,
    readonly port: number,
  ) {}
  get dataDir() {
    return path.join(this.root, 'data');
  }
  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }
  async init() {
    await pgRun('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  start() {
    const options = `-p ${this.port} -k ${this.root} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`;
    return pgRun('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.root, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
  }
  stop() {
    return pgRun('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }
}

/** A round-robin HTTP proxy: each request goes to the next instance. */
function startProxy(ports: number[]): Promise<{ port: number; close(): Promise<void> }> {
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

interface Answer {
  status: number; // 0: no answer within the timeout
  ms: number;
  retryAfter: boolean;
  body: string;
}

async function call(port: number, method: string, url: string, token?: string, body?: unknown): Promise<Answer> {
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
function nextRut(): string {
  rutBody += 1;
  return `${rutBody}-${computeRutDv(rutBody)}`;
}

function estudio(nombre: string) {
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

interface Outcome extends Answer {
  receptor: string;
  kind: 'read' | 'write';
  phase: string;
  nombre?: string;
}

/** Reads and writes of some receivers through the proxy until stopped; every outcome is kept with its phase. */
function startLoad(port: number, users: Array<{ label: string; token: string }>, workers: number, phaseOf: () => string) {
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
        outcomes.push({ ...answer, receptor: user.label, kind: 'write', phase, nombre });
      } else {
        serial += 1;
        const answer = await call(port, 'GET', '/api/v1/estudios/', user.token);
        outcomes.push({ ...answer, receptor: user.label, kind: 'read', phase });
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

const answerWasRefused = (answer: Answer) => answer.status === 503 || answer.status === 0;

async function main() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'receptoria-scale-'));
  if (asPostgresUser) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
  }
  const started = Date.now();
  const one = new Cluster(path.join(root, 'uno'), await freePort());
  const two = new Cluster(path.join(root, 'dos'), await freePort());
  const apis: StartedApi[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const smtp = await startSmtpServer();
  let failed = false;
  const rows: Row[] = [];
  const check = (ok: boolean, text: string) => {
    log(`${ok ? 'OK  ' : 'FAIL'} ${text}`);
    if (!ok) failed = true;
  };

  try {
    log(`Scale-out harness (${SHORT ? 'short' : 'full'} mode) — ${machineLine()}`);
    for (const cluster of [one, two]) {
      await run('mkdir', ['-p', cluster.root]);
      if (asPostgresUser) await run('chown', ['postgres:postgres', cluster.root]);
      await cluster.init();
      await cluster.start();
    }
    log(`Servers: 1 on port ${one.port} (control and receivers), 2 on port ${two.port}`);
    const env = {
      DATABASE_URL: one.url('receptoria_scale'),
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      JOBS_ENABLED: '1',
      LOGIN_RATE_MAX: '1000',
      JWT_SECRET: 'scale-test-secret-0123456789abcdef0123',
      TOKEN_ENCRYPTION_KEY: 'scale-test-encryption-key-0123456789abcdef',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'receptoria@scale.test',
    };
    // One after the other: the first migrates the control database and creates the admin.
    apis.push(await startApi(env, await freePort()));
    apis.push(await startApi(env, await freePort()));
    const [a, b] = apis as [StartedApi, StartedApi];
    proxy = await startProxy([a.port, b.port]);
    log(`API instances on ports ${a.port} and ${b.port}; proxy on ${proxy.port}`);
    const pids = apis.map((api) => api.child.pid);

    // Provisioning through the proxy: server 2, then receivers on both.
    const admin = await login(proxy.port);
    const added = await call(proxy.port, 'POST', '/api/v1/onboarding/servidores/', admin, { nombre: 'dos', url: two.url(), capacidad: 50 });
    if (added.status !== 201) throw new Error(`adding server 2: ${added.status} ${added.body}`);
    const segundo = (JSON.parse(added.body) as { id: number }).id;
    const receptores: Record<string, { id: number; token: string; username: string }> = {};
    for (const [label, servidor] of [
      ['uno', 1],
      ['dos', segundo],
      ['mover', 1],
      ['cuentas', 1],
    ] as const) {
      const username = `scale_${label}`;
      const created = await call(proxy.port, 'POST', '/api/v1/onboarding/clientes/crear/', admin, {
        nombre: `Receptora ${label}`,
        rut: nextRut(),
        username,
        password: PASSWORD,
        usuario_email: `${username}@receptora.cl`,
        first_name: 'Ana',
        last_name: 'Torres',
        servidor_id: servidor,
      });
      if (created.status !== 201) throw new Error(`onboarding ${label}: ${created.status} ${created.body}`);
      const id = (JSON.parse(created.body) as { receptor: { id: number } }).receptor.id;
      receptores[label] = { id, username, token: await login(proxy.port, username, PASSWORD) };
    }
    const uno = receptores.uno!;
    const dos = receptores.dos!;
    const mover = receptores.mover!;

    // 1. Login limits shared: 30 wrong passwords for one account, alternating instances, vs on one instance.
    const wrong = async (ports: number[], username: string) => {
      const answers: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        answers.push((await call(ports[i % ports.length]!, 'POST', '/api/v1/auth/login/', undefined, { username, password: `mala-${i}` })).status);
      }
      return answers;
    };
    const onOne = await wrong([a.port], 'scale_uno');
    const onTwo = await wrong([a.port, b.port], 'scale_cuentas');
    const passed = (answers: number[]) => answers.filter((status) => status !== 429).length;
    check(
      passed(onTwo) <= passed(onOne) && onTwo.every((s) => s === 401 || s === 429),
      `30 wrong passwords over both instances: ${passed(onTwo)} checked, ${30 - passed(onTwo)} refused with 429 (one instance: ${passed(onOne)} checked)`,
    );

    // 2. A logout on A refuses the token on B within 1 s.
    const session = await call(a.port, 'POST', '/api/v1/auth/login/', undefined, { username: 'scale_dos', password: PASSWORD });
    const { access, refresh } = JSON.parse(session.body) as { access: string; refresh: string };
    const before = await call(b.port, 'GET', '/api/v1/estudios/', access);
    const loggedOut = await call(a.port, 'POST', '/api/v1/auth/logout/', access, { refresh });
    const outAt = Date.now();
    let refusedAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - outAt < 5_000) {
      if ((await call(b.port, 'GET', '/api/v1/estudios/', access)).status === 401) {
        refusedAfter = Date.now() - outAt;
        break;
      }
      await sleep(20);
    }
    check(before.status === 200 && loggedOut.status < 300 && refusedAfter <= 1_000, `logout on A (${loggedOut.status}) refuses the token on B after ${refusedAfter} ms (≤ 1000)`);

    // 3. Scheduled reports with two instances: the daily tick queued twice (as each instance's schedule
    // would), one firm with a stamped diligence and reports on: one mail.
    const firm = await call(proxy.port, 'POST', '/api/v1/estudios/registrar_estudio/', uno.token, {
      ...estudio('Estudio Informes'),
      emails: [{ email: 'informes@estudio.cl', tipo: 'informes' }],
    });
    const firmId = (JSON.parse(firm.body) as { id: number }).id;
    const configured = await call(proxy.port, 'POST', `/api/v1/estudios/${firmId}/guardar_configuracion_informes/`, uno.token, {
      informes_activos: true,
      diario: true,
      correo_raiz: 'raiz@receptoria.cl',
    });
    const controlDb = new pg.Client({ connectionString: one.url('receptoria_scale') });
    await controlDb.connect();
    const unoDb = (await controlDb.query<{ database_name: string }>('select database_name from tenants where id = $1', [uno.id])).rows[0]!.database_name;
    const tenantHandle = await openDatabase({ kind: 'postgres', url: one.url(unoDb) }, 'tenant', { poolSize: 1 });
    await insertStamped(tenantHandle.db, { estudioId: firmId, fechaEstampado: '2026-03-01', fechaDiligencia: new Date('2026-02-27T15:00:00Z'), valor: 10_000 });
    await tenantHandle.close();
    const boss = new PgBoss({ connectionString: one.url('receptoria_scale'), supervise: false, schedule: false, max: 1 });
    await boss.start();
    for (let i = 0; i < 2; i += 1) await boss.send('informes-tick', { frecuencia: 'diario', fechaReferencia: '2026-03-02' });
    await boss.stop({ graceful: false });
    await smtp.waitFor(1, 60_000).catch(() => undefined);
    const reportsQueued = Date.now();
    const pending = async () =>
      Number(
        (
          await controlDb.query<{ n: string }>(
            "select count(*) as n from pgboss.job where name in ('informes-tick', 'informe-envio') and state not in ('completed', 'failed', 'cancelled')",
          )
        ).rows[0]!.n,
      );
    while ((await pending()) > 0 && Date.now() - reportsQueued < 60_000) await sleep(250);
    await controlDb.end();
    const reportMails = smtp.received.filter((mail) => mail.envelopeTo.includes('informes@estudio.cl'));
    check(firm.status === 201 && configured.status === 200 && reportMails.length === 1, `scheduled daily report, tick queued twice with two instances: ${reportMails.length} mail sent (1 expected)`);

    // 4. Server 2 stopped: its receiver 503 with Retry-After, server 1's receiver served as usual.
    let phase = 'antes';
    const load = startLoad(proxy.port, [
      { label: 'uno', token: uno.token },
      { label: 'dos', token: dos.token },
    ], WORKERS, () => phase);
    await sleep(PHASE_S * 1000);
    phase = 'parando';
    await two.stop();
    phase = 'caida';
    await sleep(PHASE_S * 1000);
    phase = 'arrancando';
    await two.start();
    const backAt = Date.now();
    phase = 'recuperacion';
    let recoveredMs = Number.POSITIVE_INFINITY;
    while (Date.now() - backAt < RECOVERY_S * 1000) {
      if ((await call(proxy.port, 'GET', '/api/v1/estudios/', dos.token)).status === 200) {
        recoveredMs = Date.now() - backAt;
        break;
      }
      await sleep(200);
    }
    await sleep(1000);
    await load.stop();
    const histogram = (list: Outcome[]) => {
      const counts = new Map<string, number>();
      for (const o of list) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
      return [...counts].map(([key, n]) => `${key}: ${n}`).join(', ');
    };
    for (const receptor of ['uno', 'dos']) {
      for (const p of ['antes', 'parando', 'caida', 'arrancando', 'recuperacion']) {
        const list = load.outcomes.filter((o) => o.receptor === receptor && o.phase === p);
        const odd = list.find((o) => o.status !== 200 && o.status !== 201 && o.status !== 503);
        log(`     ${receptor} ${p}: ${histogram(list)}${odd ? ` — e.g. ${odd.body.slice(0, 160)}` : ''}`);
      }
    }
    const of = (receptor: string, p: string) => load.outcomes.filter((o) => o.receptor === receptor && o.phase === p);
    const dosDown = of('dos', 'caida');
    check(
      dosDown.length > 0 && dosDown.every((o) => o.status === 503 && o.retryAfter),
      `server 2 down: its receiver got ${dosDown.length} answers, ${dosDown.filter((o) => o.status === 503 && o.retryAfter).length} of them 503 with Retry-After`,
    );
    const unoErrors = load.outcomes.filter((o) => o.receptor === 'uno' && (o.status === 0 || o.status >= 400));
    check(unoErrors.length === 0, `server 1's receiver while server 2 was down: ${load.outcomes.filter((o) => o.receptor === 'uno').length} answers, ${unoErrors.length} errors`);
    check(
      recoveredMs <= RECOVERY_S * 1000 && apis.every((api, i) => api.child.exitCode === null && api.child.pid === pids[i]),
      `server 2 back: its receiver served again after ${recoveredMs} ms, same API processes`,
    );
    const p95 = (list: Outcome[]) => percentile(list.map((o) => o.ms).sort((x, y) => x - y), 95);
    const unoBefore = of('uno', 'antes');
    const unoDuring = of('uno', 'caida');
    rows.push({
      group: 'scale',
      name: `receiver on server 1, p95 (${WORKERS} workers each on two receivers)`,
      value: `before: ${p95(unoBefore).toFixed(0)} ms (${unoBefore.length} req); server 2 down: ${p95(unoDuring).toFixed(0)} ms (${unoDuring.length} req)`,
    });

    // 5. A receiver moved from server 1 to 2 under write load: every acknowledged write is there after.
    const moveLoad = startLoad(proxy.port, [{ label: 'mover', token: mover.token }], WORKERS, () => 'mover');
    await sleep(1000);
    const moveStarted = Date.now();
    const accepted = await call(proxy.port, 'POST', `/api/v1/onboarding/clientes/${mover.id}/mover/`, admin, { servidor_id: segundo });
    let estado = { estado: 'copiando', detalle: accepted.body };
    while (accepted.status === 202 && estado.estado === 'copiando' && Date.now() - moveStarted < 120_000) {
      await sleep(250);
      estado = JSON.parse((await call(proxy.port, 'GET', `/api/v1/onboarding/clientes/${mover.id}/mover/`, admin)).body) as typeof estado;
    }
    const moveMs = Date.now() - moveStarted;
    await sleep(1500);
    await moveLoad.stop();
    const control = new pg.Client({ connectionString: one.url('receptoria_scale') });
    await control.connect();
    const [tenant] = (await control.query<{ database_name: string; servidor_id: number }>('select database_name, servidor_id from tenants where id = $1', [mover.id])).rows;
    await control.end();
    // Where the receiver's database is now (server 2 when moved, still server 1 when the move failed).
    const now = new pg.Client({ connectionString: (tenant!.servidor_id === segundo ? two : one).url(tenant!.database_name) });
    await now.connect();
    const stored = new Set((await now.query<{ nombre: string }>('select nombre from estudios')).rows.map((row) => row.nombre));
    await now.end();
    const acknowledged = moveLoad.outcomes.filter((o) => o.kind === 'write' && o.status === 201);
    const missing = acknowledged.filter((o) => !stored.has(o.nombre!));
    const refusedWrites = moveLoad.outcomes.filter((o) => o.kind === 'write' && o.status === 503);
    const otherErrors = moveLoad.outcomes.filter((o) => o.status !== 200 && o.status !== 201 && o.status !== 503);
    check(
      accepted.status === 202 && estado.estado === 'activo' && tenant!.servidor_id === segundo,
      `receiver moved to server 2 in ${moveMs} ms under load: ${estado.estado} — ${estado.detalle}`,
    );
    check(
      acknowledged.length > 0 && missing.length === 0 && otherErrors.length === 0,
      `writes during the move: ${acknowledged.length} acknowledged, all present after (${missing.length} missing); ${refusedWrites.length} answered 503 with Retry-After while copying; ${otherErrors.length} other errors`,
    );

    // 6. Throughput of one instance and of two behind the proxy (full mode).
    if (!SHORT) {
      const requests = [{ method: 'GET' as const, path: '/api/v1/estudios/' }];
      const single = await loadApi(a.port, uno.token, requests, 16, THROUGHPUT_S);
      const both = await loadApi(proxy.port, uno.token, requests, 16, THROUGHPUT_S);
      rows.push({ group: 'scale', name: 'GET /estudios/ @16, one instance', value: fmtMeasure(single) });
      rows.push({ group: 'scale', name: 'GET /estudios/ @16, two instances behind the proxy', value: fmtMeasure(both) });
      rows.push({
        group: 'scale',
        name: 'two instances ÷ one (throughput)',
        value: `${(both.rps / single.rps).toFixed(2)} (both instances, the proxy, the load generator and PostgreSQL share ${os.cpus().length} cores)`,
      });
    }
  } catch (error) {
    check(false, `harness error: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await proxy?.close();
    for (const api of apis) await api.stop().catch(() => undefined);
    for (const cluster of [one, two]) await cluster.stop().catch(() => undefined);
    await smtp.close();
    if (process.env.SCALE_KEEP !== '1') rmSync(root, { recursive: true, force: true });
  }
  log('');
  log('| check or measure | value |');
  log('|---|---|');
  for (const row of rows) log(`| ${row.name} | ${row.value} |`);
  log(`| whole run | ${((Date.now() - started) / 1000).toFixed(0)} s |`);
  log(failed ? '\nScale-out harness: FAILED' : '\nScale-out harness: all checks passed');
  process.exit(failed ? 1 : 0);
}

await main();
