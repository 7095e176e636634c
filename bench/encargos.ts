/**
 * Pending-list benchmark: a tenant with 100 000 assignments, then the list, the search and
 * buscar_por_rol under concurrent load. Prints p50/p95 latencies per call.
 *
 *   pnpm --filter @receptoria/bench bench:encargos
 *
 * Settings (env): BENCH_DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ROWS (100000), BENCH_CONNECTIONS (10), BENCH_DURATION (10 s per scenario), BENCH_KEEP=1 keeps
 * the databases afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, withDatabaseName } from '@receptoria/db';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../apps/api');
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const ADMIN_PASSWORD = 'bench-admin-1234';

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

async function startApi(controlUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATABASE_URL: controlUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      TENANT_POOL_SIZE: String(Math.max(CONNECTIONS, 5)),
      LOGIN_RATE_MAX: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start within 2 minutes');
}

async function login(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access: string }).access;
}

/** Bulk assignments in every state over the demo firms, with one address each and some re-assignments. */
async function seed(tenantUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('select setseed(0.42)');
    await client.query(
      `
      with firms as (
        select array_agg(e.id order by e.id) as estudio_ids, array_agg(p.id order by e.id) as parte_ids,
               array_agg(p.nombre order by e.id) as parte_nombres
        from estudios e join lateral (
          select id, nombre from partes_demandantes where estudio_id = e.id order by id limit 1
        ) p on true
      ),
      refs as (
        select (select array_agg(id order by orden) from tribunales) as tribunales,
               (select array_agg(id order by orden) from tipos_causa) as causas,
               (select array_agg(id order by orden) from tipos_encargo) as tipos
      ),
      names as (
        select array['Juan','María','José','Carolina','Luis','Francisca','Pedro','Camila','Jorge','Valentina','Cristián','Daniela','Rodrigo','Paula','Felipe','Constanza'] as nombres,
               array['González','Muñoz','Rojas','Díaz','Pérez','Soto','Contreras','Silva','Martínez','Sepúlveda','Morales','Rodríguez','López','Fuentes','Hernández','Torres','Araya','Flores','Espinoza','Valenzuela','Castillo','Tapia','Reyes','Gutiérrez','Castro','Pizarro','Álvarez','Vásquez','Sánchez','Fernández','Núñez'] as apellidos
      ),
      rows as (
        select g,
               (1 + floor(random() * array_length(f.estudio_ids, 1)))::int as fi,
               n.nombres[1 + floor(random() * 16)::int] || ' ' || n.apellidos[1 + floor(random() * 31)::int] || ' ' ||
                 n.apellidos[1 + floor(random() * 31)::int] as ejecutado,
               (5000000 + floor(random() * 20000000))::int as rut_body,
               date '2026-01-01' - (g % 900) as fecha,
               case when g % 10 < 1 then 'pendiente' when g % 10 < 5 then 'preparado'
                    when g % 10 < 7 then 'listo_para_estampar' else 'estampado' end as estado
        from generate_series(1, $1::int) g, firms f, names n
      )
      insert into encargos (numero_rol, estado, fecha_encargo, fecha_retiro, fecha_demanda, fecha_resolucion, cuantia,
        numero_operacion, rut_ejecutado, ejecutados, partes, estudio_id, parte_demandante_id, tribunal_id,
        tipo_encargo_id, tipo_causa_id, observaciones_encargo)
      select 'C-' || (1000 + (r.g % 60000)) || '-' || (2020 + r.g % 6), r.estado, r.fecha, r.fecha + 1, r.fecha - 40,
             r.fecha - 20, (300000 + floor(random() * 40000000))::bigint,
             case when r.g % 3 = 0 then 'OP-' || (1000000 + r.g) else '' end,
             r.rut_body || '-' || (
               select case m when 11 then '0' when 10 then 'K' else m::text end
               from (select 11 - (sum(substr(reverse(r.rut_body::text), i, 1)::int * (2 + (i - 1) % 6)) % 11) as m
                     from generate_series(1, length(r.rut_body::text)) i) dv),
             r.ejecutado, f.parte_nombres[r.fi] || ' con ' || r.ejecutado, f.estudio_ids[r.fi], f.parte_ids[r.fi],
             rf.tribunales[1 + (r.g % 36)], rf.tipos[1 + (r.g % 8)], rf.causas[1 + (r.g % 7)], 'Es urgente'
      from rows r, firms f, refs rf
      `,
      [ROWS],
    );
    await client.query(`
      insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, orden)
      select id, 'Av. Irarrázaval ' || (100 + id % 9000), (array['Ñuñoa','Providencia','Santiago','Maipú','La Florida','Puente Alto'])[1 + id % 6],
             'Santiago', true, 0
      from encargos where not exists (select 1 from domicilios d where d.encargo_id = encargos.id)
    `);
    // As autovacuum would: visibility map and hint bits set, statistics fresh.
    await client.query('vacuum analyze encargos');
    await client.query('vacuum analyze domicilios');
    const { rows } = await client.query<{ numero_rol: string }>(
      'select numero_rol from encargos order by random() limit 200',
    );
    const { rows: counts } = await client.query<{ n: string }>('select count(*) as n from encargos');
    log(`seeded ${counts[0]?.n} assignments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return rows.map((row) => row.numero_rol);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

interface ScenarioResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

async function scenario(name: string, token: string, paths: string[]): Promise<ScenarioResult> {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { authorization: `Bearer ${token}` },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const pathname = paths[next % paths.length] as string;
            next += 1;
            return { ...request, path: pathname };
          },
        },
      ],
    },
    () => undefined,
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode !== 200) failures += 1;
  });
  const [result] = (await once(instance, 'done')) as [Result];
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: failures + result.errors + result.timeouts,
  };
}

export async function runEncargosBench(): Promise<void> {
  const controlName = `receptoria_bench_${Date.now().toString(36)}`;
  const controlUrl = withDatabaseName(SERVER, controlName);
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${controlName}`);
  await admin.end();

  let api: ChildProcess | undefined;
  let tenantUrl: string | undefined;
  try {
    log(`starting the API on port ${PORT} over ${controlName}…`);
    api = await startApi(controlUrl);
    const control = new pg.Client({ connectionString: controlUrl });
    await control.connect();
    const { rows } = await control.query<{ database_name: string }>('select database_name from tenants order by id limit 1');
    await control.end();
    tenantUrl = withDatabaseName(SERVER, rows[0]?.database_name ?? '');
    const rols = await seed(tenantUrl);
    const token = await login();

    const api1 = '/api/v1/encargos';
    const searches = ['gonzalez', 'Núñez Soto', 'C-1234', 'pacífico', 'maria rojas', '12345', 'banco de chile', 'OP-10012', 'fuentes tapia'];
    const scenarios: [string, string[]][] = [
      ['lista (page 1)', [`${api1}/lista/?page=1&page_size=20`]],
      [
        'lista (estado + page 1-50)',
        Array.from({ length: 50 }, (_, i) => `${api1}/lista/?estado=${['preparado', 'estampado', 'listo_para_estampar'][i % 3]}&page=${i + 1}`),
      ],
      ['lista ?search=', searches.map((s) => `${api1}/lista/?search=${encodeURIComponent(s)}`)],
      ['buscar_por_rol', rols.map((rol) => `${api1}/buscar_por_rol/?numero_rol=${encodeURIComponent(rol)}`)],
    ];
    const results: ScenarioResult[] = [];
    for (const [name, paths] of scenarios) {
      log(`running ${name} for ${DURATION} s with ${CONNECTIONS} connections…`);
      results.push(await scenario(name, token, paths));
    }
    log('');
    log(`Pending list on ${ROWS.toLocaleString('es-CL')} assignments, ${CONNECTIONS} concurrent connections, ${DURATION} s each`);
    log('scenario                        requests   req/s    p50 ms   p95 ms   p99 ms   failures');
    for (const r of results) {
      log(
        `${r.name.padEnd(30)} ${String(r.requests).padStart(9)} ${r.rps.toFixed(0).padStart(7)} ${r.p50
          .toFixed(1)
          .padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.failures).padStart(10)}`,
      );
    }
    if (results.some((r) => r.failures > 0)) process.exitCode = 1;
  } finally {
    if (api && api.exitCode === null) {
      api.kill('SIGTERM');
      await once(api, 'exit');
    }
    if (process.env.BENCH_KEEP !== '1') {
      if (tenantUrl) await dropDatabase({ kind: 'postgres', url: tenantUrl });
      await dropDatabase({ kind: 'postgres', url: controlUrl });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runEncargosBench();
}
