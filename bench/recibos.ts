/**
 * Receipts benchmark (issue 25): receipts created per second through the API at BENCH_RECIBOS_CONNECTIONS
 * (16) connections, each billing one stamped diligence under the next gapless number, then the account
 * statement of a firm holding BENCH_RECIBOS_FIRMA (5,000) receipts with payments, at 10 connections (its
 * default pages: the 100 most recent movements, the 200 oldest open receipts; the sums cover everything).
 * Each beside its floor: the SQL the API's own service functions send for that request, replayed from a
 * plain pg pool with named prepared statements at the same concurrency (for receipts, a new diligence each
 * time, from the other half of the seeded ones).
 *
 *   pnpm --filter @receptoria/bench bench:recibos
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_DURATION (10 s per scenario and side), BENCH_RECIBOS_CONNECTIONS
 * (16), BENCH_RECIBOS_FIRMA (5000), BENCH_PORT_RECIBOS (3927), BENCH_KEEP=1 keeps the databases.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@receptoria/db';
import pg from 'pg';
import { seedEstudiosWorld } from './estudios-world';
import {
  apiDir,
  floorRow,
  loadApi,
  loadSource,
  loadSql,
  log,
  login,
  machineLine,
  type Measure,
  percentile,
  printTable,
  recordQueries,
  type Row,
  type ServiceFn,
  withBenchApi,
} from './support';

const { createRecibo } = await loadSource<Record<'createRecibo', ServiceFn>>(path.join(apiDir, 'src/modules/recibos/recibos.service.ts'));
const { getEstadoCuenta } = await loadSource<Record<'getEstadoCuenta', ServiceFn>>(path.join(apiDir, 'src/modules/pagos/estado-cuenta.service.ts'));

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_RECIBOS_CONNECTIONS ?? 16);
const FIRMA = Number(process.env.BENCH_RECIBOS_FIRMA ?? 5000);
const PORT = Number(process.env.BENCH_PORT_RECIBOS ?? 3927);
/** Diligences ready to bill: more than the run can take at several times the target. */
const DISPONIBLES = Number(process.env.BENCH_RECIBOS_DISPONIBLES ?? 30_000);

function seed(tenantUrl: string): Promise<{ estudioCrear: number; estudioCuenta: number; diligencias: number[] }> {
  return seedEstudiosWorld(tenantUrl, `${DISPONIBLES} billable diligences and a firm with ${FIRMA} receipts`, async ({ client, ...world }) => {
    const estudioCrear = await world.estudio('Bench Recibos Nuevos', '76000001-1');
    const estudioCuenta = await world.estudio('Bench Estudio Con Cuenta', '76000002-K');
    const tipo = await world.firstId('tipos_estampado');
    // Stamped assignments with one diligence each: DISPONIBLES for the first firm, FIRMA for the second.
    const diligencia = `insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
       select id, $5, timestamptz '2026-01-04 10:00-03', 'Se notificó personalmente', 20000 + (id % 7) * 2500 from e`;
    await world.estampados(estudioCrear, DISPONIBLES, 'B-', null, diligencia, [tipo]);
    await world.estampados(estudioCuenta, FIRMA, 'S-', null, diligencia, [tipo]);
    // The second firm's FIRMA receipts over the last 200 days, numbered from the counter, two thirds paid in part.
    await client.query(
      `with d as (
         select d.id, d.valor_final, e.numero_rol, row_number() over (order by d.id) as n
           from diligencias d join encargos e on e.id = d.encargo_id where e.estudio_id = $1),
       r as (
         insert into recibos (numero, estudio_id, fecha, creado_por)
         select (select siguiente_numero from recibos_configuracion) + n - 1, $1, date '2026-06-30' - (n % 200)::int, 'bench' from d
         returning id, numero)
       insert into recibo_items (recibo_id, diligencia_id, numero_rol, tipo, valor, fecha_diligencia)
       select r.id, d.id, d.numero_rol, 'Búsqueda positiva', d.valor_final, date '2026-01-04'
         from r join d on d.n = r.numero - (select siguiente_numero from recibos_configuracion) + 1`,
      [estudioCuenta],
    );
    await client.query('update recibos_configuracion set siguiente_numero = siguiente_numero + $1', [FIRMA]);
    await client.query(
      `with r as (select id, row_number() over (order by id) as n from recibos where estudio_id = $1),
       p as (
         insert into pagos (estudio_id, fecha, monto, medio, referencia, creado_por)
         select $1, date '2026-06-30' - (n % 150)::int, 15000, 'transferencia', 'TRX-' || n, 'bench' from r where n % 3 <> 0
         returning id, referencia)
       insert into pago_aplicaciones (pago_id, recibo_id, monto, creado_por)
       select p.id, r.id, 10000, 'bench' from p join r on 'TRX-' || r.n = p.referencia`,
      [estudioCuenta],
    );
    await world.analyze(['encargos', 'diligencias', 'recibos', 'recibo_items', 'pagos', 'pago_aplicaciones']);
    const diligencias = (
      await client.query<{ id: number }>('select d.id from diligencias d join encargos e on e.id = d.encargo_id where e.estudio_id = $1 order by d.id', [estudioCrear])
    ).rows.map((r) => r.id);
    return { estudioCrear, estudioCuenta, diligencias };
  });
}

/** Numbers issued during the run: consecutive, no gap, no repeat. */
async function checkNumbers(tenantUrl: string, estudioId: number): Promise<string> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string; min: number; max: number; distinct: string }>(
      'select count(*) as n, min(numero) as min, max(numero) as max, count(distinct numero) as distinct from recibos where estudio_id = $1',
      [estudioId],
    );
    const row = rows[0]!;
    const ok = Number(row.n) === Number(row.distinct) && Number(row.max) - Number(row.min) + 1 === Number(row.n);
    return `${row.n} numbers ${row.min}–${row.max}: ${ok ? 'consecutive, no gap, no repeat' : 'GAP OR REPEAT'}`;
  } finally {
    await client.end();
  }
}

export async function runRecibosBench(): Promise<{ rows: Row[]; failures: number }> {
  return withBenchApi('recibos', PORT, { SEED_DEMO: '0' }, async ({ tenantUrl }) => {
    const rows: Row[] = [];
    let failures = 0;
    const f = await seed(tenantUrl);
    const token = await login(PORT);
    // The API bills the first half of the diligences, the floor the second.
    const half = Math.floor(f.diligencias.length / 2);
    const paraApi = f.diligencias.slice(0, half);
    const paraFloor = f.diligencias.slice(half);
    const body = (id: number) => ({ estudio_id: f.estudioCrear, diligencia_ids: [id], fecha: '2026-01-10' });
    const hasta = '2026-06-30';

    // The SQL of each request, from the API's own service functions over a recording pool.
    const handle = await openDatabase({ kind: 'postgres', url: tenantUrl }, 'tenant', { poolSize: 1 });
    const recorder = recordQueries((handle.db as unknown as { $client: pg.Pool }).$client);
    const actor = { userId: null, username: 'bench', ip: '127.0.0.1', userAgent: 'bench' };
    const recordedId = paraFloor.shift() as number;
    const crearSql = await recorder.take(() => createRecibo(handle.db, body(recordedId) as never, actor as never));
    // Warm (as the API answers under load: remembered until a change) and right after a change (computed).
    const cuentaLeer = () => getEstadoCuenta(handle.db, f.estudioCuenta as never, hasta as never);
    const cambio = new pg.Client({ connectionString: tenantUrl });
    await cambio.connect();
    // A change to the firm (its row written as it is) moves the receiver's cobranza_cambios: the next statement is computed.
    const cambiar = () => cambio.query('update estudios set telefono = telefono where id = $1', [f.estudioCuenta]);
    await cambiar();
    const cuentaFria = await recorder.take(cuentaLeer);
    const cuentaSql = await recorder.take(cuentaLeer);
    await handle.close();
    // Each replay bills the next diligence of its half (in the read's array and the write's).
    const fresh = (values: unknown[], n: number) => {
      const id = paraFloor[n % paraFloor.length] as number;
      return values.map((v) => (v === recordedId ? id : Array.isArray(v) && v.length === 1 && v[0] === recordedId ? [id] : v));
    };

    log(`POST /recibos/: API ${DURATION} s at ${CONNECTIONS} connections…`);
    const crear = await loadApi(PORT, token, paraApi.map((id) => ({ method: 'POST', path: '/api/v1/recibos/', body: body(id) })), CONNECTIONS, DURATION);
    log(`POST /recibos/: same SQL (${crearSql.length} statements a request) from pg…`);
    const crearFloor = await loadSql(tenantUrl, [crearSql], CONNECTIONS, DURATION, fresh);
    const numeros = await checkNumbers(tenantUrl, f.estudioCrear);
    const crearOk = crear.rps >= 200 && crear.failures === 0 && crearFloor.failures === 0 && numeros.includes('no gap');
    if (!crearOk) failures += 1;
    if (crear.firstFailure) log(`  API failure: ${crear.firstFailure}`);
    if (crearFloor.firstFailure) log(`  SQL failure: ${crearFloor.firstFailure}`);
    rows.push(floorRow('receipts', `POST /recibos/ @${CONNECTIONS}; ${numeros}`, crear, crearFloor, `API ≥ 200 req/s ${crearOk ? '✓' : '✗'}`));

    log(`estado_cuenta: API ${DURATION} s at 10 connections…`);
    const cuenta = await loadApi(PORT, token, [{ method: 'GET', path: `/api/v1/estudios/${f.estudioCuenta}/estado_cuenta/?hasta=${hasta}` }], 10, DURATION);
    log(`estado_cuenta: same SQL (${cuentaSql.length} statements a request) from pg…`);
    const cuentaFloor = await loadSql(tenantUrl, [cuentaSql], 10, DURATION);
    const cuentaOk = cuenta.p95 <= 100 && cuenta.failures === 0 && cuentaFloor.failures === 0;
    if (!cuentaOk) failures += 1;
    rows.push(floorRow('receipts', `estado_cuenta, firm with ${FIRMA} receipts @10: p95`, cuenta, cuentaFloor, `API p95 ≤ 100 ms ${cuentaOk ? '✓' : '✗'}`));
    // The same read at the hot reads' concurrency, against its floor (every hot read ≥ 0.8 × its floor @32).
    const HOT = Number(process.env.BENCH_CONNECTIONS ?? 32);
    log(`estado_cuenta: API ${DURATION} s at ${HOT} connections…`);
    const cuentaHot = await loadApi(PORT, token, [{ method: 'GET', path: `/api/v1/estudios/${f.estudioCuenta}/estado_cuenta/?hasta=${hasta}` }], HOT, DURATION);
    const cuentaHotFloor = await loadSql(tenantUrl, [cuentaSql], HOT, DURATION);
    if (cuentaHot.failures + cuentaHotFloor.failures > 0) failures += 1;
    const cuentaRatio = cuentaHot.rps / cuentaHotFloor.rps;
    rows.push(
      floorRow('receipts', `estado_cuenta, firm with ${FIRMA} receipts @${HOT}`, cuentaHot, cuentaHotFloor, `API ≥ 0.8 × floor: ${cuentaRatio >= 0.8 ? 'met' : 'not met'}`),
    );

    // Each request right after a change (not timed), one connection: the statement computed every time.
    log('estado_cuenta after a change: API and the same SQL, one connection…');
    const latencies: number[] = [];
    let fallos = 0;
    const started = Date.now();
    while (Date.now() - started < DURATION * 1000) {
      await cambiar();
      const t = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/estudios/${f.estudioCuenta}/estado_cuenta/?hasta=${hasta}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status !== 200) fallos += 1;
    }
    await cambio.end();
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    const fria: Measure = { requests: latencies.length, rps: 1000 / mean, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures: fallos };
    const friaFloor = await loadSql(tenantUrl, [cuentaFria], 1, DURATION);
    if (fallos + friaFloor.failures > 0) failures += 1;
    rows.push(floorRow('receipts', 'estado_cuenta after a change, computed again @1', fria, friaFloor, 'the statement computed'));
    return { rows, failures };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runRecibosBench();
  printTable(`Receipts benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
