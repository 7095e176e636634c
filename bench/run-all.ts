/**
 * Every benchmark in turn, one table at the end: `pnpm bench`. Each can also run alone
 * (bench:encargos, bench:recibos, bench:tenants, bench:terreno, bench:web, bench:start, bench:scale, bench:portal, bench:dia, bench:api-estudios); their settings are in each file's
 * header. The work queue (/diligencias/cola/) is among the assignments rows, on the same 100,000 assignments.
 */
import { runApiEstudiosBench } from './api-estudios';
import { runConversionesBench } from './conversiones';
import { runDiaBench } from './dia';
import { runEncargosBench } from './encargos';
import { runFirmasBench } from './firmas';
import { runLecturaBench } from './lectura';
import { runImportarBench } from './importar';
import { runPortalBench } from './portal';
import { runRecibosBench } from './recibos';
import { runRevocacionBench } from './revocacion';
import { runScaleBench } from './scale-bench';
import { runStartBench } from './start';
import { log, machineLine, printTable, type Row } from './support';
import { runTenantsBench } from './tenants';
import { runTerrenoBench } from './terreno';
import { runWebBench } from './web';

const rows: Row[] = [];
let failed = false;
const loadAtStart = machineLine();
const steps: [string, () => Promise<Row[]>][] = [
  // First: it compiles the API, which the others then run.
  ['production start', runStartBench],
  [
    'assignments',
    async () => {
      const result = await runEncargosBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'receipts',
    async () => {
      const result = await runRecibosBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'many receivers',
    async () => {
      const result = await runTenantsBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'field sync',
    async () => {
      const result = await runTerrenoBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  ['web first load', runWebBench],
  [
    'portal documents',
    async () => {
      const result = await runPortalBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'firms api',
    async () => {
      const result = await runApiEstudiosBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'one day',
    async () => {
      const result = await runDiaBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'import',
    async () => {
      const result = await runImportarBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  ['certificate PDFs', runConversionesBench],
  ['signed certificates', runFirmasBench],
  ['revocation checks', runRevocacionBench],
  [
    'reading documents',
    async () => {
      const result = await runLecturaBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
  [
    'scale-out',
    async () => {
      const result = await runScaleBench();
      if (result.failures > 0) failed = true;
      return result.rows;
    },
  ],
];
// BENCH_ONLY=name[,name] runs only those steps (e.g. BENCH_ONLY=scale-out).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
for (const [name, run] of steps) {
  if (only && !only.includes(name)) continue;
  log(`\n=== ${name} ===`);
  try {
    rows.push(...(await run()));
  } catch (error) {
    failed = true;
    log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
    rows.push({ group: name, name: 'failed', value: (error as Error).message });
  }
}
printTable(`Receptoría benchmarks. Machine at start: ${loadAtStart}\nMachine at end:   ${machineLine()}`, rows);
if (failed) process.exitCode = 1;
