/**
 * Pending-list benchmark: a receiver with BENCH_ROWS assignments (default 100 000; 1 000 000 works),
 * then every hot call under concurrent load, each beside "the floor": the very SQL the API sends for
 * that call (recorded by running the API's own service functions once per distinct request), replayed
 * from a plain pg pool with named prepared statements at the same concurrency.
 *
 *   pnpm --filter @receptoria/bench bench:encargos
 *
 * Settings (env): BENCH_DATABASE_URL (server, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ROWS (100000), BENCH_CONNECTIONS (32), BENCH_WRITE_CONNECTIONS (16), BENCH_LATENCY_CONNECTIONS (10: the
 * read calls again at this concurrency against their p95 targets), BENCH_DURATION (10 s per
 * scenario and side), BENCH_KEEP=1 keeps the databases afterwards, BENCH_SCENARIOS (comma-separated
 * name fragments, e.g. "rol,guardar": only those scenarios), BENCH_TENANT_POOL_SIZE (the API's connections
 * per receiver; default the API's own, TENANT_POOL_SIZE's default).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type TenantDb } from '@receptoria/db';
import pg from 'pg';
import {
  apiDir,
  fmtMeasure,
  type HttpRequest,
  loadApi,
  loadSource,
  loadSql,
  log,
  login,
  machineLine,
  type Measure,
  percentile,
  printTable,
  type RecordedRequest,
  recordQueries,
  repoRoot,
  type Row,
  type ServiceFn,
  here,
  withBenchApi,
} from './support';

type Schema = { parse(value: unknown): never };
const { findByRol, listEncargos } = await loadSource<Record<'findByRol' | 'listEncargos', ServiceFn>>(
  path.join(apiDir, 'src/modules/encargos/encargos.service.ts'),
);
const { createEncargoOnce } = await loadSource<Record<'createEncargoOnce', ServiceFn>>(
  path.join(apiDir, 'src/modules/nuevo-encargo/nuevo-encargo.service.ts'),
);
const { guardarResultados } = await loadSource<Record<'guardarResultados', ServiceFn>>(
  path.join(apiDir, 'src/modules/diligencias/diligencias.service.ts'),
);
const { getCola } = await loadSource<Record<'getCola', ServiceFn>>(path.join(apiDir, 'src/modules/diligencias/diligencias.service.ts'));
const { listPlazos } = await loadSource<Record<'listPlazos', ServiceFn>>(path.join(apiDir, 'src/modules/calendario/plazos.service.ts'));
const { crearVisita } = await loadSource<Record<'crearVisita', ServiceFn>>(path.join(apiDir, 'src/modules/visitas/visitas.service.ts'));
const { feedDelReceptor } = await loadSource<Record<'feedDelReceptor', ServiceFn>>(path.join(apiDir, 'src/modules/calendario/ics.service.ts'));
const { VisitaInputSchema } = await loadSource<Record<'VisitaInputSchema', Schema>>(path.join(repoRoot, 'packages/contracts/src/index.ts'));
const { EncargoCreateSchema, GuardarResultadosSchema } = await loadSource<Record<'EncargoCreateSchema' | 'GuardarResultadosSchema', Schema>>(
  path.join(repoRoot, 'packages/contracts/src/index.ts'),
);

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 16);
/** The read calls' latency targets are set at this concurrency (issue goal 2). */
const LATENCY_CONNECTIONS = Number(process.env.BENCH_LATENCY_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
/** guardar_resultados: rols whose saves the floor replays (the API saves on the others). */
const FLOOR_ROLS = 400;

/** Bulk assignments in every state over the demo firms, with one address each. */
async function seed(tenantUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('select setseed(0.42)');
    // Batches keep memory flat at 1M rows.
    const batch = 100_000;
    for (let from = 1; from <= ROWS; from += batch) {
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
        from generate_series($1::int, $2::int) g, firms f, names n
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
        [from, Math.min(ROWS, from + batch - 1)],
      );
    }
    await client.query(`
      insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, orden)
      select id, 'Av. Irarrázaval ' || (100 + id % 9000), (array['Ñuñoa','Providencia','Santiago','Maipú','La Florida','Puente Alto'])[1 + id % 6],
             'Santiago', true, 0
      from encargos where not exists (select 1 from domicilios d where d.encargo_id = encargos.id)
    `);
    // Deadlines (issue 24) on a third of the assignments, due around their assignment date: most open
    // (the queue's nearest one, the calendar's week), one in five met; some with a second open one.
    await client.query(`
      insert into plazos (encargo_id, tipo, desde, dias, vence, estado, origen, lugar_requerimiento)
      select id, 'excepciones', fecha_encargo + 2, 4, fecha_encargo + 8 + id % 5,
             case when id % 5 = 0 then 'cumplido' else 'pendiente' end, 'diligencia:' || id, 'comuna_tribunal'
      from encargos where id % 3 = 0
      union all
      select id, 'carta_art_46', fecha_encargo + 1, 2, fecha_encargo + 3, 'pendiente', 'diligencia:' || id, null
      from encargos where id % 9 = 0
    `);
    // As autovacuum would: visibility map and hint bits set, statistics fresh.
    await client.query('vacuum analyze encargos');
    await client.query('vacuum analyze domicilios');
    await client.query('vacuum analyze plazos');
    const { rows: counts } = await client.query<{ n: string }>('select count(*) as n from encargos');
    log(`seeded ${Number(counts[0]?.n).toLocaleString('en-US')} assignments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

interface Fixtures {
  rols: string[];
  /** Assignments with their address, for visits. */
  visitables: { id: number; domicilio: number }[];
  /** Assignments in 'preparado' whose rol is unique: guardar_resultados targets. */
  resultRols: string[];
  estudioId: number;
  parteId: number;
  tribunalId: number;
  tipoEncargoId: number;
  tipoCausaId: number;
  tipoEstampadoId: number;
}

async function fixtures(tenantUrl: string): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const one = async (text: string) => Number((await client.query<{ id: number }>(text)).rows[0]?.id);
    const rols = (await client.query<{ numero_rol: string }>('select numero_rol from encargos order by random() limit 200')).rows;
    const resultRols = (
      await client.query<{ numero_rol: string }>(
        `select numero_rol from encargos where estado = 'preparado' and numero_rol in
           (select numero_rol from encargos group by numero_rol having count(*) = 1) order by random() limit 2000`,
      )
    ).rows;
    const estudioId = await one('select id from estudios where activo order by id limit 1');
    const visitables = (
      await client.query<{ id: number; domicilio: number }>(
        // Received on or before the visits' day (a visit never precedes its assignment: 400).
        `select e.id, d.id as domicilio from encargos e join domicilios d on d.encargo_id = e.id
          where e.fecha_encargo <= '2026-03-10' order by random() limit 2000`,
      )
    ).rows;
    return {
      rols: rols.map((r) => r.numero_rol),
      visitables,
      resultRols: resultRols.map((r) => r.numero_rol),
      estudioId,
      parteId: await one(`select id from partes_demandantes where estudio_id = ${estudioId} order by id limit 1`),
      tribunalId: await one('select id from tribunales order by id limit 1'),
      tipoEncargoId: await one('select id from tipos_encargo order by id limit 1'),
      tipoCausaId: await one('select id from tipos_causa order by id limit 1'),
      tipoEstampadoId: await one('select id from tipos_estampado where activo order by id limit 1'),
    };
  } finally {
    await client.end();
  }
}

function createBody(f: Fixtures, i: number) {
  return {
    fecha_encargo: '2026-03-10',
    estudio_juridico: f.estudioId,
    tribunal: f.tribunalId,
    numero_rol: `C-${90000 + (i % 9000)}-2026`,
    parte_demandante: f.parteId,
    partes: 'Banco de Chile con Soto Muñoz',
    tipo_encargo: f.tipoEncargoId,
    tipo_causa: f.tipoCausaId,
    fecha_retiro: '2026-03-11',
    fecha_demanda: '2026-01-20',
    fecha_resolucion: '2026-02-03',
    cuantia: 2_450_000,
    rut_ejecutado: '12345678-5',
    rut_representante_legal: '',
    numero_operacion: `OP-${700000 + i}`,
    ejecutados: 'Pedro Andrés Soto Muñoz',
    domicilios: [
      { direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true },
      { direccion: 'Los Jesuitas 881', comuna: 'Providencia', ciudad: 'Santiago', es_principal: false },
    ],
    observaciones_encargo: 'Es urgente',
    encargo_no_realizable: false,
    estado_especial: '',
  };
}

function resultadosBody(f: Fixtures, rol: string) {
  return {
    numero_rol: rol,
    resultado_id: f.tipoEstampadoId,
    fecha_diligencia: '2026-03-12 10:30',
    apuntes_terreno: 'Se notificó personalmente al ejecutado en su domicilio.',
    observaciones_diligencia: '',
    tratamiento: 'don',
  };
}

/**
 * The search when its counts are not remembered: every request follows a change to an assignment
 * (which moves the receiver's changes counter), one connection, the change not timed. Beside it the
 * SQL of a first search (the one-pass count and the page) replayed the same way.
 */
async function searchAfterChange(
  db: TenantDb,
  recording: ReturnType<typeof recordQueries>,
  tenantUrl: string,
  token: string,
  searches: string[],
  path: (search: string) => string,
): Promise<{ row: Row; failures: number }> {
  const writer = new pg.Client({ connectionString: tenantUrl });
  await writer.connect();
  const change = () => writer.query('update encargos set observacion_encargo = observacion_encargo where id = (select min(id) from encargos)');
  const latencies: number[] = [];
  let failures = 0;
  try {
    const started = Date.now();
    for (let i = 0; Date.now() - started < DURATION * 1000; i += 1) {
      await change();
      const t = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}${path(searches[i % searches.length] as string)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status !== 200) failures += 1;
    }
    // The floor: the SQL of a first search of each term, recorded right after a change.
    const cold: RecordedRequest[] = [];
    for (const search of searches) {
      await change();
      cold.push(await recording.take(() => listEncargos(db, { search, page: 1, page_size: 20 } as never)));
    }
    const floor = await loadSql(tenantUrl, cold, 1, DURATION);
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    const api: Measure = {
      requests: latencies.length,
      rps: 1000 / mean,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      failures,
    };
    const row: Row = {
      group: 'encargos',
      name: 'lista ?search= (9 terms) after a change, counted again @1',
      value: fmtMeasure(api),
      floor: fmtMeasure(floor),
      ratio: (api.rps / floor.rps).toFixed(2),
      target: 'first search after a change',
    };
    return { row, failures: failures + floor.failures };
  } finally {
    await writer.end();
  }
}

/** A visit as the field tab sends it: a fresh uuid each time (a repeat would be answered as already recorded). */
function visitaBody(v: { domicilio: number }, uuid: string) {
  return {
    uuid,
    domicilio_id: v.domicilio,
    fecha_hora: '2026-03-10T10:15:00-03:00',
    tipo: 'busqueda',
    resultado: 'domicilio_confirmado',
    informante: { nombre: 'Carmen Rojas', relacion: 'vecino' },
    apuntes: 'La vecina reconoce al demandado.',
    origen: 'terreno',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The calendar feed (GET /calendario/ics/{token}.ics, what phones subscribe to): limited to 60 reads a minute
 * per address, so it is read one at a time, 50 reads, beside the tenant SQL of the same feed (deadlines,
 * alarms, the receiver's own holidays) replayed the same way. The floor leaves out the token's look-up in
 * the control database, which the API makes.
 */
async function icsFeed(
  db: TenantDb,
  controlUrl: string,
  recording: ReturnType<typeof recordQueries>,
  tenantUrl: string,
  token: string,
): Promise<{ row: Row; failures: number }> {
  const urlResponse = await fetch(`http://127.0.0.1:${PORT}/api/v1/calendario/ics/`, { headers: { authorization: `Bearer ${token}` } });
  const { url } = (await urlResponse.json()) as { url: string };
  const feedPath = new URL(url).pathname;
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < 50; i += 1) {
    const t = performance.now();
    const response = await fetch(`http://127.0.0.1:${PORT}${feedPath}`);
    await response.arrayBuffer();
    latencies.push(performance.now() - t);
    if (response.status !== 200) failures += 1;
  }
  const control = await openDatabase({ kind: 'postgres', url: controlUrl }, 'control', { poolSize: 1 });
  const [tenant] = (await (control.db as unknown as { $client: pg.Pool }).$client.query<{ id: number; nombre: string }>('select id, nombre from tenants order by id limit 1')).rows;
  const recorded = await recording.take(() => feedDelReceptor(db, control.db as never, tenant as never));
  await control.close();
  const floor = await loadSql(tenantUrl, [recorded], 1, Math.min(DURATION, 5));
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  const api: Measure = { requests: latencies.length, rps: 1000 / mean, p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures };
  return {
    row: {
      group: 'encargos',
      name: `ICS feed (/calendario/ics/{token}.ics) @1, ${recorded.length} statements`,
      value: fmtMeasure(api),
      floor: fmtMeasure(floor),
      ratio: (api.rps / floor.rps).toFixed(2),
      target: `API ≥ 0.8 × floor (60 reads a minute per address)`,
    },
    failures: failures + floor.failures,
  };
}

interface Scenario {
  name: string;
  http: HttpRequest[];
  /** The service call behind each HTTP request, to record its SQL (undefined: no floor). */
  record?: (db: TenantDb, index: number) => Promise<unknown>;
  /** How many distinct requests to record (they are replayed round-robin). */
  recordCount?: number;
  /** The floor's values of its n-th request, made from the recordings (see loadSql's vary). */
  floorVary?: (recorded: RecordedRequest[]) => (values: unknown[], n: number) => unknown[];
  /**
   * Run each request once before recording it: the floor then replays what the API sends once the
   * call has run (the search's remembered counts and matches), as it does under load.
   */
  recordWarm?: boolean;
  connections: number;
  target?: string;
  /** p95 target in ms at LATENCY_CONNECTIONS (at 1,000,000 rows: twice this). */
  p95Target?: number;
  /**
   * A second floor: a bare Fastify process answering the same recorded SQL at the API's path, no auth,
   * no validation (bench/floor-fastify.ts); `key` is the query parameter, `keys[i]` the value of the
   * i-th recording.
   */
  bareFastify?: { route: string; key: string; keys: string[] };
}

const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3916);

/**
 * Starts bench/floor-fastify.ts as its own process (as the API runs), with the recordings by key and the
 * API's pool size, and loads it with the scenario's requests at `connections`.
 */
async function loadBareFastify(
  tenantUrl: string,
  bare: NonNullable<Scenario['bareFastify']>,
  recorded: RecordedRequest[],
  requests: HttpRequest[],
  connections: number,
): Promise<Measure> {
  const file = path.join(tmpdir(), `receptoria-bench-bare-${process.pid}.json`);
  const byKey = Object.fromEntries(bare.keys.map((key, i) => [key, recorded[i] ?? []]));
  writeFileSync(file, JSON.stringify(byKey));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'floor-fastify.ts')], {
    cwd: here,
    env: {
      ...process.env,
      FLOOR_PORT: String(BARE_PORT),
      FLOOR_DATABASE_URL: tenantUrl,
      // The API's connections per receiver (TENANT_POOL_SIZE's default, or what the bench gave it).
      FLOOR_POOL_SIZE: process.env.BENCH_TENANT_POOL_SIZE || '5',
      FLOOR_ROUTE: bare.route,
      FLOOR_KEY: bare.key,
      FLOOR_RECORDINGS: file,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bare Fastify floor exited with code ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${BARE_PORT}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the bare Fastify floor did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await loadApi(BARE_PORT, undefined, requests, connections, DURATION);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(file, { force: true });
  }
}

export interface EncargosBenchResult {
  rows: Row[];
  failures: number;
}

export async function runEncargosBench(): Promise<EncargosBenchResult> {
  // The API as it runs: its own connections per receiver unless BENCH_TENANT_POOL_SIZE says otherwise.
  const env = { SEED_DEMO: '1', TENANT_POOL_SIZE: process.env.BENCH_TENANT_POOL_SIZE ?? '' };
  return withBenchApi('encargos', PORT, env, async ({ tenantUrl, controlUrl }) => {
    const rows: Row[] = [];
    let failures = 0;
    await seed(tenantUrl);
    const f = await fixtures(tenantUrl);
    const token = await login(PORT);

    // The API's own service functions over a recording pool tell the SQL of each request.
    const handle = await openDatabase({ kind: 'postgres', url: tenantUrl }, 'tenant', { poolSize: 1 });
    const recorder = recordQueries((handle.db as unknown as { $client: pg.Pool }).$client);

    // The control database, for the visits' calendar (the receiver's own holidays) when recording them.
    const visitControl = await openDatabase({ kind: 'postgres', url: controlUrl }, 'control', { poolSize: 1 });
    const floorRun = Date.now().toString(16).slice(-8).padStart(8, '0');
    const floorUuid = (n: number) => `${floorRun}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    const base = '/api/v1/encargos';
    const searchPath = (search: string) => `${base}/lista/?search=${encodeURIComponent(search)}`;
    const searches = ['gonzalez', 'Núñez Soto', 'C-1234', 'pacífico', 'maria rojas', '12345', 'banco de chile', 'OP-10012', 'fuentes tapia'];
    const estados = ['preparado', 'estampado', 'listo_para_estampar'] as const;
    const deep = Array.from({ length: 50 }, (_, i) => ({ estado: estados[i % 3], page: i + 1 }));
    const listQuery = (q: { search?: string; estado?: (typeof estados)[number]; page?: number }) => ({
      search: q.search,
      estado: q.estado,
      page: q.page ?? 1,
      page_size: 20,
    });
    // Weeks (Monday–Sunday) of late 2025, where the seeded deadlines fall due.
    const semanas = Array.from({ length: 8 }, (_, i) => {
      const lunes = new Date(Date.UTC(2025, 10, 3 + 7 * i));
      const domingo = new Date(lunes.getTime() + 6 * 86_400_000);
      return { desde: lunes.toISOString().slice(0, 10), hasta: domingo.toISOString().slice(0, 10) };
    });
    const scenarios: Scenario[] = [
      {
        name: 'lista, page 1',
        http: [{ method: 'GET', path: `${base}/lista/?page=1&page_size=20` }],
        record: (db) => listEncargos(db, listQuery({}) as never),
        recordCount: 1,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 15,
      },
      {
        name: 'lista estado, pages 1–50',
        http: deep.map((d) => ({ method: 'GET', path: `${base}/lista/?estado=${d.estado}&page=${d.page}` })),
        record: (db, i) => listEncargos(db, listQuery(deep[i] as (typeof deep)[number]) as never),
        recordCount: deep.length,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 20,
      },
      {
        name: 'lista ?search= (9 terms)',
        http: searches.map((s) => ({ method: 'GET', path: searchPath(s) })),
        record: (db, i) => listEncargos(db, listQuery({ search: searches[i] }) as never),
        recordCount: searches.length,
        recordWarm: true,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 60,
      },
      {
        name: 'buscar_por_rol',
        http: f.rols.map((rol) => ({ method: 'GET', path: `${base}/buscar_por_rol/?numero_rol=${encodeURIComponent(rol)}` })),
        record: (db, i) => findByRol(db, f.rols[i] as never),
        // Every rol the API is asked for, so the floor answers the same ones.
        recordCount: f.rols.length,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 5,
        bareFastify: { route: `${base}/buscar_por_rol/`, key: 'numero_rol', keys: f.rols },
      },
      {
        // /resultados-dashboard: both queues (200 each, oldest first) with each one's nearest open deadline, the art. 46
        // letters and both totals: one statement writing the body as JSON, which the floor replays.
        name: 'cola de resultados (/diligencias/cola/)',
        http: [{ method: 'GET', path: '/api/v1/diligencias/cola/' }],
        record: (db) => getCola(db, new Date('2026-01-15T12:00:00Z') as never),
        recordCount: 1,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 40,
      },
      {
        // The dashboard's 'Vencen esta semana': a week of deadlines (seeded up to 2026-01-13).
        name: 'plazos de la semana (/calendario/plazos/)',
        http: semanas.map((w) => ({ method: 'GET', path: `/api/v1/calendario/plazos/?desde=${w.desde}&hasta=${w.hasta}` })),
        record: (db, i) => listPlazos(db, semanas[i] as never),
        recordCount: semanas.length,
        connections: CONNECTIONS,
        target: 'API ≥ 0.8 × floor',
        p95Target: 15,
      },
      {
        name: 'authenticated no-op (/auth/profile/)',
        http: [{ method: 'GET', path: '/api/v1/auth/profile/' }],
        connections: CONNECTIONS,
      },
      {
        name: 'create assignment',
        // With an Idempotency-Key, as the web app sends every new submission.
        http: Array.from({ length: 500 }, (_, i) => ({
          method: 'POST',
          path: '/api/v1/nuevo_encargo/crear/',
          body: createBody(f, i),
          idempotent: true,
        })),
        record: (db, i) =>
          createEncargoOnce(db, EncargoCreateSchema.parse(createBody(f, 1000 + i)), { username: 'admin' } as never, `bench-floor-${i}` as never),
        recordCount: 20,
        connections: WRITE_CONNECTIONS,
        target: 'API ≥ 0.6 × floor (≥ 300 req/s)',
      },
      {
        // The API saves on its rols; the floor replays recordings of the others. A save writes only while the
        // assignment's version is the one its read found: each recording raised it once, and each pass of
        // the floor over the recordings (one at a time per rol) once more.
        name: 'guardar_resultados',
        http: f.resultRols.slice(FLOOR_ROLS).map((rol) => ({
          method: 'POST',
          path: '/api/v1/diligencias/guardar_resultados/',
          body: resultadosBody(f, rol),
        })),
        record: (db, i) =>
          guardarResultados(db, GuardarResultadosSchema.parse(resultadosBody(f, f.resultRols[i] as string)), { username: 'admin' } as never),
        recordCount: FLOOR_ROLS,
        floorVary: (recorded) => {
          const write = recorded[0]?.find((q) => /\bversion = \$\d+/.test(q.text));
          const at = write ? Number(/\bversion = \$(\d+)/.exec(write.text)?.[1]) - 1 : -1;
          return (values, n) =>
            at >= 0 && write && values.length === write.values.length
              ? values.map((v, i) => (i === at ? (v as number) + 1 + Math.floor(n / recorded.length) : v))
              : values;
        },
        connections: WRITE_CONNECTIONS,
        target: 'API ≥ 0.6 × floor (≥ 300 req/s)',
      },
      {
        // A visit recorded from the field tab, each with its own uuid (40,000 prepared: more than a run sends).
        name: 'record a visit (POST /encargos/{id}/visitas/)',
        http: Array.from({ length: 40_000 }, (_, i) => {
          const v = f.visitables[i % f.visitables.length] as Fixtures['visitables'][number];
          return { method: 'POST', path: `/api/v1/encargos/${v.id}/visitas/`, body: visitaBody(v, randomUUID()) };
        }),
        record: (db, i) => {
          const v = f.visitables[i] as Fixtures['visitables'][number];
          return crearVisita(
            db,
            v.id as never,
            VisitaInputSchema.parse(visitaBody(v, randomUUID())),
            { userId: 1, username: 'admin', nombre: 'Administrador', ip: '127.0.0.1', userAgent: 'bench' } as never,
            { controlDb: visitControl.db, tenantId: 1 } as never,
            { signer: { url: () => '' }, tenantId: 1 } as never,
          );
        },
        recordCount: 20,
        // Each replay a visit of its own: the recorded uuid replaced by a new one per request.
        floorVary: () => (values, n) => values.map((v) => (typeof v === 'string' && UUID.test(v) ? floorUuid(n) : v)),
        connections: WRITE_CONNECTIONS,
        target: 'API ≥ 0.6 × floor',
      },
    ];

    const only = (process.env.BENCH_SCENARIOS ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    const chosen = only.length === 0 ? scenarios : scenarios.filter((s) => only.some((o) => s.name.includes(o)));
    const health = await loadApi(PORT, undefined, [{ method: 'GET', path: '/health' }], CONNECTIONS, Math.min(DURATION, 5));
    const recordings = new Map<Scenario, RecordedRequest[]>();
    const measure = async (s: Scenario, connections: number) => {
      let recorded = recordings.get(s);
      if (!recorded) {
        recorded = [];
        for (let i = 0; i < (s.record ? (s.recordCount ?? 1) : 0); i += 1) {
          const record = s.record as NonNullable<Scenario['record']>;
          if (s.recordWarm) await record(handle.db, i);
          recorded.push(await recorder.take(() => record(handle.db, i)));
        }
        recorded = recorded.filter((r) => r.length > 0);
        recordings.set(s, recorded);
      }
      log(`${s.name}: API ${DURATION} s at ${connections} connections…`);
      const api = await loadApi(PORT, token, s.http, connections, DURATION);
      let floor: Measure | undefined;
      if (recorded.length > 0) {
        log(`${s.name}: same SQL (${recorded[0]?.length} statements a request) from pg…`);
        floor = await loadSql(tenantUrl, recorded, connections, DURATION, s.floorVary?.(recorded));
      }
      failures += api.failures + (floor?.failures ?? 0);
      if (api.firstFailure) log(`  API failure: ${api.firstFailure}`);
      if (floor?.firstFailure) log(`  SQL failure: ${floor.firstFailure}`);
      let bare: Measure | undefined;
      if (s.bareFastify) {
        log(`${s.name}: same SQL behind a bare Fastify route…`);
        bare = await loadBareFastify(tenantUrl, s.bareFastify, recorded, s.http, connections);
        failures += bare.failures;
        if (bare.firstFailure) log(`  bare Fastify failure: ${bare.firstFailure}`);
      }
      return { api, floor, bare };
    };
    /** The product's own overhead apart from HTTP's: the API beside the bare Fastify floor. */
    const bareRow = (s: Scenario, connections: number, api: Measure, bare: Measure | undefined, target: string) => {
      if (!bare) return;
      rows.push({
        group: 'encargos',
        name: `${s.name} @${connections}, floor 2: bare Fastify + same SQL`,
        value: fmtMeasure(api),
        floor: fmtMeasure(bare),
        ratio: (api.rps / bare.rps).toFixed(2),
        target,
      });
    };
    const atFullLoad = async (s: Scenario) => {
      const { api, floor, bare } = await measure(s, s.connections);
      rows.push({
        group: 'encargos',
        name: `${s.name} @${s.connections}`,
        value: fmtMeasure(api),
        floor: floor ? fmtMeasure(floor) : s.name.startsWith('auth') ? `/health: ${fmtMeasure(health)}` : '',
        ratio: floor ? (api.rps / floor.rps).toFixed(2) : (api.rps / health.rps).toFixed(2),
        target: s.target ?? 'cost of auth alone',
      });
      bareRow(s, s.connections, api, bare, 'product overhead (auth, lease, validation, shaping)');
    };
    // The reads, at full load and then at a moderate concurrency against their p95 targets (goal 2), all
    // before the writes: those add ~40,000 assignments ("Banco de Chile con Soto Muñoz", C-9xxxx-2026) that two
    // of the search's words match, and every read is measured on the seeded receiver.
    const reads = chosen.filter((c) => c.p95Target !== undefined);
    for (const s of reads) await atFullLoad(s);
    const scale = ROWS >= 1_000_000 ? 2 : 1;
    for (const s of reads) {
      const { api, floor, bare } = await measure(s, LATENCY_CONNECTIONS);
      const target = (s.p95Target as number) * scale;
      rows.push({
        group: 'encargos',
        name: `${s.name} @${LATENCY_CONNECTIONS}: p95`,
        value: fmtMeasure(api),
        floor: floor ? fmtMeasure(floor) : '',
        ratio: floor ? (api.rps / floor.rps).toFixed(2) : '',
        target: `API p95 ≤ ${target} ms: ${api.p95 <= target ? 'met' : 'not met'}`,
      });
      bareRow(s, LATENCY_CONNECTIONS, api, bare, `bare p95 ${bare?.p95.toFixed(1)} ms`);
    }
    if (chosen.some((c) => c.name.startsWith('lista ?search='))) {
      const cold = await searchAfterChange(handle.db, recorder, tenantUrl, token, searches, searchPath);
      failures += cold.failures;
      rows.push(cold.row);
    }
    if (only.length === 0 || only.some((o) => 'ics'.includes(o))) {
      const feed = await icsFeed(handle.db, controlUrl, recorder, tenantUrl, token);
      failures += feed.failures;
      rows.push(feed.row);
    }
    for (const s of chosen.filter((c) => c.p95Target === undefined)) await atFullLoad(s);
    await visitControl.close();
    await handle.close();
    return { rows, failures };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { rows, failures } = await runEncargosBench();
  printTable(
    `Receptoría — assignments benchmark, ${ROWS.toLocaleString('en-US')} rows, ${DURATION} s each side. Machine: ${machineLine()}`,
    rows,
  );
  if (failures > 0) process.exitCode = 1;
}
