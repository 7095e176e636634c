/**
 * Field-mode sync benchmark (issue 23): a phone back online flushes its queue — BENCH_TERRENO_VISITAS
 * (200) visits recorded offline, BENCH_TERRENO_FOTOS (50) of them with a photo of BENCH_TERRENO_FOTO_KB
 * (300) KB — to the API over loopback, BENCH_TERRENO_CONNECTIONS (4) requests at a time as a browser
 * tab would: POST /encargos/{id}/visitas/ then, for a visit with a photo, POST /visitas/{uuid}/fotos/
 * (multipart). Reports the whole sync's time and each kind of request's p50/p95, then the same queue
 * sent again (an offline retry: every visit answers 200 and the same visit, every photo the same photo)
 * and checks the database holds each visit and photo once.
 *
 *   pnpm --filter @receptoria/bench bench:terreno
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_TERRENO_VISITAS (200), BENCH_TERRENO_FOTOS (50),
 * BENCH_TERRENO_FOTO_KB (300), BENCH_TERRENO_CONNECTIONS (4), BENCH_PORT_TERRENO (3928), BENCH_KEEP=1.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { log, login, machineLine, percentile, printTable, type Row, withBenchApi } from './support';

const VISITAS = Number(process.env.BENCH_TERRENO_VISITAS ?? 200);
const FOTOS = Number(process.env.BENCH_TERRENO_FOTOS ?? 50);
const FOTO_KB = Number(process.env.BENCH_TERRENO_FOTO_KB ?? 300);
const CONNECTIONS = Number(process.env.BENCH_TERRENO_CONNECTIONS ?? 4);
const PORT = Number(process.env.BENCH_PORT_TERRENO ?? 3928);
/** Assignments the visits are spread over (4 visits each at 200), each with one address. */
const ENCARGOS = Math.max(1, Math.ceil(VISITAS / 4));

interface Queued {
  encargoId: number;
  body: Record<string, unknown>;
  foto: Buffer | null;
}

async function seed(tenantUrl: string): Promise<{ encargoId: number; domicilioId: number }[]> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    const estudio = (
      await client.query<{ id: number }>(
        `insert into estudios (nombre, direccion, comuna, ciudad, telefono, rut_estudio) values ('Bench Terreno', 'Huérfanos 1160', 'Santiago', 'Santiago', '+56 2 2696 4410', '76000003-8') returning id`,
      )
    ).rows[0]!.id;
    const { rows } = await client.query<{ encargo_id: number; domicilio_id: number }>(
      `with e as (
         insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, rut_ejecutado)
         select 'T-' || g || '-2026', 'pendiente', date '2026-03-01', $1, 'Pedro Soto ' || g, '12345678-5' from generate_series(1, $2::int) g
         returning id)
       insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, activo)
       select id, 'Av. Irarrázaval ' || (2000 + id) || ', depto 7' || (id % 9), 'Ñuñoa', 'Santiago', true, true from e
       returning encargo_id, id as domicilio_id`,
      [estudio, ENCARGOS],
    );
    return rows.map((r) => ({ encargoId: r.encargo_id, domicilioId: r.domicilio_id }));
  } finally {
    await client.end();
  }
}

/** The phone's queue: visits over the last days (two positive searches, then other results), photos on the first FOTOS. */
function queue(stops: { encargoId: number; domicilioId: number }[]): Queued[] {
  const resultados = ['domicilio_confirmado', 'domicilio_confirmado', 'negativa_no_reside', 'habido'];
  return Array.from({ length: VISITAS }, (_, i) => {
    const stop = stops[i % stops.length]!;
    const round = Math.floor(i / stops.length);
    const day = String(2 + round).padStart(2, '0');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(FOTO_KB * 1024 - 4)]);
    return {
      encargoId: stop.encargoId,
      foto: i < FOTOS ? jpeg : null,
      body: {
        uuid: randomUUID(),
        domicilio_id: stop.domicilioId,
        fecha_hora: `2026-03-${day}T${String(9 + (i % 9)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00-03:00`,
        tipo: 'busqueda',
        resultado: resultados[round % resultados.length],
        informante: { nombre: 'Rosa Elena Tapia', relacion: 'conserje' },
        apuntes: 'Edificio con conserjería; se consultó por el demandado.',
        ubicacion: { lat: -33.4542 + i / 10_000, lon: -70.5987, precision_m: 8 + (i % 20) },
        origen: 'terreno',
      },
    };
  });
}

interface Timings {
  visitas: number[];
  fotos: number[];
  statuses: Map<string, number>;
  wallMs: number;
}

/** Sends the queue CONNECTIONS at a time (a visit, then its photo), as the phone's sync loop does. */
async function sync(items: Queued[], token: string): Promise<Timings> {
  const t: Timings = { visitas: [], fotos: [], statuses: new Map(), wallMs: 0 };
  const count = (kind: string, status: number) => t.statuses.set(`${kind} ${status}`, (t.statuses.get(`${kind} ${status}`) ?? 0) + 1);
  const auth = { authorization: `Bearer ${token}` };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      let t0 = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}/api/v1/encargos/${item.encargoId}/visitas/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(item.body),
      });
      await response.arrayBuffer();
      t.visitas.push(performance.now() - t0);
      count('visita', response.status);
      if (!item.foto || response.status >= 300) continue;
      const form = new FormData();
      form.append('foto', new Blob([item.foto], { type: 'image/jpeg' }), 'foto.jpg');
      t0 = performance.now();
      const foto = await fetch(`http://127.0.0.1:${PORT}/api/v1/visitas/${item.body.uuid as string}/fotos/`, { method: 'POST', headers: auth, body: form });
      await foto.arrayBuffer();
      t.fotos.push(performance.now() - t0);
      count('foto', foto.status);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  t.wallMs = performance.now() - started;
  return t;
}

const ms = (values: number[], p: number) => percentile([...values].sort((a, b) => a - b), p).toFixed(1);
const statuses = (t: Timings) => [...t.statuses.entries()].map(([k, v]) => `${v}× ${k}`).join(', ');

export async function runTerrenoBench(): Promise<{ rows: Row[]; failures: number }> {
  return withBenchApi('terreno', PORT, { SEED_DEMO: '0' }, async ({ tenantUrl }) => {
    const rows: Row[] = [];
    let failures = 0;
    const stops = await seed(tenantUrl);
    const token = await login(PORT);
    const items = queue(stops);
    const mb = ((FOTOS * FOTO_KB) / 1024).toFixed(1);
    log(`syncing ${VISITAS} visits and ${FOTOS} photos of ${FOTO_KB} KB (${mb} MiB), ${CONNECTIONS} at a time…`);

    const first = await sync(items, token);
    const firstOk = first.statuses.get('visita 201') === VISITAS && first.statuses.get('foto 201') === FOTOS;
    if (!firstOk) failures += 1;
    rows.push({
      group: 'field sync',
      name: `${VISITAS} queued visits + ${FOTOS} photos of ${FOTO_KB} KB, ${CONNECTIONS} at a time`,
      value: `${(first.wallMs / 1000).toFixed(2)} s total; visit p50 ${ms(first.visitas, 50)} / p95 ${ms(first.visitas, 95)} ms; photo p50 ${ms(first.fotos, 50)} / p95 ${ms(first.fotos, 95)} ms (${statuses(first)})`,
      target: firstOk ? 'all stored ✓' : 'failures ✗',
    });

    const again = await sync(items, token);
    const againOk = again.statuses.get('visita 200') === VISITAS && again.statuses.get('foto 200') === FOTOS;
    if (!againOk) failures += 1;
    rows.push({
      group: 'field sync',
      name: 'the same queue sent again (retry after a lost answer)',
      value: `${(again.wallMs / 1000).toFixed(2)} s total; visit p50 ${ms(again.visitas, 50)} / p95 ${ms(again.visitas, 95)} ms; photo p50 ${ms(again.fotos, 50)} / p95 ${ms(again.fotos, 95)} ms (${statuses(again)})`,
      target: againOk ? 'idempotent ✓' : 'not idempotent ✗',
    });

    const client = new pg.Client({ connectionString: tenantUrl });
    await client.connect();
    const { rows: counts } = await client.query<{ v: string; f: string }>('select (select count(*) from visitas) as v, (select count(*) from visita_fotos) as f');
    await client.end();
    const stored = `${counts[0]?.v} visits, ${counts[0]?.f} photos stored`;
    const storedOk = Number(counts[0]?.v) === VISITAS && Number(counts[0]?.f) === FOTOS;
    if (!storedOk) failures += 1;
    rows.push({ group: 'field sync', name: 'database after both syncs', value: stored, target: storedOk ? 'each once ✓' : '✗' });
    return { rows, failures };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runTerrenoBench();
  printTable(`Field-mode sync benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
