/**
 * One assignment's day (issue 36), two rows, each beside its floor (the SQL the API's own service function
 * sends for the request, replayed from a plain pg pool with named prepared statements at the same concurrency):
 * - guardar resultados desde una visita: POST /diligencias/guardar_resultados/ naming the visit it comes
 *   from (visita_uuid, the act's minute as the form shows it), over BENCH_DIA_ENCARGOS (5,000) assignments
 *   each with a personal notification recorded on the phone, at BENCH_WRITE_CONNECTIONS (16);
 * - línea de tiempo del portal: GET /portal/encargos/{id}/ of BENCH_DIA_LINEAS (20) assignments whose day is
 *   on record (two searches and the art. 44 act, the art. 46 letter, results from the visit, a certificate, both
 *   deadlines, a receipt and its payment), signed in as the firm's portal user, at 10 connections.
 *
 *   pnpm --filter @receptoria/bench bench:dia          (short: BENCH_DURATION=3 BENCH_DIA_ENCARGOS=2000)
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_DURATION (10 s per side), BENCH_WRITE_CONNECTIONS (16),
 * BENCH_DIA_ENCARGOS (5000), BENCH_DIA_LINEAS (20), BENCH_PORT_DIA (3931), BENCH_KEEP=1 keeps the databases.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@receptoria/db';
import pg from 'pg';
import { startSmtpServer } from '../apps/api/test/smtp';
import { seedEstudiosWorld } from './estudios-world';
import {
  ADMIN_PASSWORD,
  apiDir,
  floorRow,
  loadApi,
  loadSource,
  loadSql,
  log,
  login,
  machineLine,
  printTable,
  recordQueries,
  repoRoot,
  type Row,
  type ServiceFn,
  withBenchApi,
} from './support';

type Schema = { parse(value: unknown): never };
const { guardarResultados } = await loadSource<Record<'guardarResultados', ServiceFn>>(path.join(apiDir, 'src/modules/diligencias/diligencias.service.ts'));
const { getPortalEncargo } = await loadSource<Record<'getPortalEncargo', ServiceFn>>(path.join(apiDir, 'src/modules/portal/portal.service.ts'));
const { GuardarResultadosSchema } = await loadSource<Record<'GuardarResultadosSchema', Schema>>(path.join(repoRoot, 'packages/contracts/src/index.ts'));

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 16);
const ENCARGOS = Number(process.env.BENCH_DIA_ENCARGOS ?? 5000);
const LINEAS = Number(process.env.BENCH_DIA_LINEAS ?? 20);
const PORT = Number(process.env.BENCH_PORT_DIA ?? 3931);
/** Assignments whose saves the floor replays (the API saves on the others, each once). */
const FLOOR_ENCARGOS = 200;
const EMAIL = 'abogada@bench-dia.cl';
const PASSWORD = 'bench-dia-2026';

interface Visitado {
  id: number;
  rol: string;
  uuid: string;
}

interface Mundo {
  estudio: number;
  notificacionPersonal: number;
  art44: number;
  visitados: Visitado[];
  /** Assignments for the timeline: rol 'L-n-2026', one address each, nothing recorded yet. */
  lineas: { id: number; domicilio: number }[];
}

/** A firm; ENCARGOS assignments each with a personal notification visited on 10-03-2026; LINEAS more for the timeline. */
function seed(tenantUrl: string): Promise<Mundo> {
  return seedEstudiosWorld(tenantUrl, `${ENCARGOS} assignments with a visit and ${LINEAS} for the timeline`, async (world) => {
    const estudio = await world.estudio('Bench Recuperaciones Andes', '76000005-1');
    const c = world.client;
    const tipo = async (codigo: string) => (await c.query<{ id: number }>('select id from tipos_estampado where codigo = $1', [codigo])).rows[0]!.id;
    const { rows } = await c.query<{ id: number; rol: string; uuid: string }>(
      `with e as (
         insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, rut_ejecutado)
         select 'V-' || g || '-2026', 'preparado', date '2026-03-01', $1, 'Marcela Fuentealba ' || g, '12345678-5' from generate_series(1, $2::int) g
         returning id, numero_rol),
       d as (
         insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, activo)
         select id, 'Gran Avenida José Miguel Carrera ' || (5000 + id), 'San Miguel', 'Santiago', true, true from e
         returning id, encargo_id, direccion, comuna)
       insert into visitas (uuid, encargo_id, domicilio_id, domicilio_direccion, domicilio_comuna, fecha_hora, tipo, resultado,
                            informante_nombre, informante_relacion, apuntes, origen, autor_id, autor_nombre)
       select gen_random_uuid(), d.encargo_id, d.id, d.direccion, d.comuna, timestamptz '2026-03-10 10:00:45-03' + (d.encargo_id % 600) * interval '1 minute',
              'notificacion', 'notificado_personal', 'Marcela Fuentealba', 'el_mismo', 'Notificada personalmente en su domicilio.', 'terreno', 1, 'Bench'
         from d
       returning encargo_id as id, (select numero_rol from e where e.id = encargo_id) as rol, uuid::text as uuid`,
      [estudio, ENCARGOS],
    );
    const lineas = await c.query<{ id: number; domicilio: number }>(
      `with e as (
         insert into encargos (numero_rol, estado, fecha_encargo, estudio_id, ejecutados, rut_ejecutado)
         select 'L-' || g || '-2026', 'preparado', date '2026-03-01', $1, 'Pedro Soto ' || g, '12345678-5' from generate_series(1, $2::int) g
         returning id)
       insert into domicilios (encargo_id, direccion, comuna, ciudad, es_principal, activo)
       select id, 'San Nicolás ' || (1000 + id), 'San Miguel', 'Santiago', true, true from e
       returning encargo_id as id, id as domicilio`,
      [estudio, LINEAS],
    );
    await world.analyze(['encargos', 'domicilios', 'visitas']);
    return { estudio, notificacionPersonal: await tipo('notificacion_personal'), art44: await tipo('notificacion_subsidiaria_art_44'), visitados: rows, lineas: lineas.rows };
  });
}

/** The form's body for a save from the visit: the act's minute as shown (HH:MM), its informant left to the visit. */
const desdeLaVisita = (m: Mundo, v: Visitado, minuto: string) => ({
  numero_rol: v.rol,
  resultado_id: m.notificacionPersonal,
  visita_uuid: v.uuid,
  fecha_diligencia: minuto,
  apuntes_terreno: 'Notificada personalmente en su domicilio.',
  observaciones_diligencia: '',
  tratamiento: 'doña',
});

/** 10-03-2026 HH:MM of a seeded visit (10:00 plus the assignment id's minutes, as seeded). */
const minutoDe = (v: Visitado) => {
  const total = 10 * 60 + (v.id % 600);
  return `10/03/2026 ${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

type Api = (method: string, url: string, body?: unknown, token?: string) => Promise<Record<string, unknown>>;

function apiOf(port: number): Api {
  return async (method, url, body, token) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
}

/** The day of each timeline assignment through the API; the certificate and its upload written as the signing screen leaves them. */
async function diasEnteros(api: Api, tenantUrl: string, staff: string, m: Mundo): Promise<void> {
  const visita = (id: number, domicilio: number, fecha: string, extra: Record<string, unknown> = {}) =>
    api('POST', `/encargos/${id}/visitas/`, {
      uuid: randomUUID(),
      domicilio_id: domicilio,
      fecha_hora: fecha,
      tipo: 'busqueda',
      resultado: 'domicilio_confirmado',
      informante: { nombre: 'Carmen Rojas', relacion: 'vecino' },
      apuntes: 'La vecina reconoce al demandado.',
      origen: 'terreno',
      ...extra,
    }, staff);
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  try {
    for (const [i, l] of m.lineas.entries()) {
      const rol = `L-${i + 1}-2026`;
      await visita(l.id, l.domicilio, '2026-03-09T10:15:00-03:00');
      await visita(l.id, l.domicilio, '2026-03-10T19:24:45-03:00');
      const acto = await visita(l.id, l.domicilio, '2026-03-10T19:24:54-03:00', {
        tipo: 'notificacion',
        resultado: 'notificado_art44',
        informante: { nombre: 'Rosa Muñoz', relacion: 'familiar' },
        entrega_copias: { modo: 'persona_adulta', nombre: 'Rosa Muñoz', relacion: 'hija' },
      });
      await api('POST', `/encargos/${l.id}/carta_art46/`, { fecha_envio: '2026-03-11', numero_seguimiento: `RR${100000000 + i}CL` }, staff);
      const saved = await api('POST', '/diligencias/guardar_resultados/', {
        numero_rol: rol,
        resultado_id: m.art44,
        visita_uuid: (acto.visita as { uuid: string }).uuid,
        fecha_diligencia: '10/03/2026 19:24',
        apuntes_terreno: 'Copias entregadas a la hija del demandado.',
        tratamiento: 'don',
      }, staff);
      const diligencia = (saved.diligencia as { id: number }).id;
      await client.query(
        `insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, archivo_pdf, archivo_docx, creado_por, fecha_creacion)
         values ($1, $2, $3, 'Notificación subsidiaria art. 44', convert_to('%PDF-1.4 bench', 'UTF8'), convert_to('PK bench', 'UTF8'), 'bench', timestamptz '2026-03-11 09:30-03')`,
        [l.id, rol, m.art44],
      );
      await client.query(
        `insert into plazos (encargo_id, tipo, desde, dias, vence, estado, cumplido_en, origen)
         values ($1, 'subida_estampado', date '2026-03-11', 3, date '2026-03-16', 'cumplido', date '2026-03-12', 'bench')`,
        [l.id],
      );
      await client.query(`update encargos set estado = 'estampado', fecha_estampado = date '2026-03-12' where id = $1`, [l.id]);
      const recibo = await api('POST', '/recibos/', { estudio_id: m.estudio, diligencia_ids: [diligencia], fecha: '2026-03-13' }, staff);
      const { id: reciboId, total } = recibo.recibo as { id: number; total: number };
      await api('POST', '/pagos/', { estudio_id: m.estudio, fecha: '2026-03-20', monto: total, medio: 'transferencia', aplicaciones: [{ recibo_id: reciboId, monto: total }] }, staff);
    }
  } finally {
    await client.end();
  }
}

/** The firm's portal user, invited by the office and activated from the mailed link. */
async function portalToken(api: Api, staff: string, estudio: number, mailbox: Awaited<ReturnType<typeof startSmtpServer>>): Promise<string> {
  await api('POST', `/estudios/${estudio}/usuarios_portal/`, { nombre: 'Abogada Bench', email: EMAIL }, staff);
  const [mail] = await mailbox.waitFor(1);
  const link = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mail?.parsed.text ?? '');
  if (!link) throw new Error('the invitation mail carries no activation link');
  await api('POST', '/portal/auth/activar/', { token: link[1], password: PASSWORD });
  return (await api('POST', '/portal/auth/login/', { email: EMAIL, password: PASSWORD })).access as string;
}

export async function runDiaBench(): Promise<{ rows: Row[]; failures: number }> {
  const mailbox = await startSmtpServer();
  try {
    return await withBenchApi('dia', PORT, { SEED_DEMO: '0', SMTP_URL: mailbox.url }, async ({ tenantUrl }) => {
      const rows: Row[] = [];
      let failures = 0;
      const m = await seed(tenantUrl);
      const staff = await login(PORT, 'admin', ADMIN_PASSWORD);
      const api = apiOf(PORT);
      await diasEnteros(api, tenantUrl, staff, m);
      const portal = await portalToken(api, staff, m.estudio, mailbox);

      const handle = await openDatabase({ kind: 'postgres', url: tenantUrl }, 'tenant', { poolSize: 1 });
      const recorder = recordQueries((handle.db as unknown as { $client: pg.Pool }).$client);
      const fotos = { tenantId: 1, signer: async () => ({ url: () => '' }) };
      const lineasSql = [];
      for (const l of m.lineas) lineasSql.push(await recorder.take(() => getPortalEncargo(handle.db, m.estudio as never, l.id as never, fotos as never)));
      const floorVisitas = m.visitados.slice(0, FLOOR_ENCARGOS);
      const guardarSql = [];
      for (const v of floorVisitas) {
        guardarSql.push(await recorder.take(() => guardarResultados(handle.db, GuardarResultadosSchema.parse(desdeLaVisita(m, v, minutoDe(v))), { username: 'admin' } as never)));
      }
      await handle.close();

      // Each recording raised its assignment's version once, and each pass of the floor over them raises it once more.
      const write = guardarSql[0]?.find((q) => /\bversion = \$\d+/.test(q.text));
      const at = write ? Number(/\bversion = \$(\d+)/.exec(write.text)?.[1]) - 1 : -1;
      const vary = (values: unknown[], n: number) =>
        at >= 0 && write && values.length === write.values.length ? values.map((v, i) => (i === at ? (v as number) + 1 + Math.floor(n / guardarSql.length) : v)) : values;

      const saves = m.visitados.slice(FLOOR_ENCARGOS).map((v) => ({ method: 'POST' as const, path: '/api/v1/diligencias/guardar_resultados/', body: desdeLaVisita(m, v, minutoDe(v)) }));
      log(`guardar resultados desde una visita: API ${DURATION} s at ${WRITE_CONNECTIONS} connections…`);
      const apiGuardar = await loadApi(PORT, staff, saves, WRITE_CONNECTIONS, DURATION);
      log(`guardar resultados desde una visita: same SQL (${guardarSql[0]?.length} statements a request) from pg…`);
      const floorGuardar = await loadSql(tenantUrl, guardarSql, WRITE_CONNECTIONS, DURATION, vary);
      const repeated = apiGuardar.requests > saves.length;
      const guardarOk = apiGuardar.failures === 0 && floorGuardar.failures === 0;
      if (!guardarOk) failures += 1;
      for (const [side, measure] of [['API', apiGuardar], ['SQL', floorGuardar]] as const) if (measure.firstFailure) log(`  ${side} failure: ${measure.firstFailure}`);
      rows.push(
        floorRow(
          'one day',
          `guardar resultados desde una visita (visita_uuid) @${WRITE_CONNECTIONS}${repeated ? ', some assignments saved twice' : ''}`,
          apiGuardar,
          floorGuardar,
          guardarOk ? `≥ 300 req/s (as guardar_resultados): ${apiGuardar.rps >= 300 ? 'met' : 'not met'}` : 'failures ✗',
        ),
      );

      const lineas = m.lineas.map((l) => ({ method: 'GET' as const, path: `/api/v1/portal/encargos/${l.id}/` }));
      log(`línea de tiempo del portal: API ${DURATION} s at 10 connections…`);
      const apiLinea = await loadApi(PORT, portal, lineas, 10, DURATION);
      log(`línea de tiempo del portal: same SQL (${lineasSql[0]?.length} statements a request) from pg…`);
      const floorLinea = await loadSql(tenantUrl, lineasSql, 10, DURATION);
      const lineaOk = apiLinea.failures === 0 && floorLinea.failures === 0;
      if (!lineaOk) failures += 1;
      for (const [side, measure] of [['API', apiLinea], ['SQL', floorLinea]] as const) if (measure.firstFailure) log(`  ${side} failure: ${measure.firstFailure}`);
      rows.push(floorRow('one day', `línea de tiempo del portal (GET /portal/encargos/{id}/, ${LINEAS} whole days) @10`, apiLinea, floorLinea, lineaOk ? 'no failures ✓' : 'failures ✗'));
      return { rows, failures };
    });
  } finally {
    await mailbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runDiaBench();
  printTable(`One assignment's day benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
