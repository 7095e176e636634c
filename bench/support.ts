/** Shared pieces of the benchmarks: the API process, load runners, percentiles and the printed table. */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { dropDatabase, PLAN_PER_CALL, type TenantDb, withDatabaseName } from '@receptoria/db';
import pg from 'pg';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..');
export const apiDir = path.join(repoRoot, 'apps/api');
export const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN_PASSWORD = 'bench-admin-1234';

export function log(message: string) {
  process.stdout.write(`${message}\n`);
}

/** One of the API's service functions, typed loosely: the bench's typecheck does not re-check the API. */
export type ServiceFn = (db: TenantDb, ...args: never[]) => Promise<unknown>;

/** Loads one of the API's modules from source (its service functions, its contracts). */
export async function loadSource<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(file).href)) as T;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/**
 * The command that starts the API: the compiled one when it was built (pnpm --filter @receptoria/api build)
 * through its start script (scripts/start.sh, as `pnpm start` and the image run it, with the Node options
 * for the embedded database), else its source through tsx. BENCH_API_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") profiles the API under load.
 */
export function apiCommand(): string[] {
  const compiled = path.join(apiDir, 'dist/server.js');
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return existsSync(compiled) && process.env.BENCH_API_SOURCE !== '1'
    ? ['sh', path.join(apiDir, 'scripts/start.sh'), ...nodeArgs]
    : [process.execPath, ...nodeArgs, '--import', 'tsx', path.join(apiDir, 'src/server.ts')];
}

export interface StartedApi {
  child: ChildProcess;
  port: number;
  /** Milliseconds from spawn to the first healthy /health. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startApi(env: Record<string, string>, port: number, timeoutMs = 180_000): Promise<StartedApi> {
  const started = Date.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  // An empty value removes the variable (e.g. DATABASE_URL: '' for the embedded database).
  for (const [key, value] of Object.entries(childEnv)) if (value === '') delete childEnv[key];
  const [command, ...args] = apiCommand();
  const child = spawn(command!, args, {
    cwd: apiDir,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  const deadline = started + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return { child, port, startMs: Date.now() - started, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`the API did not start within ${timeoutMs / 1000} s`);
}

export async function login(port: number, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access: string }).access;
}

export interface Measure {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  failures: number;
  firstFailure?: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Overrides the run's token (requests of several users). */
  token?: string;
  /** Sends a fresh Idempotency-Key each time, as the web app does on a new submission. */
  idempotent?: boolean;
}

/** autocannon against the API: requests are taken round-robin from `requests`. */
export async function loadApi(
  port: number,
  token: string | undefined,
  requests: HttpRequest[],
  connections: number,
  durationS: number,
): Promise<Measure> {
  let next = 0;
  const run = Date.now().toString(36);
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: durationS,
      headers,
      requests: [
        {
          setupRequest: (request) => {
            const r = requests[next % requests.length] as HttpRequest;
            next += 1;
            const body = r.body === undefined ? undefined : JSON.stringify(r.body);
            const headers: Record<string, string> = { ...request.headers };
            if (r.token) headers.authorization = `Bearer ${r.token}`;
            if (r.idempotent) headers['idempotency-key'] = `bench-${run}-${next}`;
            return { ...request, headers, method: r.method, path: r.path, body };
          },
        },
      ],
    },
    () => undefined,
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) {
      failures += 1;
      firstFailure ??= `HTTP ${statusCode}`;
    }
  });
  const [result] = (await once(instance, 'done')) as [Result];
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.total / durationS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failures: failures + result.errors + result.timeouts,
    firstFailure,
  };
}

export interface RecordedQuery {
  text: string;
  values: unknown[];
  /** The id an `insert … returning` gave when recorded: on replay, later values equal to it take the new id. */
  returnedId?: number;
}

/** What one API request sends to PostgreSQL, in order. */
export type RecordedRequest = RecordedQuery[];

/**
 * Wraps every connection of a pg pool so the SQL it runs is appended to `sink` (when set). The
 * benchmarks call the API's own service functions over such a pool to learn the exact SQL of a request.
 */
export function recordQueries(pool: pg.Pool): { take<T>(run: () => Promise<T>): Promise<RecordedRequest> } {
  let sink: RecordedQuery[] | undefined;
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [config, values] = args;
      let entry: RecordedQuery | undefined;
      if (sink) {
        if (typeof config === 'string') entry = { text: config, values: (values as unknown[]) ?? [] };
        else if (config && typeof config === 'object' && 'text' in config) {
          const c = config as { text: string; values?: unknown[] };
          entry = { text: c.text, values: c.values ?? (values as unknown[]) ?? [] };
        }
        if (entry) sink.push(entry);
      }
      const result = original(...args);
      if (entry && /^\s*insert\b[\s\S]*\breturning\b/i.test(entry.text) && result instanceof Promise) {
        const recorded = entry;
        void result.then(
          (r: { rows?: unknown[] }) => {
            const first = r.rows?.[0];
            const id = Array.isArray(first) ? first[0] : (first as { id?: unknown } | undefined)?.id;
            if (typeof id === 'number') recorded.returnedId = id;
          },
          () => undefined,
        );
      }
      return result;
    };
  });
  return {
    async take(run) {
      sink = [];
      try {
        await run();
        return sink;
      } finally {
        sink = undefined;
      }
    },
  };
}

/**
 * The name the floor prepares a statement under; none for a statement the API plans with its values
 * on every call (PLAN_PER_CALL: text-search patterns), which a generic plan would make slow.
 */
function statementName(text: string): string | undefined {
  if (text.includes(PLAN_PER_CALL)) return undefined;
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return `b${(hash >>> 0).toString(36)}_${text.length}`;
}

/**
 * The floor: the same SQL as the API's requests, from a plain pg pool of `connections` clients,
 * each query a named prepared statement (as the API sends it), each request's queries in order on one
 * connection.
 */
export async function loadSql(
  url: string,
  requests: RecordedRequest[],
  connections: number,
  durationS: number,
  /** Values of the n-th request sent (e.g. a new diligence each time for a write that takes it once). */
  vary?: (values: unknown[], n: number) => unknown[],
): Promise<Measure> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let next = 0;
  const deadline = Date.now() + durationS * 1000;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < deadline) {
        const request = requests[next % requests.length] as RecordedRequest;
        const n = next;
        next += 1;
        const started = performance.now();
        try {
          // Rows the request inserts get new ids: statements that used the recorded ones use those.
          const ids = new Map<number, number>();
          for (const q of request) {
            const isControl = /^\s*(begin|commit|rollback|savepoint|release)/i.test(q.text);
            const recorded = vary ? vary(q.values, n) : q.values;
            const values = ids.size === 0 ? recorded : recorded.map((v) => (typeof v === 'number' ? (ids.get(v) ?? v) : v));
            if (isControl) {
              await client.query(q.text);
              continue;
            }
            const result = await client.query({ name: statementName(q.text), text: q.text, values, rowMode: 'array' as const });
            const first = result.rows[0] as unknown[] | undefined;
            if (q.returnedId !== undefined && typeof first?.[0] === 'number') ids.set(q.returnedId, first[0]);
          }
        } catch (error) {
          failures += 1;
          firstFailure ??= (error as Error).message;
          await client.query('rollback').catch(() => undefined);
        }
        latencies.push(performance.now() - started);
      }
    } finally {
      client.release();
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - began) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failures,
    firstFailure,
  };
}

/** One line of the final table. */
export interface Row {
  group: string;
  name: string;
  value: string;
  floor?: string;
  ratio?: string;
  target?: string;
}

export function fmtMeasure(m: Measure): string {
  const fail = m.failures > 0 ? `, ${m.failures} failed` : '';
  return `${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} / p95 ${m.p95.toFixed(1)} ms${fail}`;
}

export function printTable(title: string, rows: Row[]) {
  const headers = ['benchmark', 'scenario', 'API', 'same SQL, pg prepared', 'API ÷ floor', 'target'];
  const cells = rows.map((r) => [r.group, r.name, r.value, r.floor ?? '', r.ratio ?? '', r.target ?? '']);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] as number)).join(' | ')} |`;
  log('');
  log(title);
  log(line(headers));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) log(line(c));
}

/** The machine and its load, printed with every run. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const [l1, l5] = os.loadavg();
  let pgVersion = '';
  try {
    pgVersion = execSync('psql --version', { encoding: 'utf8' }).trim();
  } catch {
    pgVersion = 'psql not found';
  }
  const memGb = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${os.cpus().length} × ${cpu}, ${memGb} GiB, Node ${process.version}, ${pgVersion}; load average ${l1?.toFixed(2)} (1 min), ${l5?.toFixed(2)} (5 min)`;
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export interface BenchApi {
  port: number;
  controlUrl: string;
  /** The first receiver's database, which the API created on its first start. */
  tenantUrl: string;
}

/**
 * The frame every API benchmark runs in: a fresh control database `receptoria_bench_<name>_<time>`, the API
 * started over it on `port` (first start: migrations and the first receiver), `run` with the receiver's
 * database, then the API stopped and both databases dropped (BENCH_KEEP=1 keeps them and prints their URLs).
 */
export async function withBenchApi<T>(name: string, port: number, env: Record<string, string>, run: (api: BenchApi) => Promise<T>): Promise<T> {
  const controlName = `receptoria_bench_${name}_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${controlName}`);
  await admin.end();
  let api: StartedApi | undefined;
  let tenantUrl: string | undefined;
  try {
    log(`starting the API on port ${port} over ${controlName}…`);
    api = await startApi({ DATABASE_URL: controlUrl, ADMIN_PASSWORD, LOGIN_RATE_MAX: '100', ...env }, port);
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    const { rows } = await control.query<{ database_name: string }>('select database_name from tenants order by id limit 1');
    await control.end();
    tenantUrl = withDatabaseName(SERVER, rows[0]?.database_name ?? '');
    return await run({ port, controlUrl, tenantUrl });
  } finally {
    await api?.stop();
    if (process.env.BENCH_KEEP === '1') log(`kept: ${controlUrl} ${tenantUrl ?? ''}`);
    else {
      if (tenantUrl) await dropDatabase({ kind: 'postgres', url: tenantUrl }).catch((error: Error) => log(`could not drop ${tenantUrl}: ${error.message}`));
      await dropDatabase({ kind: 'postgres', url: controlUrl }).catch((error: Error) => log(`could not drop ${controlUrl}: ${error.message}`));
    }
  }
}

/** An API measure beside its floor (the same SQL from pg), as one row of the table. */
export function floorRow(group: string, name: string, api: Measure, floor: Measure, target: string): Row {
  return { group, name, value: fmtMeasure(api), floor: fmtMeasure(floor), ratio: (api.rps / floor.rps).toFixed(2), target };
}
