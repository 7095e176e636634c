/**
 * Receipts benchmark (issue 25): receipts created per second through the API at BENCH_RECIBOS_CONNECTIONS
 * (16) connections, each billing one stamped diligence under the next gapless number, then the account
 * statement of a firm holding BENCH_RECIBOS_FIRMA (5,000) receipts with payments, at 10 connections.
 *
 *   pnpm --filter @receptoria/bench bench:recibos
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_DURATION (10 s per scenario), BENCH_RECIBOS_CONNECTIONS (16),
 * BENCH_RECIBOS_FIRMA (5000), BENCH_PORT_RECIBOS (3927), BENCH_KEEP=1 keeps the databases.
 */
import { pathToFileURL } from 'node:url';
import { dropDatabase, withDatabaseName } from '@receptoria/db';
import pg from 'pg';
import { ADMIN_PASSWORD, fmtMeasure, loadApi, log, login, machineLine, printTable, type Row, SERVER, startApi } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_RECIBOS_CONNECTIONS ?? 16);
const FIRMA = Number(process.env.BENCH_RECIBOS_FIRMA ?? 5000);
const PORT = Number(process.env.BENCH_PORT_RECIBOS ?? 3927);
/** Diligences ready to bill: more than the run can take at several times the target. */
const DISPONIBLES = Number(process.env.BENCH_RECIBOS_DISPONIBLES ?? 30_000);

async function seed(tenantUrl: string): Promise<{ estudioCrear: number; estudioCuenta: number; diligencias: number[] }> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const started = Date.now();
    const estudio = async (nombre: string, rut: string) =>
      (
        await client.query<{ id: number }>(
          `insert into estudios (nombre, direccion, comuna, ciudad, telefono, rut_estudio) values ($1, 'Huérfanos 1160', 'Santiago', 'Santiago', '+56 2 2696 4410', $2) returning id`,
          [nombre, rut],
        )
      ).rows[0]!.id;
    const estudioCrear = await estudio('Bench Recibos Nuevos', '76000001-1');
    const estudioCuenta = await estudio('Bench Estudio Con Cuenta', '76000002-K');
    const tipo = (await client.query<{ id: number }>('select id from tipos_estampado order by id limit 1')).rows[0]!.id;
    // Stamped assignments with one diligence each: DISPONIBLES for the first firm, FIRMA for the second.
    const stamped = async (estudioId: number, count: number, prefix: string) => {
      await client.query(
        `with e as (
           insert into encargos (numero_rol, estado, fecha_encargo, fecha_estampado, estudio_id, ejecutados, rut_ejecutado)
           select $1 || g || '-2026', 'estampado', date '2026-01-01', date '2026-01-05', $2, 'Pedro Soto', '12345678-5'
             from generate_series(1, $3::int) g
           returning id)
         insert into diligencias (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, valor_final)
         select id, $4, timestamptz '2026-01-04 10:00-03', 'Se notificó personalmente', 20000 + (id % 7) * 2500 from e`,
        [prefix, estudioId, count, tipo],
      );
    };
    await stamped(estudioCrear, DISPONIBLES, 'B-');
    await stamped(estudioCuenta, FIRMA, 'S-');
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
    for (const table of ['encargos', 'diligencias', 'recibos', 'recibo_items', 'pagos', 'pago_aplicaciones']) await client.query(`vacuum analyze ${table}`);
    const diligencias = (
      await client.query<{ id: number }>('select d.id from diligencias d join encargos e on e.id = d.encargo_id where e.estudio_id = $1 order by d.id', [estudioCrear])
    ).rows.map((r) => r.id);
    log(`seeded ${DISPONIBLES} billable diligences and a firm with ${FIRMA} receipts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { estudioCrear, estudioCuenta, diligencias };
  } finally {
    await client.end();
  }
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
  const controlName = `receptoria_bench_recibos_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${controlName}`);
  await admin.end();
  let stopApi: (() => Promise<void>) | undefined;
  let tenantUrl: string | undefined;
  const rows: Row[] = [];
  let failures = 0;
  try {
    log(`starting the API on port ${PORT} over ${controlName}…`);
    const api = await startApi({ DATABASE_URL: controlUrl, ADMIN_PASSWORD, SEED_DEMO: '0', LOGIN_RATE_MAX: '100' }, PORT);
    stopApi = api.stop;
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    const { rows: tenants } = await control.query<{ database_name: string }>('select database_name from tenants order by id limit 1');
    await control.end();
    tenantUrl = withDatabaseName(SERVER, tenants[0]?.database_name ?? '');
    const f = await seed(tenantUrl);
    const token = await login(PORT);

    const crear = await loadApi(
      PORT,
      token,
      f.diligencias.map((id) => ({ method: 'POST', path: '/api/v1/recibos/', body: { estudio_id: f.estudioCrear, diligencia_ids: [id], fecha: '2026-01-10' } })),
      CONNECTIONS,
      DURATION,
    );
    const numeros = await checkNumbers(tenantUrl, f.estudioCrear);
    const crearOk = crear.rps >= 200 && crear.failures === 0 && numeros.includes('no gap');
    if (!crearOk) failures += 1;
    rows.push({ group: 'receipts', name: `POST /recibos/, ${CONNECTIONS} connections`, value: `${fmtMeasure(crear)}; ${numeros}`, target: `≥ 200 req/s ${crearOk ? '✓' : '✗'}` });

    const cuenta = await loadApi(
      PORT,
      token,
      [{ method: 'GET', path: `/api/v1/estudios/${f.estudioCuenta}/estado_cuenta/?hasta=2026-06-30` }],
      10,
      DURATION,
    );
    const cuentaOk = cuenta.p95 <= 100 && cuenta.failures === 0;
    if (!cuentaOk) failures += 1;
    rows.push({ group: 'receipts', name: `estado_cuenta, firm with ${FIRMA} receipts, 10 connections`, value: fmtMeasure(cuenta), target: `p95 ≤ 100 ms ${cuentaOk ? '✓' : '✗'}` });
  } finally {
    await stopApi?.();
    if (process.env.BENCH_KEEP !== '1') {
      if (tenantUrl) await dropDatabase({ kind: 'postgres', url: tenantUrl }).catch(() => undefined);
      await dropDatabase({ kind: 'postgres', url: controlUrl }).catch(() => undefined);
    }
  }
  return { rows, failures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runRecibosBench();
  printTable(`Receipts benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
