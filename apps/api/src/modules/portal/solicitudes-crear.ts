import { createHash } from 'node:crypto';
import {
  archivoBase64Schema,
  clavesApiMessages as cm,
  EncargoCreateSchema,
  IDEMPOTENCIA_HORAS,
  IdempotencyKeySchema,
  PORTAL_ARCHIVOS,
  PORTAL_NOMBRE_ARCHIVO_MAX_BYTES,
  PORTAL_PDF_MAX_BYTES,
  type PortalArchivo,
  portalMessages as m,
  type SolicitudDatos,
  SolicitudDatosSchema,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { aceptarArchivo, esPdf, type ReglasArchivo } from '../../lib/multipart-pdf';
import { guardInput } from '../../plugins/input-guard';
import { getEstudioPortalConfiguracion } from './claves-api.configuracion';
import { portalActorOf } from './portal-auth.plugin';
import { aceptarSolicitud, type ArchivoSubido, createSolicitud, getSolicitud } from './solicitudes.service';

const DATOS_MAX_BYTES = 256 * 1024;
/** How long a repeated request waits for the first one's answer before a 409. */
const ESPERA_MS = 10_000;
/** An answer still unfinished after this long belongs to a request that died: its stored request answers. */
const ABANDONADA_MS = 60_000;

/** The JSON body of POST /api/v1/portal/solicitudes/: `datos` as in multipart, each PDF in base64. */
export const SolicitudJsonSchema = z.strictObject(
  {
    datos: SolicitudDatosSchema,
    demanda: archivoBase64Schema(PORTAL_PDF_MAX_BYTES).optional(),
    resolucion: archivoBase64Schema(PORTAL_PDF_MAX_BYTES).optional(),
  },
  { error: cm.cuerpoJsonInvalido },
);

/** The JSON body's limit: two PDFs of 10 MiB in base64 and the data. */
export const SOLICITUD_JSON_MAX_BYTES = 2 * Math.ceil(PORTAL_PDF_MAX_BYTES / 3) * 4 + DATOS_MAX_BYTES + 4096;
/**
 * Longest string of this route: a PDF's base64, with room so that a PDF slightly too large is named by
 * the file's own message (the data's strings keep the usual limit, checked apart).
 */
export const SOLICITUD_MAX_STRING = Math.ceil(PORTAL_PDF_MAX_BYTES / 3) * 4 + 64 * 1024;

function bad(message: string, field: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });
}

const sha256 = (...parts: Array<string | Buffer>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
};

/** The same JSON text for the same content, whatever the order of its keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface Leida {
  datos: unknown;
  archivos: ArchivoSubido[];
  /** SHA-256 of the content: the parsed JSON, or the multipart parts' bytes. */
  huella: string;
}

function checkPdf(campo: PortalArchivo, nombre: string, contenido: Buffer) {
  if (Buffer.byteLength(nombre, 'utf8') > PORTAL_NOMBRE_ARCHIVO_MAX_BYTES) throw bad(m.nombreArchivoLargo(campo), campo);
  if (contenido.length > PORTAL_PDF_MAX_BYTES) throw bad(m.archivoMuyGrande(campo), campo);
  if (!esPdf(contenido)) throw bad(m.archivoNoPdf(campo), campo);
}

const REGLAS: ReglasArchivo<PortalArchivo> = {
  campos: PORTAL_ARCHIVOS,
  campoDesconocido: m.campoDesconocido,
  archivoRepetido: m.archivoRepetido,
  nombre: { maxBytes: PORTAL_NOMBRE_ARCHIVO_MAX_BYTES, largo: m.nombreArchivoLargo },
};

/** The multipart body: `datos` (JSON text) and the PDFs `demanda` and `resolucion` (each ≤ 10 MiB). */
async function leerMultipart(request: FastifyRequest): Promise<Leida> {
  let datosTexto: string | undefined;
  const archivos: ArchivoSubido[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: PORTAL_PDF_MAX_BYTES, files: 2, fields: 1, parts: 3, fieldSize: DATOS_MAX_BYTES } })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'datos') throw bad(m.campoDesconocido(part.fieldname.slice(0, 40)), 'non_field_errors');
        if (typeof part.value !== 'string' || part.valueTruncated) throw bad(m.datosInvalidos, 'datos');
        datosTexto = part.value;
        continue;
      }
      const { campo, nombre } = aceptarArchivo(part, archivos.map((a) => a.campo), REGLAS);
      const contenido = await part.toBuffer();
      checkPdf(campo, nombre, contenido);
      archivos.push({ campo, nombre, contenido });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw bad(m.archivoMuyGrande('PDF'), 'non_field_errors');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw bad(m.datosInvalidos, 'non_field_errors');
    throw bad(m.datosInvalidos, 'datos');
  }
  if (datosTexto === undefined) throw bad(m.datosRequeridos, 'datos');
  let datos: unknown;
  try {
    datos = JSON.parse(datosTexto) as unknown;
  } catch {
    throw bad(m.datosInvalidos, 'datos');
  }
  guardInput(datos);
  const ordenados = [...archivos].sort((x, y) => x.campo.localeCompare(y.campo));
  const huella = sha256('multipart', datosTexto, ...ordenados.flatMap((a) => [a.campo, a.nombre, a.contenido]));
  return { datos, archivos, huella };
}

/** The JSON body `{datos, demanda?: {nombre, contenido_base64}, resolucion?: {…}}`: the same checks as multipart. */
function leerJson(request: FastifyRequest): Leida {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad(cm.cuerpoJsonInvalido, 'non_field_errors');
  const { datos, ...resto } = body as Record<string, unknown>;
  if (datos === undefined) throw bad(m.datosRequeridos, 'datos');
  // The data's strings keep the usual limit; only the PDFs' base64 is long.
  guardInput(datos);
  const archivos: ArchivoSubido[] = [];
  for (const [campo, value] of Object.entries(resto)) {
    if (!(PORTAL_ARCHIVOS as readonly string[]).includes(campo)) throw bad(m.campoDesconocido(campo.slice(0, 40)), 'non_field_errors');
    const parsed = archivoBase64Schema(PORTAL_PDF_MAX_BYTES).safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? cm.archivoBase64Invalido;
      throw bad(message === cm.archivoBase64Grande ? m.archivoMuyGrande(campo) : message, campo);
    }
    const nombre = parsed.data.nombre.replace(/[\\/\0]/g, '_');
    const contenido = Buffer.from(parsed.data.contenido_base64, 'base64');
    checkPdf(campo as PortalArchivo, nombre, contenido);
    archivos.push({ campo: campo as PortalArchivo, nombre, contenido });
  }
  return { datos, archivos, huella: sha256('json', canonicalJson(body)) };
}

function validarDatos(datos: unknown): SolicitudDatos {
  const parsed = SolicitudDatosSchema.safeParse(datos);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'datos'] ??= []).push(issue.message);
  throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? m.datosInvalidos, { errors });
}

interface Respuesta {
  status: number;
  body: string;
}

interface IdempotenciaRow {
  huella: string;
  estado: 'en_curso' | 'hecha';
  solicitud_id: number | null;
  estado_http: number | null;
  respuesta: string | null;
  edad_ms: number | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function leerIdempotencia(db: TenantDb, estudioId: number, clave: string): Promise<IdempotenciaRow | undefined> {
  const result = await db.execute(sql`
    select huella, estado, solicitud_id, estado_http, respuesta, (extract(epoch from (now() - creada_en)) * 1000)::float8 as edad_ms
    from solicitud_idempotencia
    where estudio_id = ${estudioId} and clave = ${clave} and creada_en > now() - make_interval(hours => ${IDEMPOTENCIA_HORAS})`);
  return rowsOf<IdempotenciaRow>(result)[0];
}

async function guardarRespuesta(db: TenantDb, estudioId: number, clave: string, respuesta: Respuesta) {
  await db.execute(sql`
    update solicitud_idempotencia set estado = 'hecha', estado_http = ${respuesta.status}, respuesta = ${respuesta.body}
    where estudio_id = ${estudioId} and clave = ${clave}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer already given to this Idempotency-Key: the same content gets it again; other content is
 * 409. While the first request is still being answered, this waits for it (up to 10 s, then 409).
 */
async function respuestaAnterior(db: TenantDb, estudioId: number, clave: string, huella: string): Promise<Respuesta | undefined> {
  const hasta = Date.now() + ESPERA_MS;
  for (;;) {
    const row = await leerIdempotencia(db, estudioId, clave);
    if (!row) return undefined;
    if (row.huella !== huella) throw new AppError('CONFLICT', cm.idempotenciaOtroCuerpo);
    if (row.estado === 'hecha' && row.estado_http !== null && row.respuesta !== null) return { status: row.estado_http, body: row.respuesta };
    if (row.solicitud_id !== null && Number(row.edad_ms) > ABANDONADA_MS) {
      const respuesta = { status: 201, body: JSON.stringify({ solicitud: await getSolicitud(db, row.solicitud_id) }) };
      await guardarRespuesta(db, estudioId, clave, respuesta);
      return respuesta;
    }
    if (Date.now() >= hasta) throw new AppError('CONFLICT', cm.idempotenciaEnCurso);
    await sleep(50);
  }
}

/**
 * Accepts a request sent with a key at once, where the firm enabled it, through the office's own
 * acceptance (its lifecycle events, audit and notices follow). A request that cannot become an
 * assignment as sent (a rule of Nuevo Encargo) stays pending in the office's inbox.
 */
async function aceptarAutomaticamente(request: FastifyRequest, solicitudId: number, datos: SolicitudDatos) {
  const input = EncargoCreateSchema.safeParse({ ...datos, estudio_juridico: request.portal.estudioId });
  if (!input.success) {
    request.log.info({ event: 'solicitud_api_no_aceptada', solicitudId, detail: input.error.issues[0]?.message }, 'API request left for the office');
    return undefined;
  }
  try {
    return await aceptarSolicitud(request.tenantDb, solicitudId, input.data, portalActorOf(request), async () => null);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    request.log.info({ event: 'solicitud_api_no_aceptada', solicitudId, detail: error.message }, 'API request left for the office');
    return undefined;
  }
}

function enviar(reply: FastifyReply, respuesta: Respuesta, repetida: boolean) {
  if (repetida) reply.header('idempotent-replayed', 'true');
  return reply.status(respuesta.status).type('application/json; charset=utf-8').send(respuesta.body);
}

/**
 * POST /api/v1/portal/solicitudes/ (multipart or JSON), for a portal session or an API key: validates,
 * stores the request (with its key when a key sent it) and, where the firm accepts its systems' requests
 * at once, makes it an assignment. With `Idempotency-Key`, one request per key and content for 24 h.
 */
export async function crearSolicitudPortal(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const headerValue = request.headers['idempotency-key'];
  let clave: string | undefined;
  if (headerValue !== undefined) {
    const parsed = IdempotencyKeySchema.safeParse(headerValue);
    if (!parsed.success) throw bad(cm.idempotenciaInvalida, 'Idempotency-Key');
    clave = parsed.data;
  }
  const leida = request.isMultipart() ? await leerMultipart(request) : leerJson(request);
  const datos = validarDatos(leida.datos);
  const { portal } = request;
  const db = request.tenantDb;
  const porClave = portal.claveApi !== undefined;
  const aceptar = porClave && (await getEstudioPortalConfiguracion(db, portal.estudioId)).aceptar_api_automaticamente;
  const autor = { usuarioId: porClave ? null : portal.usuarioId, claveApi: portal.claveApi ?? null, estudioId: portal.estudioId, nombre: portal.nombre, email: portal.email };

  if (clave === undefined) {
    const solicitud = await createSolicitud(db, autor, datos, leida.archivos, portalActorOf(request));
    const aceptada = aceptar ? await aceptarAutomaticamente(request, solicitud.id, datos) : undefined;
    return enviar(reply, { status: 201, body: JSON.stringify({ solicitud: aceptada?.solicitud ?? solicitud }) }, false);
  }

  for (let intento = 0; intento < 3; intento += 1) {
    const anterior = await respuestaAnterior(db, portal.estudioId, clave, leida.huella);
    if (anterior) return enviar(reply, anterior, true);
    // First with this key: the row is taken in the request's own transaction, so a concurrent one with
    // the same key waits on it and then reads its answer (or takes the key if this one failed).
    const creada = await db.transaction(async (tx) => {
      await tx.execute(sql`delete from solicitud_idempotencia where creada_en <= now() - make_interval(hours => ${IDEMPOTENCIA_HORAS})`);
      const taken = await tx.execute(sql`
        insert into solicitud_idempotencia as s (estudio_id, clave, huella)
        values (${portal.estudioId}, ${clave}, ${leida.huella})
        on conflict (estudio_id, clave) do nothing
        returning 1 as ok`);
      if (rowsOf(taken).length === 0) return undefined;
      const solicitud = await createSolicitud(tx, autor, datos, leida.archivos, portalActorOf(request));
      const body = JSON.stringify({ solicitud });
      if (aceptar) {
        await tx.execute(sql`update solicitud_idempotencia set solicitud_id = ${solicitud.id} where estudio_id = ${portal.estudioId} and clave = ${clave}`);
      } else {
        await tx.execute(sql`
          update solicitud_idempotencia set solicitud_id = ${solicitud.id}, estado = 'hecha', estado_http = 201, respuesta = ${body}
          where estudio_id = ${portal.estudioId} and clave = ${clave}`);
      }
      return { solicitud, body };
    });
    if (!creada) continue;
    let respuesta: Respuesta = { status: 201, body: creada.body };
    try {
      if (aceptar) {
        const aceptada = await aceptarAutomaticamente(request, creada.solicitud.id, datos);
        if (aceptada) respuesta = { status: 201, body: JSON.stringify({ solicitud: aceptada.solicitud }) };
      }
    } finally {
      if (aceptar) await guardarRespuesta(db, portal.estudioId, clave, respuesta);
    }
    return enviar(reply, respuesta, false);
  }
  throw new AppError('CONFLICT', cm.idempotenciaEnCurso);
}
