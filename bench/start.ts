/**
 * Production start: compiles the API (as `pnpm start` does), then starts it on the embedded database
 * (PGlite under a fresh DATA_DIR, no DATABASE_URL) and times spawn → first healthy /health: the first
 * start (creates and migrates the databases, demo data) and later starts on the same data. Beside each
 * start time, the server's resident memory (RSS, /proc): right after it is healthy, and after a light load
 * (signing in, then the assignments list, the dashboard's counts and a search: 300 requests, then 3,000 in all),
 * and the rate of that longer load. The API starts through its start script (scripts/start.sh), with the
 * Node options it gives the embedded database (NODE_HEAP_OPTIONS=' ' compares with V8's defaults).
 * A first start creates the databases in a short-lived process of its own: its peak memory is its own row.
 *
 *   pnpm --filter @receptoria/bench bench:start
 *
 * Settings (env): BENCH_START_FIRST_RUNS (first starts, each on a fresh folder, 1), BENCH_START_RUNS
 * (later starts, 2), BENCH_START_PORT (3922), BENCH_START_LOAD (300), BENCH_START_LONG_LOAD (3000).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, apiDir, log, login, machineLine, printTable, type Row, startApi } from './support';

const FIRST_RUNS = Number(process.env.BENCH_START_FIRST_RUNS ?? 1);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 2);
const PORT = Number(process.env.BENCH_START_PORT ?? 3922);

/** The light load in two parts: the first requests, then as many again as make the longer load. */
const LOAD_REQUESTS = Number(process.env.BENCH_START_LOAD ?? 300);
const LONG_LOAD_REQUESTS = Number(process.env.BENCH_START_LONG_LOAD ?? 3000);

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/**
 * The peak memory (VmHWM) of the process a first start creates the databases in (the API's
 * `install-embedded` entry, told apart by its DATA_DIR), sampled every 100 ms until stopped.
 */
function watchInstallProcess(dataDir: string): { stop(): number } {
  let peakKb = 0;
  const sample = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('install-embedded')) continue;
        if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        // gone meanwhile
      }
    }
  };
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peakKb / 1024;
    },
  };
}

/** A light load: the calls a receiver's office makes all day, one after another at 4 connections; its requests/s. */
async function lightLoad(port: number, requests: number): Promise<number> {
  const token = await login(port);
  const paths = ['/api/v1/encargos/lista/', '/api/v1/encargos/lista/?search=C-1', '/api/v1/dashboard/estadisticas/', '/api/v1/estudios/'];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const url = paths[next % paths.length]!;
      next += 1;
      // Compressed as a browser asks for it.
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all([worker(), worker(), worker(), worker()]);
  return requests / ((performance.now() - started) / 1000);
}

interface Memory {
  started: number[];
  light: number[];
  long: number[];
  rate: number[];
}

/** The server's RSS right after it is healthy, after the light load, after the longer load; the longer load's rate. */
async function measure(pid: number | undefined, into: Memory): Promise<void> {
  into.started.push(rssMb(pid));
  await lightLoad(PORT, LOAD_REQUESTS);
  into.light.push(rssMb(pid));
  into.rate.push(await lightLoad(PORT, LONG_LOAD_REQUESTS - LOAD_REQUESTS));
  into.long.push(rssMb(pid));
}

export async function runStartBench(): Promise<Row[]> {
  const buildStarted = performance.now();
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'ignore' });
  const buildMs = performance.now() - buildStarted;
  const dataDirs: string[] = [];
  const envFor = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '1' });
  try {
    const first: number[] = [];
    const firstMemory: Memory = { started: [], light: [], long: [], rate: [] };
    const installPeak: number[] = [];
    for (let i = 0; i < FIRST_RUNS; i += 1) {
      log(`first start ${i + 1} on the embedded database…`);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-bench-start-'));
      dataDirs.push(dataDir);
      const watch = watchInstallProcess(dataDir);
      const run = await startApi(envFor(dataDir), PORT, 600_000).finally(() => installPeak.push(watch.stop()));
      first.push(run.startMs);
      await measure(run.child.pid, firstMemory);
      await run.stop();
    }
    const env = envFor(dataDirs.at(-1)!);
    const later: number[] = [];
    const laterMemory: Memory = { started: [], light: [], long: [], rate: [] };
    for (let i = 0; i < RUNS; i += 1) {
      log(`later start ${i + 1}…`);
      const run = await startApi(env, PORT, 600_000);
      later.push(run.startMs);
      await measure(run.child.pid, laterMemory);
      await run.stop();
    }
    const mb = (values: number[]) => values.map((value) => `${value.toFixed(0)} MB`).join(', ');
    const seconds = (values: number[]) => values.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ');
    const perSecond = (values: number[]) => values.map((rate) => `${rate.toFixed(0)} req/s`).join(', ');
    const memoryRows = (which: string, memory: Memory, runs: number): Row[] => [
      { group: 'start', name: `RSS after ${which} (PGlite, demo data, ${runs} runs)`, value: mb(memory.started), target: '≤ 400 MB' },
      { group: 'start', name: `  then after ${LOAD_REQUESTS} requests (list, search, dashboard, firms)`, value: mb(memory.light), target: '≤ 400 MB' },
      { group: 'start', name: `  then after ${LONG_LOAD_REQUESTS} requests`, value: mb(memory.long), target: '≤ 400 MB' },
      { group: 'start', name: `  those last ${LONG_LOAD_REQUESTS - LOAD_REQUESTS} requests at 4 connections`, value: perSecond(memory.rate) },
    ];
    return [
      { group: 'start', name: 'build (esbuild, API + workspace packages)', value: `${(buildMs / 1000).toFixed(1)} s` },
      { group: 'start', name: `first start → healthy /health (PGlite, ${FIRST_RUNS} runs)`, value: seconds(first) },
      {
        group: 'start',
        name: `later starts → healthy /health (PGlite, ${RUNS} runs)`,
        value: seconds(later),
        target: '≤ 3 s',
      },
      {
        group: 'start',
        name: "peak RSS of the first start's own process that creates the databases (it exits before the server opens them)",
        value: mb(installPeak),
      },
      ...memoryRows('the first start', firstMemory, FIRST_RUNS),
      ...memoryRows('later starts', laterMemory, RUNS),
    ];
  } finally {
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await runStartBench();
  printTable(`Receptoría — production start. Machine: ${machineLine()}`, rows);
}
