import multipart from '@fastify/multipart';
import {
  IdParamSchema,
  PORTAL_ARCHIVOS,
  PORTAL_NOMBRE_ARCHIVO_MAX_BYTES,
  PORTAL_PDF_MAX_BYTES,
  type PortalArchivo,
  PortalCatalogosResponseSchema,
  PortalDocumentosListResponseSchema,
  PortalDocumentosQuerySchema,
  PortalEncargoDetalleSchema,
  PortalEncargosListResponseSchema,
  PortalEncargosQuerySchema,
  PortalEstadoCuentaQuerySchema,
  PortalEstadoCuentaResponseSchema,
  PortalRecibosListResponseSchema,
  PortalRecibosQuerySchema,
  portalMessages as m,
  SolicitudDatosSchema,
  SolicitudesListResponseSchema,
  SolicitudesQuerySchema,
  SolicitudResponseSchema,
} from '@receptoria/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { guardInput } from '../../plugins/input-guard';
import { getEstadoCuenta } from '../pagos/estado-cuenta.service';
import { getReciboPdf } from '../recibos/recibos.service';
import { createFotoSigner, type FotoSigner } from '../visitas/fotos';
import { portalActorOf } from './portal-auth.plugin';
import { listPortalDocumentos } from './portal-documentos.service';
import {
  getPortalCatalogos,
  getPortalCertificadoPdf,
  getPortalEncargo,
  listPortalEncargos,
  listPortalRecibos,
  requirePortalRecibo,
} from './portal.service';
import { type ArchivoSubido, createSolicitud, listSolicitudes } from './solicitudes.service';

const tags = ['portal'];
const DATOS_MAX_BYTES = 256 * 1024;
const PDF_MAGIC = Buffer.from('%PDF-');

const CertificadoParamsSchema = z.object({ id: IdParamSchema.shape.id, doc: z.string().max(40) });

export function sendPdf(reply: FastifyReply, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .send(file.content);
}

function bad(message: string, field: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });
}

/** The request's multipart body: `datos` (JSON text) and the PDFs `demanda` and `resolucion` (each ≤ 10 MiB). */
async function leerSolicitud(request: FastifyRequest): Promise<{ datos: unknown; archivos: ArchivoSubido[] }> {
  if (!request.isMultipart()) throw bad(m.datosRequeridos, 'datos');
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
      const campo = part.fieldname as PortalArchivo;
      if (!(PORTAL_ARCHIVOS as readonly string[]).includes(campo)) {
        part.file.resume();
        throw bad(m.campoDesconocido(part.fieldname.slice(0, 40)), 'non_field_errors');
      }
      if (archivos.some((a) => a.campo === campo)) {
        part.file.resume();
        throw bad(m.archivoRepetido(campo), campo);
      }
      const nombre = (part.filename || `${campo}.pdf`).replace(/[\\/\0]/g, '_');
      if (Buffer.byteLength(nombre, 'utf8') > PORTAL_NOMBRE_ARCHIVO_MAX_BYTES) {
        part.file.resume();
        throw bad(m.nombreArchivoLargo(campo), campo);
      }
      const contenido = await part.toBuffer();
      if (contenido.length < PDF_MAGIC.length || !contenido.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw bad(m.archivoNoPdf(campo), campo);
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
  guardInput(datos, request.routeOptions.config.maxInputString);
  return { datos, archivos };
}

/**
 * The law-firm portal's API (issue 27): portal tokens only; every id is looked up within the user's
 * firm, so another firm's or receiver's id is 404.
 */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PORTAL_PDF_MAX_BYTES, files: 2, fields: 1, parts: 3 } });
  let signer: FotoSigner | undefined;
  const fotoSigner = async () => (signer ??= await createFotoSigner(app.controlDb));
  const onRequest = [app.authenticatePortal];

  app.get(
    '/portal/encargos/',
    { onRequest, schema: { tags, querystring: PortalEncargosQuerySchema, response: { 200: PortalEncargosListResponseSchema } } },
    async (request) => listPortalEncargos(request.tenantDb, request.portal.estudioId, request.query),
  );

  app.get(
    '/portal/encargos/:id/',
    { onRequest, schema: { tags, params: IdParamSchema, response: { 200: PortalEncargoDetalleSchema } } },
    async (request) =>
      getPortalEncargo(request.tenantDb, request.portal.estudioId, request.params.id, { tenantId: request.portal.tenantId, signer: fotoSigner }),
  );

  app.get(
    '/portal/encargos/:id/certificados/:doc/pdf/',
    { onRequest, schema: { tags, params: CertificadoParamsSchema } },
    async (request, reply) => sendPdf(reply, await getPortalCertificadoPdf(request.tenantDb, request.portal.estudioId, request.params.id, request.params.doc)),
  );

  app.get(
    '/portal/documentos/',
    {
      onRequest,
      schema: {
        tags,
        description: "The certificates of the firm's assignments, newest first, each with a short-lived signed link (signed PDF, else PDF, else Word).",
        querystring: PortalDocumentosQuerySchema,
        response: { 200: PortalDocumentosListResponseSchema },
      },
    },
    async (request) => listPortalDocumentos(request.tenantDb, request.portal.estudioId, request.query, app.documentSigner),
  );

  app.get(
    '/portal/catalogos/',
    { onRequest, schema: { tags, response: { 200: PortalCatalogosResponseSchema } } },
    async (request) => getPortalCatalogos(request.tenantDb, request.portal.estudioId),
  );

  app.post(
    '/portal/solicitudes/',
    {
      onRequest,
      config: { multipartJson: { datos: SolicitudDatosSchema } },
      schema: {
        tags,
        description: 'A new assignment asked by the firm: multipart field `datos` (JSON: Nuevo Encargo without the firm) and PDFs `demanda`, `resolucion` (≤ 10 MiB each).',
        consumes: ['multipart/form-data'],
        response: { 201: SolicitudResponseSchema },
      },
    },
    async (request, reply) => {
      const { datos, archivos } = await leerSolicitud(request);
      const parsed = SolicitudDatosSchema.safeParse(datos);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'datos'] ??= []).push(issue.message);
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? m.datosInvalidos, { errors });
      }
      const { portal } = request;
      const solicitud = await createSolicitud(
        request.tenantDb,
        { usuarioId: portal.usuarioId, estudioId: portal.estudioId, nombre: portal.nombre, email: portal.email },
        parsed.data,
        archivos,
        portalActorOf(request),
      );
      return reply.status(201).send({ solicitud });
    },
  );

  app.get(
    '/portal/solicitudes/',
    { onRequest, schema: { tags, querystring: SolicitudesQuerySchema, response: { 200: SolicitudesListResponseSchema } } },
    async (request) => listSolicitudes(request.tenantDb, request.query, request.portal.estudioId),
  );

  app.get(
    '/portal/recibos/',
    { onRequest, schema: { tags, querystring: PortalRecibosQuerySchema, response: { 200: PortalRecibosListResponseSchema } } },
    async (request) => listPortalRecibos(request.tenantDb, request.portal.estudioId, request.query.page),
  );

  app.get(
    '/portal/recibos/:id/pdf/',
    { onRequest, schema: { tags, params: IdParamSchema } },
    async (request, reply) => {
      await requirePortalRecibo(request.tenantDb, request.portal.estudioId, request.params.id);
      return sendPdf(reply, await getReciboPdf(request.tenantDb, request.params.id, request.tenant));
    },
  );

  app.get(
    '/portal/estado_cuenta/',
    { onRequest, schema: { tags, querystring: PortalEstadoCuentaQuerySchema, response: { 200: PortalEstadoCuentaResponseSchema } } },
    async (request) => getEstadoCuenta(request.tenantDb, request.portal.estudioId, undefined, request.query),
  );
};
