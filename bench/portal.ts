/**
 * The law-firm portal's hot reads at BENCH_CONNECTIONS (32): its assignments list (first page) and 20 of its
 * assignments' timelines (GET /portal/encargos/{id}/); then its documents list: GET /api/v1/portal/documentos/ (its first page, 20 certificates,
 * newest first, with the count) for a firm with BENCH_PORTAL_FIRMA (5,000) certificates among
 * BENCH_PORTAL_OTROS (20,000) of other firms, at 10 connections, signed in as a portal user invited and
 * activated through the API (the invitation read from a loopback SMTP server). Beside its floor: the SQL
 * the API's own service function sends for that request, replayed from a plain pg pool with named
 * prepared statements at the same concurrency.
 *
 *   pnpm --filter @receptoria/bench bench:portal
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_DURATION (10 s per side), BENCH_PORTAL_FIRMA (5000),
 * BENCH_PORTAL_OTROS (20000), BENCH_PORT_PORTAL (3930), BENCH_KEEP=1 keeps the databases.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

const { listPortalDocumentos } = await loadSource<Record<'listPortalDocumentos', ServiceFn>>(
  path.join(apiDir, 'src/modules/portal/portal-documentos.service.ts'),
);
const { getPortalEncargo, listPortalEncargos } = await loadSource<Record<'getPortalEncargo' | 'listPortalEncargos', ServiceFn>>(
  path.join(apiDir, 'src/modules/portal/portal.service.ts'),
);
const { PortalEncargosQuerySchema, EncargoCreateSchema } = await loadSource<Record<'PortalEncargosQuerySchema' | 'EncargoCreateSchema', { parse(value: unknown): never }>>(
  path.join(repoRoot, 'packages/contracts/src/index.ts'),
);
const { aceptarSolicitud } = await loadSource<Record<'aceptarSolicitud', ServiceFn>>(path.join(apiDir, 'src/modules/portal/solicitudes.service.ts'));
/** Writes' concurrency, and the firm's pending requests the office accepts (more than a run accepts). */
const WRITE_CONNECTIONS = Number(process.env.BENCH_WRITE_CONNECTIONS ?? 16);
const SOLICITUDES = Number(process.env.BENCH_PORTAL_SOLICITUDES ?? 20_000);
/** Requests whose acceptance the floor replays (the API accepts the others, each once). */
const FLOOR_SOLICITUDES = 20;
/** The hot reads' concurrency (issue 40: every hot read ≥ 0.8 × its floor at 32 connections). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const FIRMA = Number(process.env.BENCH_PORTAL_FIRMA ?? 5000);
const OTROS = Number(process.env.BENCH_PORTAL_OTROS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT_PORTAL ?? 3930);
const EMAIL = 'abogada@bench-portal.cl';
const PASSWORD = 'bench-portal-2026';

/** Two firms; each certificate on an assignment of its own over the last 400 days, one in five signed. */
function seed(tenantUrl: string): Promise<{ estudio: number }> {
  return seedEstudiosWorld(tenantUrl, `a firm with ${FIRMA} certificates and another with ${OTROS}`, async (world) => {
    const conPortal = await world.estudio('Bench Estudio Portal', '76000003-5');
    const otro = await world.estudio('Bench Estudio Otro', '76000004-3');
    const tipo = await world.firstId('tipos_estampado');
    const tribunal = await world.firstId('tribunales');
    // A certificate on each assignment, written over the last 400 days.
    const certificado = `insert into estampados (encargo_id, numero_rol, tipo_estampado_id, titulo, archivo_pdf, archivo_docx, creado_por, fecha_creacion)
       select id, numero_rol, $5, 'Búsqueda positiva', convert_to('%PDF-1.4 bench', 'UTF8'), convert_to('PK bench', 'UTF8'), 'bench',
              timestamptz '2026-06-30 12:00-04' - (id % 400) * interval '1 day' - (id % 600) * interval '1 minute'
         from e`;
    await world.estampados(conPortal, FIRMA, 'P-', tribunal, certificado, [tipo]);
    await world.estampados(otro, OTROS, 'O-', tribunal, certificado, [tipo]);
    await world.client.query(
      `insert into estampado_firmas (estampado_id, archivo_pdf, sha256, codigo_verificacion, firmante_nombre, firmante_rut, emisor,
                                     certificado_serie, certificado_huella, firmado_por)
       select s.id, convert_to('%PDF-1.4 firmado', 'UTF8'), repeat('0', 64), upper(substr(md5(s.id::text), 1, 26)), 'Receptora Bench',
              '11111111-1', 'CA Bench', '01', repeat('0', 64), 'bench'
         from (select id, row_number() over (order by id) as n from estampados) s where s.n % 5 = 0`,
    );
    await world.analyze(['encargos', 'estampados', 'estampado_firmas']);
    return { estudio: conPortal };
  });
}

/** A portal user of the firm, as the office invites one and the lawyer activates the mailed link. */
async function portalToken(port: number, estudioId: number, mailbox: Awaited<ReturnType<typeof startSmtpServer>>): Promise<string> {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const staff = await login(port, 'admin', ADMIN_PASSWORD);
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await post(`/estudios/${estudioId}/usuarios_portal/`, { nombre: 'Abogada Bench', email: EMAIL }, staff);
  const [mail] = await mailbox.waitFor(1);
  const link = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mail?.parsed.text ?? '');
  if (!link) throw new Error('the invitation mail carries no activation link');
  await post('/portal/auth/activar/', { token: link[1], password: PASSWORD });
  return (await post('/portal/auth/login/', { email: EMAIL, password: PASSWORD })).access as string;
}

/** Pending requests of the firm (as the portal leaves them), then the office accepting them: the API and its floor. */
async function acceptRequests(tenantUrl: string, estudio: number): Promise<{ row: Row; failures: number }> {
  const client = new pg.Client({ connectionString: tenantUrl });
  await client.connect();
  let ids: number[];
  let ref: { parte: number; tribunal: number; tipoEncargo: number; tipoCausa: number };
  try {
    const parte =
      (await client.query<{ id: number }>('select id from partes_demandantes where estudio_id = $1 order by id limit 1', [estudio])).rows[0]?.id ??
      (await client.query<{ id: number }>("insert into partes_demandantes (estudio_id, nombre) values ($1, 'Banco Bench') returning id", [estudio])).rows[0]!.id;
    const one = async (table: string) => Number((await client.query<{ id: number }>(`select id from ${table} order by id limit 1`)).rows[0]?.id);
    ref = { parte, tribunal: await one('tribunales'), tipoEncargo: await one('tipos_encargo'), tipoCausa: await one('tipos_causa') };
    ids = (
      await client.query<{ id: number }>(
        `insert into solicitudes (estudio_id, usuario_nombre, usuario_email, datos, numero_rol, partes)
         select $1, 'Abogada Bench', $2, '{}'::jsonb, 'C-' || (70000 + g) || '-2026', 'Banco Bench con Soto'
           from generate_series(1, $3::int) g returning id`,
        [estudio, EMAIL, SOLICITUDES],
      )
    ).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
  const body = (i: number) => ({
    fecha_encargo: '2026-03-10',
    estudio_juridico: estudio,
    tribunal: ref.tribunal,
    numero_rol: `C-${70000 + (i % 9000)}-2026`,
    parte_demandante: ref.parte,
    partes: 'Banco Bench con Soto Muñoz',
    tipo_encargo: ref.tipoEncargo,
    tipo_causa: ref.tipoCausa,
    fecha_retiro: '2026-03-11',
    fecha_demanda: '2026-01-20',
    fecha_resolucion: '2026-02-03',
    cuantia: 2_450_000,
    rut_ejecutado: '12345678-5',
    rut_representante_legal: '',
    numero_operacion: `OP-${800000 + i}`,
    ejecutados: 'Pedro Andrés Soto Muñoz',
    domicilios: [{ direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Recibida por el portal',
    encargo_no_realizable: false,
    estado_especial: '',
  });
  const handle = await openDatabase({ kind: 'postgres', url: tenantUrl }, 'tenant', { poolSize: 1 });
  const recorder = recordQueries((handle.db as unknown as { $client: pg.Pool }).$client);
  const actor = { userId: 1, username: 'admin', ip: '127.0.0.1', userAgent: 'bench' };
  const recorded = [];
  for (let i = 0; i < FLOOR_SOLICITUDES; i += 1) {
    recorded.push(await recorder.take(() => aceptarSolicitud(handle.db, ids[i] as never, EncargoCreateSchema.parse(body(i)), actor as never, (async () => null) as never)));
  }
  await handle.close();
  const staff = await login(PORT, 'admin', ADMIN_PASSWORD);
  const http = ids.slice(FLOOR_SOLICITUDES).map((id, i) => ({ method: 'POST' as const, path: `/api/v1/solicitudes/${id}/aceptar/`, body: body(FLOOR_SOLICITUDES + i) }));
  log(`POST /solicitudes/{id}/aceptar/: API ${DURATION} s at ${WRITE_CONNECTIONS} connections…`);
  const api = await loadApi(PORT, staff, http, WRITE_CONNECTIONS, DURATION);
  log(`POST /solicitudes/{id}/aceptar/: same SQL (${recorded[0]?.length} statements a request) from pg…`);
  const floor = await loadSql(tenantUrl, recorded, WRITE_CONNECTIONS, DURATION);
  if (api.firstFailure) log(`  API failure: ${api.firstFailure}`);
  if (floor.firstFailure) log(`  SQL failure: ${floor.firstFailure}`);
  // Past the pending requests the API answers 409 (already accepted): a run that long says so.
  const ratio = api.rps / floor.rps;
  return {
    row: floorRow(
      'portal',
      `accept a portal request (POST /solicitudes/{id}/aceptar/) @${WRITE_CONNECTIONS}${api.requests > http.length ? ', ran out of pending requests' : ''}`,
      api,
      floor,
      `API ≥ 0.6 × floor: ${ratio >= 0.6 ? 'met' : 'not met'}`,
    ),
    failures: api.failures + floor.failures > 0 ? 1 : 0,
  };
}

export async function runPortalBench(): Promise<{ rows: Row[]; failures: number }> {
  const mailbox = await startSmtpServer();
  try {
    return await withBenchApi('portal', PORT, { SEED_DEMO: '0', SMTP_URL: mailbox.url }, async ({ tenantUrl }) => {
      const rows: Row[] = [];
      let failures = 0;
      const f = await seed(tenantUrl);
      const token = await portalToken(PORT, f.estudio, mailbox);

      // The SQL of the request, from the API's own service function over a recording pool (links are not SQL).
      const handle = await openDatabase({ kind: 'postgres', url: tenantUrl }, 'tenant', { poolSize: 1 });
      const recorder = recordQueries((handle.db as unknown as { $client: pg.Pool }).$client);
      const signer = { url: () => '' };
      const primeraSql = await recorder.take(() => listPortalDocumentos(handle.db, f.estudio as never, { page: 1, page_size: 20 } as never, signer as never));
      // The firm's assignments list (first page, as the portal opens) and 20 of its assignments' timelines.
      const listaSql = await recorder.take(() => listPortalEncargos(handle.db, f.estudio as never, PortalEncargosQuerySchema.parse({})));
      const client = (handle.db as unknown as { $client: pg.Pool }).$client;
      const ids = (await client.query<{ id: number }>('select id from encargos where estudio_id = $1 order by random() limit 20', [f.estudio])).rows.map((r) => r.id);
      const fotos = { tenantId: 1, signer: async () => ({ url: () => '' }) };
      const lineasSql = [];
      for (const id of ids) lineasSql.push(await recorder.take(() => getPortalEncargo(handle.db, f.estudio as never, id as never, fotos as never)));
      await handle.close();

      const reads: [string, { method: 'GET'; path: string }[], typeof lineasSql][] = [
        ['GET /portal/encargos/ first page', [{ method: 'GET', path: '/api/v1/portal/encargos/' }], [listaSql]],
        ['timeline GET /portal/encargos/{id}/ (20 assignments)', ids.map((id) => ({ method: 'GET', path: `/api/v1/portal/encargos/${id}/` })), lineasSql],
      ];
      for (const [name, http, sqlOf] of reads) {
        log(`${name}: API ${DURATION} s at ${CONNECTIONS} connections…`);
        const apiRead = await loadApi(PORT, token, http, CONNECTIONS, DURATION);
        log(`${name}: same SQL (${sqlOf[0]?.length} statements a request) from pg…`);
        const floorRead = await loadSql(tenantUrl, sqlOf, CONNECTIONS, DURATION);
        if (apiRead.failures + floorRead.failures > 0) failures += 1;
        if (apiRead.firstFailure) log(`  API failure: ${apiRead.firstFailure}`);
        if (floorRead.firstFailure) log(`  SQL failure: ${floorRead.firstFailure}`);
        const ratio = apiRead.rps / floorRead.rps;
        rows.push(
          floorRow('portal', `${name}, ${sqlOf[0]?.length} statements @${CONNECTIONS}`, apiRead, floorRead, `API ≥ 0.8 × floor: ${ratio >= 0.8 ? 'met' : 'not met'}`),
        );
      }

      log(`GET /portal/documentos/: API ${DURATION} s at 10 connections…`);
      const api = await loadApi(PORT, token, [{ method: 'GET', path: '/api/v1/portal/documentos/' }], 10, DURATION);
      log(`GET /portal/documentos/: same SQL (${primeraSql.length} statements a request) from pg…`);
      const floor = await loadSql(tenantUrl, [primeraSql], 10, DURATION);
      // No target in the spec: the row fails only on failed requests.
      const ok = api.failures === 0 && floor.failures === 0;
      if (!ok) failures += 1;
      if (api.firstFailure) log(`  API failure: ${api.firstFailure}`);
      if (floor.firstFailure) log(`  SQL failure: ${floor.firstFailure}`);
      rows.push(floorRow('portal', `GET /portal/documentos/ first page, firm with ${FIRMA} certificates @10`, api, floor, ok ? 'no failures ✓' : 'failures ✗'));

      // The office accepting the firm's requests (POST /solicitudes/{id}/aceptar/: the assignment created from it).
      const accept = await acceptRequests(tenantUrl, f.estudio);
      failures += accept.failures;
      rows.push(accept.row);
      return { rows, failures };
    });
  } finally {
    await mailbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runPortalBench();
  printTable(`Portal benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
