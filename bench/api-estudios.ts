/**
 * Firms' systems connected (API keys and webhooks), on one API over PostgreSQL:
 *  - key authentication's cost: GET /api/v1/portal/encargos/ (first page of 20 assignments) with an API key
 *    (`Bearer rk_…`: hash lookup, the firm's limit, the shared sliding minute) beside the same request with
 *    a portal user's session token, BENCH_CONNECTIONS (32) connections, BENCH_DURATION (10 s) each;
 *  - deliveries a second: BENCH_API_ENTREGAS (300) assignments created through Nuevo Encargo (8 at a time),
 *    each an `encargo.creado` event delivered, signed, to a local HTTP receiver on loopback;
 *  - the latency from an act to its delivered webhook: BENCH_API_LATENCIAS (30) visits recorded one after
 *    another, each timed from the request until its `visita.registrada` reaches the receiver (p50/p95).
 *
 *   pnpm --filter @receptoria/bench bench:api-estudios   (BENCH_API_SOURCE=1 runs the API from source)
 *
 * Settings (env): BENCH_DATABASE_URL, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_API_ENTREGAS,
 * BENCH_API_LATENCIAS, BENCH_PORT_API_ESTUDIOS (3940), BENCH_KEEP=1 keeps the databases.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { startSmtpServer } from '../apps/api/test/smtp';
import { ADMIN_PASSWORD, fmtMeasure, loadApi, log, login, machineLine, percentile, printTable, type Row, withBenchApi } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ENTREGAS = Number(process.env.BENCH_API_ENTREGAS ?? 300);
const LATENCIAS = Number(process.env.BENCH_API_LATENCIAS ?? 30);
const PORT = Number(process.env.BENCH_PORT_API_ESTUDIOS ?? 3940);
const GROUP = 'API para estudios';
const EMAIL = 'sistemas@bench-api.cl';
const PASSWORD = 'bench-api-estudios-2026';

type Json = Record<string, unknown>;

function client(port: number) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  return async (method: string, url: string, token: string | undefined, body?: unknown): Promise<Json> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as Json;
  };
}

/** A local webhook receiver: each delivery's arrival time and body. */
async function startReceiver() {
  const received: Array<{ at: number; tipo: string; encargoId: number | null; firmado: boolean }> = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { tipo: string; encargo?: { id: number | null } };
      received.push({ at, tipo: body.tipo, encargoId: body.encargo?.id ?? null, firmado: String(request.headers['receptoria-firma'] ?? '').includes('v1=') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  /** Resolves once `check` holds over what arrived (fails after `timeoutMs`). */
  const until = async (check: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`webhook receiver: not within ${timeoutMs / 1000} s (${received.length} received)`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { url: `http://127.0.0.1:${port}/hook`, received, until, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function encargoBody(estudio: Json, lookups: { tribunal: number; tipo: number; causa: number }, rol: string) {
  const partes = estudio.partes_demandantes as Array<{ id: number; nombre: string }>;
  return {
    fecha_encargo: '2026-03-10',
    estudio_juridico: estudio.id,
    tribunal: lookups.tribunal,
    numero_rol: rol,
    parte_demandante: partes[0]!.id,
    partes: `${partes[0]!.nombre} con Soto Muñoz`,
    tipo_encargo: lookups.tipo,
    tipo_causa: lookups.causa,
    fecha_retiro: '2026-03-11',
    fecha_demanda: '2026-01-20',
    fecha_resolucion: '2026-02-03',
    cuantia: 2_450_000,
    rut_ejecutado: '12345678-5',
    rut_representante_legal: '',
    numero_operacion: 'OP-778812',
    ejecutados: 'Pedro Andrés Soto Muñoz',
    domicilios: [{ direccion: 'Av. Irarrázaval 2401, depto 73', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Encargo de prueba de rendimiento',
    encargo_no_realizable: false,
    estado_especial: '',
  };
}

export async function runApiEstudiosBench(): Promise<{ rows: Row[]; failures: number }> {
  const mailbox = await startSmtpServer();
  const receiver = await startReceiver();
  try {
    return await withBenchApi('api_estudios', PORT, { SEED_DEMO: '0', SMTP_URL: mailbox.url, WEBHOOKS_PERMITIR_PRIVADAS: '1' }, async () => {
      const rows: Row[] = [];
      let failures = 0;
      const call = client(PORT);
      const staff = await login(PORT, 'admin', ADMIN_PASSWORD);
      const estudio = await call('POST', '/estudios/registrar_estudio/', staff, {
        nombre: 'Bench Estudio Sistemas',
        direccion: 'Av. Apoquindo 3472, oficina 1101',
        comuna: 'Las Condes',
        ciudad: 'Santiago',
        telefono: '+56 2 2431 7700',
        fax: '',
        rut_estudio: '76000005-1',
        emails: [{ email: 'contacto@bench-api.cl', tipo: 'principal' }],
        partes_demandantes: [{ nombre: 'Banco del Sur', tipo: 'banco' }],
        enviar_informes_diarios: false,
        enviar_informes_mensuales: false,
      });
      const firstId = async (url: string) => ((await call('GET', url, staff)) as unknown as Array<{ id: number }>)[0]!.id;
      const lookups = { tribunal: await firstId('/encargos/tribunales/'), tipo: await firstId('/encargos/tipos/'), causa: await firstId('/encargos/causas/') };
      const crearEncargo = (rol: string) => call('POST', '/nuevo_encargo/crear/', staff, encargoBody(estudio, lookups, rol));
      for (let i = 0; i < 20; i += 1) await crearEncargo(`C-${1000 + i}-2026`);

      // A portal user of the firm (invited, activated from the mail, signed in) and an API key with every scope.
      await call('POST', `/estudios/${estudio.id}/usuarios_portal/`, staff, { nombre: 'Sistemas Bench', email: EMAIL });
      const [mail] = await mailbox.waitFor(1);
      const link = /\/portal\/activar\/([A-Za-z0-9_-]{20,})/.exec(mail?.parsed.text ?? '');
      if (!link) throw new Error('the invitation mail carries no activation link');
      await call('POST', '/portal/auth/activar/', undefined, { token: link[1], password: PASSWORD });
      const session = (await call('POST', '/portal/auth/login/', undefined, { email: EMAIL, password: PASSWORD })).access as string;
      const alcances = ['encargos:leer', 'encargos:crear', 'documentos:leer', 'cuenta:leer', 'webhooks:administrar'];
      const clave = (await call('POST', `/estudios/${estudio.id}/claves_api/`, staff, { nombre: 'Bench', alcances })).secreto as string;
      // The bench measures the cost of the check, not the refusal: the firm's limit at its highest.
      await call('PUT', `/estudios/${estudio.id}/portal_configuracion/`, staff, { limite_api_por_minuto: 100_000, aceptar_api_automaticamente: false });

      const lista = [{ method: 'GET' as const, path: '/api/v1/portal/encargos/' }];
      log(`GET /portal/encargos/ with a session token: ${DURATION} s at ${CONNECTIONS} connections…`);
      const porSesion = await loadApi(PORT, session, lista, CONNECTIONS, DURATION);
      log(`GET /portal/encargos/ with an API key: ${DURATION} s at ${CONNECTIONS} connections…`);
      const porClave = await loadApi(PORT, clave, lista, CONNECTIONS, DURATION);
      if (porSesion.failures + porClave.failures > 0) failures += 1;
      if (porClave.firstFailure) log(`  key failure: ${porClave.firstFailure}`);
      if (porSesion.firstFailure) log(`  session failure: ${porSesion.firstFailure}`);
      const ratio = porClave.rps / porSesion.rps;
      rows.push({
        group: GROUP,
        name: `GET /portal/encargos/ with an API key (value) vs a session token (floor) @${CONNECTIONS}`,
        value: fmtMeasure(porClave),
        floor: fmtMeasure(porSesion),
        ratio: ratio.toFixed(2),
        target: 'no target (measured): ratio = key ÷ session',
      });

      await call('POST', '/portal/webhooks/', clave, { url: receiver.url, eventos: ['encargo.creado', 'visita.registrada'], activo: true });

      log(`deliveries: ${ENTREGAS} assignments created (8 at a time), each encargo.creado delivered to ${receiver.url}…`);
      const creados = () => receiver.received.filter((r) => r.tipo === 'encargo.creado').length >= ENTREGAS;
      const startedAt = performance.now();
      const encargos: Json[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < ENTREGAS) {
            const i = next;
            next += 1;
            encargos.push(await crearEncargo(`E-${2000 + i}-2026`));
          }
        }),
      );
      const producedAt = performance.now();
      await receiver.until(creados, 300_000);
      const deliveredAt = Math.max(...receiver.received.filter((r) => r.tipo === 'encargo.creado').map((r) => r.at));
      const unsigned = receiver.received.filter((r) => !r.firmado).length;
      if (unsigned > 0) failures += 1;
      const porSegundo = ENTREGAS / ((deliveredAt - startedAt) / 1000);
      rows.push({
        group: GROUP,
        name: `webhook deliveries to a local receiver (${ENTREGAS} encargo.creado, acts at ${(ENTREGAS / ((producedAt - startedAt) / 1000)).toFixed(0)}/s)`,
        value: `${porSegundo.toFixed(1)} deliveries/s (last ${((deliveredAt - producedAt) / 1000).toFixed(2)} s after the last act)`,
        target: unsigned === 0 ? 'all signed ✓' : `${unsigned} unsigned ✗`,
      });

      log(`latency: ${LATENCIAS} visits, each timed until its visita.registrada arrives…`);
      const latencias: number[] = [];
      for (let i = 0; i < LATENCIAS; i += 1) {
        const encargo = encargos[i % encargos.length] as { id: number; domicilios: Array<{ id: number }> };
        const before = receiver.received.length;
        const sent = performance.now();
        await call('POST', `/encargos/${encargo.id}/visitas/`, staff, {
          uuid: randomUUID(),
          domicilio_id: encargo.domicilios[0]?.id ?? null,
          fecha_hora: '2026-03-10T09:30:00-03:00',
          tipo: 'busqueda',
          resultado: 'domicilio_confirmado',
          apuntes: 'Bench',
          origen: 'terreno',
        });
        await receiver.until(() => receiver.received.slice(before).some((r) => r.tipo === 'visita.registrada' && r.encargoId === encargo.id), 60_000);
        const arrived = receiver.received.slice(before).find((r) => r.tipo === 'visita.registrada' && r.encargoId === encargo.id)!;
        latencias.push(arrived.at - sent);
      }
      latencias.sort((x, y) => x - y);
      rows.push({
        group: GROUP,
        name: `act → delivered webhook (${LATENCIAS} visits, one at a time)`,
        value: `p50 ${percentile(latencias, 50).toFixed(0)} ms, p95 ${percentile(latencias, 95).toFixed(0)} ms`,
        target: 'no target (measured)',
      });
      return { rows, failures };
    });
  } finally {
    await receiver.close();
    await mailbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = machineLine();
  const result = await runApiEstudiosBench();
  printTable(`API para estudios benchmark. Machine: ${at}`, result.rows);
  if (result.failures > 0) process.exitCode = 1;
}
