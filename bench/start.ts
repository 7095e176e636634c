/**
 * Production start: compiles the API (as `pnpm start` does), then starts it on the embedded database
 * (PGlite under a fresh DATA_DIR, no DATABASE_URL) and times spawn → first healthy /health: the first
 * start (creates and migrates the databases, demo data) and later starts on the same data. Beside each
 * start time, the server's resident memory (RSS, /proc): right after it is healthy, and after a light load
 * (signing in, then the assignments list, the dashboard's counts and a search, a few hundred requests).
 * A first start creates the databases in a short-lived process of its own: its peak memory is its own row.
 *
 *   pnpm --filter @receptoria/bench bench:start
 *
 * Settings (env): BENCH_START_FIRST_RUNS (first starts, each on a fresh folder, 1), BENCH_START_RUNS
 * (later starts, 2), BENCH_START_PORT (3922).
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

const LOAD_REQUESTS = Number(process.env.BENCH_START_LOAD ?? 300);

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

/** A light load: the calls a receiver's office makes all day, one after another at 4 connections. */
async function lightLoad(port: number): Promise<void> {
  const token = await login(port);
  const paths = ['/api/v1/encargos/lista/', '/api/v1/encargos/lista/?search=C-1', '/api/v1/dashboard/estadisticas/', '/api/v1/estudios/'];
  let next = 0;
  const worker = async () => {
    while (next < LOAD_REQUESTS) {
      const url = paths[next % paths.length]!;
      next += 1;
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

export async function runStartBench(): Promise<Row[]> {
  const buildStarted = performance.now();
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'ignore' });
  const buildMs = performance.now() - buildStarted;
  const dataDirs: string[] = [];
  const envFor = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '1' });
  try {
    const first: number[] = [];
    const firstRss: number[] = [];
    const firstLoaded: number[] = [];
    const installPeak: number[] = [];
    for (let i = 0; i < FIRST_RUNS; i += 1) {
      log(`first start ${i + 1} on the embedded database…`);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-bench-start-'));
      dataDirs.push(dataDir);
      const watch = watchInstallProcess(dataDir);
      const run = await startApi(envFor(dataDir), PORT, 600_000).finally(() => installPeak.push(watch.stop()));
      first.push(run.startMs);
      firstRss.push(rssMb(run.child.pid));
      await lightLoad(PORT);
      firstLoaded.push(rssMb(run.child.pid));
      await run.stop();
    }
    const env = envFor(dataDirs.at(-1)!);
    const later: number[] = [];
    const idle: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      log(`later start ${i + 1}…`);
      const run = await startApi(env, PORT, 600_000);
      later.push(run.startMs);
      idle.push(rssMb(run.child.pid));
      await lightLoad(PORT);
      loaded.push(rssMb(run.child.pid));
      await run.stop();
    }
    const mb = (values: number[]) => values.map((value) => `${value.toFixed(0)} MB`).join(', ');
    const seconds = (values: number[]) => values.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ');
    return [
      { group: 'start', name: 'build (esbuild, API + workspace packages)', value: `${(buildMs / 1000).toFixed(1)} s` },
      { group: 'start', name: `first start → healthy /health (PGlite, ${FIRST_RUNS} runs)`, value: seconds(first) },
      {
        group: 'start',
        name: `later starts → healthy /health (PGlite, ${RUNS} runs)`,
        value: seconds(later),
        target: '≤ 5 s',
      },
      { group: 'start', name: `RSS after the first start (PGlite, demo data, ${FIRST_RUNS} runs)`, value: mb(firstRss), target: '≤ 400 MB' },
      { group: 'start', name: `RSS of that first start after ${LOAD_REQUESTS} requests`, value: mb(firstLoaded), target: '≤ 400 MB' },
      {
        group: 'start',
        name: "peak RSS of the first start's own process that creates the databases (it exits before the server opens them)",
        value: mb(installPeak),
      },
      { group: 'start', name: `RSS after later starts (PGlite, ${RUNS} runs)`, value: mb(idle), target: '≤ 400 MB' },
      { group: 'start', name: `RSS after ${LOAD_REQUESTS} requests (list, search, dashboard, firms)`, value: mb(loaded), target: '≤ 400 MB' },
    ];
  } finally {
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await runStartBench();
  printTable(`Receptoría — production start. Machine: ${machineLine()}`, rows);
}
