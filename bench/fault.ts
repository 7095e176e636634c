/**
 * Fault test: the API under a bounded write/read load while its PostgreSQL is restarted, then
 * stopped hard (immediate, as in a crash) for FAULT_OUTAGE_S seconds and started again.
 *
 *   pnpm --filter @receptoria/bench fault
 *
 * It runs against a PRIVATE cluster it creates itself (initdb + pg_ctl of the Debian PostgreSQL 15
 * binaries, FAULT_PG_BIN, else the newest installed; apps/api/test/private-cluster.ts) in a temporary folder on a free port:
 * the shared server on 5432 is never touched. As root the cluster runs as the `postgres` OS user.
 * The API is one child process (source through tsx unless FAULT_API_BUILD=1 uses apps/api/dist),
 * started once: recovery must happen without restarting it.
 *
 * Checks (exit code 1 when one fails):
 *  - during the outage every answer is 503 with a Spanish `detail` and a Retry-After header (no 500,
 *    no hanging request beyond the client timeout);
 *  - after PostgreSQL is back, writes succeed again within FAULT_RECOVERY_S seconds, same API process;
 *  - every acknowledged write (201) is in the database afterwards.
 * Settings (env): FAULT_WORKERS (6), FAULT_OUTAGE_S (20), FAULT_RECOVERY_S (15), FAULT_KEEP=1 keeps the folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort, PrivateCluster } from '../apps/api/test/private-cluster';
import { ADMIN_PASSWORD, apiDir, log, login, percentile, repoRoot } from './support';

const WORKERS = Number(process.env.FAULT_WORKERS ?? 6);
const OUTAGE_S = Number(process.env.FAULT_OUTAGE_S ?? 20);
const RECOVERY_S = Number(process.env.FAULT_RECOVERY_S ?? 15);
const REQUEST_TIMEOUT_MS = 10_000;

type Phase = 'antes' | 'reinicio' | 'caida' | 'recuperacion';

interface Outcome {
  phase: Phase;
  kind: 'write' | 'read' | 'health';
  status: number; // 0 = no answer within the timeout or connection refused
  ms: number;
  startedAt: number;
  retryAfter: boolean;
  spanish: boolean;
  at: number;
}

const { computeRutDv } = (await import(pathToFileURL(path.join(repoRoot, 'packages/contracts/src/format/rut.ts')).href)) as {
  computeRutDv(body: number): string;
};

function apiCommand(): string[] {
  return process.env.FAULT_API_BUILD === '1'
    ? [path.join(apiDir, 'dist/server.js')]
    : ['--import', 'tsx', path.join(apiDir, 'src/server.ts')];
}

async function startApi(databaseUrl: string, port: number, logFile: string): Promise<ChildProcess> {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, apiCommand(), {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_MAX: '1000',
      JWT_SECRET: 'fault-test-secret-0123456789abcdef',
    },
    stdio: ['ignore', out, out],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start within 180 s');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  // fsync on: acknowledged writes must survive the immediate stop as they would a crash.
  const cluster = await PrivateCluster.create({ pgBin: process.env.FAULT_PG_BIN, prefix: 'receptoria-fault-', maxConnections: 200, fsync: true });
  const root = cluster.root;
  const apiPort = await freePort();
  const apiLog = path.join(root, 'api.log');
  let api: ChildProcess | undefined;
  let failed = false;
  const check = (ok: boolean, text: string) => {
    log(`${ok ? 'OK  ' : 'FAIL'} ${text}`);
    if (!ok) failed = true;
  };

  try {
    log(`Private PostgreSQL cluster in ${root} on port ${cluster.port}; API on port ${apiPort}`);
    api = await startApi(cluster.urlOf('receptoria_fault'), apiPort, apiLog);
    const apiPid = api.pid;
    const token = await login(apiPort);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    let phase: Phase = 'antes';
    let running = true;
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    const ambiguous: string[] = [];
    let serial = 0;

    const call = async (kind: Outcome['kind'], url: string, init: RequestInit = {}) => {
      const started = Date.now();
      const current = phase;
      try {
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        let detail = '';
        try {
          detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? '');
        } catch {
          // not JSON
        }
        outcomes.push({
          phase: current,
          kind,
          status: response.status,
          ms: Date.now() - started,
          startedAt: started,
          retryAfter: response.headers.has('retry-after'),
          spanish: /[a-záéíóúñ]/i.test(detail) || kind === 'health',
          at: Date.now(),
        });
        return response.status;
      } catch {
        outcomes.push({ phase: current, kind, status: 0, ms: Date.now() - started, startedAt: started, retryAfter: false, spanish: false, at: Date.now() });
        return 0;
      }
    };

    const worker = async (id: number) => {
      while (running) {
        serial += 1;
        const body = 30_000_000 + id * 1_000_000 + serial;
        const rut = `${body}-${computeRutDv(body)}`;
        const status = await call('write', `http://127.0.0.1:${apiPort}/api/v1/estudios/registrar_estudio/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            nombre: `Estudio Falla ${rut}`,
            direccion: 'Av. Libertador Bernardo O’Higgins 1449',
            comuna: 'Santiago',
            ciudad: 'Santiago',
            telefono: '+56 2 2345 6789',
            fax: '',
            rut_estudio: rut,
            emails: [{ email: `falla${body}@estudio.cl`, tipo: 'principal' }],
            partes_demandantes: [{ nombre: 'Banco de Prueba', tipo: 'banco' }],
            enviar_informes_diarios: false,
            enviar_informes_mensuales: false,
          }),
        });
        if (status === 201) acknowledged.push(rut);
        else ambiguous.push(rut);
        await call('read', `http://127.0.0.1:${apiPort}/api/v1/estudios/`, { headers });
        await sleep(25);
      }
    };
    const health = async () => {
      while (running) {
        await call('health', `http://127.0.0.1:${apiPort}/health`);
        await sleep(250);
      }
    };

    const load = [...Array.from({ length: WORKERS }, (_, i) => worker(i)), health()];
    log(`Load: ${WORKERS} workers, each a firm registration then a firm list, 25 ms apart; /health every 250 ms`);

    await sleep(5_000);
    phase = 'reinicio';
    const restartAt = Date.now();
    await cluster.restart();
    log(`PostgreSQL restarted (fast) in ${Date.now() - restartAt} ms`);
    await sleep(8_000);

    phase = 'caida';
    const downAt = Date.now();
    await cluster.stopHard();
    const stoppedAt = Date.now();
    log(`PostgreSQL stopped (immediate, took ${stoppedAt - downAt} ms); down for ${OUTAGE_S} s`);
    await sleep(OUTAGE_S * 1000);
    phase = 'recuperacion';
    await cluster.start();
    const upAt = Date.now();
    log(`PostgreSQL accepting connections again ${((upAt - stoppedAt) / 1000).toFixed(1)} s after it stopped (start and crash recovery included)`);
    await sleep(RECOVERY_S * 1000);
    running = false;
    await Promise.all(load);

    // ---- Report
    const table = (['antes', 'reinicio', 'caida', 'recuperacion'] as Phase[]).map((p) => {
      const rows = outcomes.filter((o) => o.phase === p && o.kind !== 'health');
      const byStatus = new Map<number, number>();
      for (const row of rows) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
      const latencies = rows.map((r) => r.ms).sort((a, b) => a - b);
      const statuses = [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s === 0 ? 'sin respuesta' : s}×${n}`);
      return `${p.padEnd(13)} ${String(rows.length).padStart(6)}  p50 ${String(percentile(latencies, 50)).padStart(5)} ms  p99 ${String(percentile(latencies, 99)).padStart(5)} ms  ${statuses.join(' ')}`;
    });
    log('\nphase         requests  latency                      statuses (API calls, not /health)');
    for (const line of table) log(line);

    // Requests sent while the server was certainly down (after pg_ctl stop returned, before start).
    const during = outcomes.filter((o) => o.phase === 'caida' && o.kind !== 'health' && o.startedAt >= stoppedAt);
    const healthDuring = outcomes.filter((o) => o.phase === 'caida' && o.kind === 'health' && o.startedAt >= stoppedAt);
    const firstWriteOk = outcomes.find((o) => o.phase === 'recuperacion' && o.kind === 'write' && o.status === 201);
    log('');
    check(
      during.length > 0 && during.every((o) => o.status === 503),
      `during the outage: ${during.filter((o) => o.status === 503).length}/${during.length} API answers were 503` +
        (during.some((o) => o.status !== 503) ? ` (others: ${[...new Set(during.filter((o) => o.status !== 503).map((o) => o.status || 'sin respuesta'))].join(', ')})` : ''),
    );
    check(
      during.filter((o) => o.status === 503).every((o) => o.retryAfter && o.spanish),
      'every 503 carried Retry-After and a Spanish detail',
    );
    check(healthDuring.length > 0 && healthDuring.every((o) => o.status === 503), `/health answered 503 during the outage (${healthDuring.length} probes)`);
    check(Boolean(firstWriteOk), `writes succeed again after PostgreSQL is back: first 201 after ${firstWriteOk ? ((firstWriteOk.at - upAt) / 1000).toFixed(2) : '—'} s`);
    const tail = outcomes.filter((o) => o.phase === 'recuperacion' && o.at > upAt + 5000 && o.kind !== 'health');
    check(tail.length > 0 && tail.every((o) => o.status >= 200 && o.status < 300), `5 s after recovery every call succeeds (${tail.length} calls)`);
    check(api.exitCode === null && api.pid === apiPid, `same API process throughout (pid ${apiPid})`);

    const client = new pg.Client({ connectionString: cluster.urlOf('receptoria_fault') });
    await client.connect();
    const tenantDb = (await client.query<{ database_name: string }>('select database_name from tenants order by id limit 1')).rows[0]!.database_name;
    await client.end();
    const tenant = new pg.Client({ connectionString: cluster.urlOf(tenantDb) });
    await tenant.connect();
    const stored = new Set((await tenant.query<{ rut_estudio: string }>('select rut_estudio from estudios')).rows.map((r) => r.rut_estudio));
    await tenant.end();
    const missing = acknowledged.filter((rut) => !stored.has(rut));
    const committedUnacknowledged = ambiguous.filter((rut) => stored.has(rut)).length;
    check(
      missing.length === 0,
      `acknowledged writes: ${acknowledged.length}, all stored: ${missing.length === 0 ? 'yes' : `no, ${missing.length} missing`}` +
        ` (refused or unanswered: ${ambiguous.length}, of which stored anyway: ${committedUnacknowledged})`,
    );
    const apiLines = readFileSync(apiLog, 'utf8').split('\n');
    const errorLines = apiLines.filter((line) => line.includes('"level":50')).length;
    log(`API log: ${errorLines} error lines (kept in ${apiLog} when FAULT_KEEP=1)`);
    if (api.exitCode !== null || api.signalCode !== null) {
      log(`The API process ended (code ${api.exitCode}, signal ${api.signalCode}); its last log lines:`);
      for (const line of apiLines.filter(Boolean).slice(-12)) log(`  ${line.slice(0, 400)}`);
    }
  } catch (error) {
    failed = true;
    log(`FAIL ${(error as Error).stack ?? String(error)}`);
  } finally {
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await Promise.race([once(api, 'exit'), sleep(10_000)]);
    }
    await cluster.destroy(process.env.FAULT_KEEP === '1');
  }
  log(failed ? '\nFault test: FAILED' : '\nFault test: passed');
  process.exit(failed ? 1 : 0);
}

await main();
