/**
 * Importing assignments from a spreadsheet (issue 41 §2), through the running API on the embedded
 * default (PGlite under a fresh DATA_DIR) and on PostgreSQL: the preview of a BENCH_IMPORTAR_FILAS
 * (2,000) row .xlsx with its ZIP of PDFs and of the same rows as .csv (target ≤ 5 s), the confirmation
 * creating every row with its PDFs (target ≤ 30 s), and the preview of a 20,000-row .csv while /health
 * is polled every 50 ms (the server answers meanwhile: its slowest answer is printed).
 *
 *   pnpm --filter @receptoria/bench bench:importar   (or BENCH_ONLY=import pnpm bench)
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_IMPORTAR_FILAS (2000), BENCH_PORT_IMPORTAR (3940).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADMIN_PASSWORD, apiDir, loadSource, log, login, machineLine, printTable, type Row, startApi, withBenchApi } from './support';

type FilaPlanilla = Record<string, string | number | Date | undefined>;
interface Fixtures {
  filaValida(rol: string, o: { tribunal: string; tipoCausa: string; tipoEncargo: string; parte: string }, extra?: FilaPlanilla): FilaPlanilla;
  xlsxDe(filas: FilaPlanilla[]): Promise<Buffer>;
  csvTexto(filas: FilaPlanilla[], sep: ';' | ','): string;
  zipDe(entradas: Record<string, Buffer | string>): Promise<Buffer>;
}
const fixtures = await loadSource<Fixtures>(path.join(apiDir, 'src/modules/importar/importar.fixtures.ts'));
const { estudioPayload } = await loadSource<{ estudioPayload(o?: Record<string, unknown>): Record<string, unknown> }>(
  path.join(apiDir, 'src/modules/encargos/encargos.fixtures.ts'),
);

const FILAS = Number(process.env.BENCH_IMPORTAR_FILAS ?? 2000);
const PORT = Number(process.env.BENCH_PORT_IMPORTAR ?? 3940);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function call(port: number, token: string, method: string, url: string, body?: FormData | object, headers: Record<string, string> = {}) {
  const isForm = body instanceof FormData;
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** /health polled every 50 ms while `run` goes on: the slowest answer. */
async function watchHealth<T>(port: number, run: () => Promise<T>): Promise<{ value: T; worstMs: number }> {
  let worst = 0;
  let stop = false;
  const poll = (async () => {
    while (!stop) {
      const started = performance.now();
      await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { value: await run(), worstMs: worst };
  } finally {
    stop = true;
    await poll;
  }
}

function form(estudio: number, archivo: { name: string; bytes: Buffer }, zip?: Buffer): FormData {
  const data = new FormData();
  data.set('estudio', String(estudio));
  data.set('archivo', new Blob([archivo.bytes]), archivo.name);
  if (zip) data.set('documentos', new Blob([zip]), 'documentos.zip');
  return data;
}

async function measure(kind: string, port: number): Promise<Row[]> {
  const rows: Row[] = [];
  const token = await login(port, 'admin', ADMIN_PASSWORD);
  const estudio = (await call(port, token, 'POST', '/estudios/registrar_estudio/', estudioPayload({ nombre: 'Bench Estudio Planillas' }))) as {
    id: number;
    partes_demandantes: Array<{ nombre: string }>;
  };
  const lista = async (url: string) => ((await (await fetch(`http://127.0.0.1:${port}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ nombre: string }>);
  const nombres = {
    tribunal: (await lista('/encargos/tribunales/'))[0]!.nombre,
    tipoCausa: (await lista('/encargos/causas/'))[0]!.nombre,
    tipoEncargo: (await lista('/encargos/tipos/'))[0]!.nombre,
    parte: estudio.partes_demandantes[0]!.nombre,
  };
  const filas = Array.from({ length: FILAS }, (_, i) =>
    fixtures.filaValida(`C-${10_000 + i}-2025`, nombres, i % 2 === 0 ? { 'Dirección 2': 'Los Jesuitas 881', 'Comuna 2': 'Providencia', 'Ciudad 2': 'Santiago' } : {}),
  );
  const xlsx = await fixtures.xlsxDe(filas);
  const pdfs: Record<string, Buffer> = {};
  for (let i = 0; i < FILAS; i += 10) pdfs[`C-${10_000 + i}-2025_demanda.pdf`] = PDF;
  const zip = await fixtures.zipDe(pdfs);

  log(`${kind}: preview of ${FILAS} rows (.xlsx ${(xlsx.length / 1024).toFixed(0)} KB, ZIP of ${Object.keys(pdfs).length} PDFs)…`);
  const preview = await timed(() => call(port, token, 'POST', '/nuevo_encargo/importar/', form(estudio.id, { name: 'bench.xlsx', bytes: xlsx }, zip)));
  const resumen = preview.value.resumen as { listas: number };
  if (resumen.listas !== FILAS) throw new Error(`${kind}: ${resumen.listas} of ${FILAS} rows ready`);
  rows.push({ group: 'import', name: `${kind}: preview ${FILAS} rows .xlsx + ZIP`, value: `${(preview.ms / 1000).toFixed(2)} s`, target: preview.ms <= 5000 ? '≤ 5 s ✓' : '≤ 5 s ✗' });

  const csv = Buffer.from(fixtures.csvTexto(filas, ';'), 'utf8');
  const previewCsv = await timed(() => call(port, token, 'POST', '/nuevo_encargo/importar/', form(estudio.id, { name: 'bench.csv', bytes: csv })));
  rows.push({ group: 'import', name: `${kind}: preview ${FILAS} rows .csv`, value: `${(previewCsv.ms / 1000).toFixed(2)} s`, target: previewCsv.ms <= 5000 ? '≤ 5 s ✓' : '≤ 5 s ✗' });

  log(`${kind}: confirm ${FILAS} rows…`);
  const confirm = await timed(() => call(port, token, 'POST', `/nuevo_encargo/importar/${preview.value.id as string}/confirmar/`, {}));
  if (confirm.value.creadas !== FILAS) throw new Error(`${kind}: ${String(confirm.value.creadas)} of ${FILAS} created`);
  rows.push({ group: 'import', name: `${kind}: confirm ${FILAS} rows (assignments, addresses, alarms, events, ${Object.keys(pdfs).length} PDFs)`, value: `${(confirm.ms / 1000).toFixed(2)} s`, target: confirm.ms <= 30_000 ? '≤ 30 s ✓' : '≤ 30 s ✗' });

  const grandes = Array.from({ length: 20_000 }, (_, i) => fixtures.filaValida(`C-${50_000 + i}-2025`, nombres));
  const csvGrande = Buffer.from(fixtures.csvTexto(grandes, ';'), 'utf8');
  log(`${kind}: preview of 20,000 rows (.csv ${(csvGrande.length / 1024 / 1024).toFixed(1)} MB) with /health polled…`);
  const grande = await watchHealth(port, () => timed(() => call(port, token, 'POST', '/nuevo_encargo/importar/', form(estudio.id, { name: 'grande.csv', bytes: csvGrande }))));
  rows.push({
    group: 'import',
    name: `${kind}: preview 20,000 rows .csv; slowest /health meanwhile`,
    value: `${(grande.value.ms / 1000).toFixed(2)} s; /health ≤ ${grande.worstMs.toFixed(0)} ms`,
  });
  return rows;
}

export async function runImportarBench(): Promise<{ rows: Row[]; failures: number }> {
  const rows: Row[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-importar-'));
  try {
    log('starting the API on the embedded database…');
    const api = await startApi({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_PASSWORD, SEED_DEMO: '0', LOGIN_RATE_MAX: '100' }, PORT, 600_000);
    try {
      rows.push(...(await measure('embedded (PGlite)', PORT)));
    } finally {
      await api.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  rows.push(...(await withBenchApi('importar', PORT, { SEED_DEMO: '0' }, async ({ port }) => measure('PostgreSQL', port))));
  return { rows, failures: rows.filter((r) => r.target?.endsWith('✗')).length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runImportarBench();
  printTable(`Import benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
