/**
 * Production start: compiles the API (as `pnpm start` does), then starts it on the embedded database
 * (PGlite under a fresh DATA_DIR, no DATABASE_URL) and times spawn → first healthy /health: the first
 * start (creates and migrates the databases, demo data) and later starts on the same data.
 *
 *   pnpm --filter @receptoria/bench bench:start
 *
 * Settings (env): BENCH_START_RUNS (later starts, 2), BENCH_START_PORT (3922).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, apiDir, log, machineLine, printTable, type Row, startApi } from './support';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 2);
const PORT = Number(process.env.BENCH_START_PORT ?? 3922);

export async function runStartBench(): Promise<Row[]> {
  const buildStarted = performance.now();
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'ignore' });
  const buildMs = performance.now() - buildStarted;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-bench-start-'));
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '1' };
  try {
    log('first start on the embedded database…');
    const first = await startApi(env, PORT, 600_000);
    await first.stop();
    const later: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      log(`later start ${i + 1}…`);
      const run = await startApi(env, PORT, 600_000);
      later.push(run.startMs);
      await run.stop();
    }
    return [
      { group: 'start', name: 'build (esbuild, API + workspace packages)', value: `${(buildMs / 1000).toFixed(1)} s` },
      { group: 'start', name: 'first start → healthy /health (PGlite)', value: `${(first.startMs / 1000).toFixed(1)} s` },
      {
        group: 'start',
        name: `later starts → healthy /health (PGlite, ${RUNS} runs)`,
        value: later.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', '),
        target: '≤ 5 s',
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await runStartBench();
  printTable(`Receptoría — production start. Machine: ${machineLine()}`, rows);
}
