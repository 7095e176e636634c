/**
 * Scale-out rows of `pnpm bench` (issue 28 §6), a bounded cut of the scale harness (scale.ts): two
 * private PostgreSQL clusters, two API instances behind a round-robin proxy (scale-world.ts), one
 * receiver on each server.
 *  - throughput of GET /estudios/ at 16 connections on one instance, then on two behind the proxy, and
 *    the ratio; everything shares this machine's cores, so the ratio says what a second process costs
 *    or gains here, not what a second machine would;
 *  - p95 of the receiver on server 1 before and while server 2 is stopped (its errors counted: there
 *    must be none).
 *
 *   pnpm --filter @receptoria/bench bench:scale
 *
 * Settings (env): BENCH_SCALE_S (10 s per throughput run), BENCH_SCALE_PHASE_S (10 s before and 10 s
 * down), BENCH_SCALE_WORKERS (4 per receiver), SCALE_PG_BIN. About two minutes in all.
 */
import { pathToFileURL } from 'node:url';
import { call, estudio, measureInstances, outageRow, runOutage, type ScaleWorld, startScaleWorld } from './scale-world';
import { log, machineLine, printTable, type Row } from './support';

const THROUGHPUT_S = Number(process.env.BENCH_SCALE_S ?? 10);
const PHASE_S = Number(process.env.BENCH_SCALE_PHASE_S ?? 10);
const WORKERS = Number(process.env.BENCH_SCALE_WORKERS ?? 4);
/** Firms of the receiver whose list is read. */
const FIRMS = 20;

export async function runScaleBench(): Promise<{ rows: Row[]; failures: number }> {
  const started = Date.now();
  let world: ScaleWorld | undefined;
  try {
    world = await startScaleWorld({
      receptores: [
        ['uno', 'uno'],
        ['dos', 'dos'],
      ],
      onStep: log,
    });
    const uno = world.receptores.uno!;
    const dos = world.receptores.dos!;
    for (let i = 1; i <= FIRMS; i += 1) {
      const created = await call(world.proxy.port, 'POST', '/api/v1/estudios/registrar_estudio/', uno.token, estudio(`Estudio ${i}`));
      if (created.status !== 201) throw new Error(`firm ${i}: ${created.status} ${created.body}`);
    }
    const rows = await measureInstances(world, uno, THROUGHPUT_S);
    const { outcomes, recoveredMs } = await runOutage(world, { uno, dos }, WORKERS, PHASE_S, 30);
    rows.push(outageRow(outcomes, WORKERS));
    const unoErrors = outcomes.filter((o) => o.receptor === 'uno' && (o.status === 0 || o.status >= 400)).length;
    const dosDown = outcomes.filter((o) => o.receptor === 'dos' && o.phase === 'caida');
    const dosWrong = dosDown.filter((o) => o.status !== 503 || !o.retryAfter).length;
    log(`server 2 down: its receiver got ${dosDown.length} answers, ${dosWrong} not 503 with Retry-After; back after ${recoveredMs} ms`);
    log(`scale-out rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { rows, failures: unoErrors + dosWrong + (Number.isFinite(recoveredMs) ? 0 : 1) };
  } finally {
    await world?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const { rows, failures } = await runScaleBench();
  printTable(`Scale-out benchmark. Machine at start: ${at}\nMachine at end:   ${machineLine()}`, rows);
  if (failures > 0) process.exitCode = 1;
}
