import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  IdParamSchema,
  LECTURA_ARCHIVOS,
  LECTURA_NDJSON,
  LECTURA_PDF_MAX_BYTES,
  type LecturaDocumento,
  LecturaDocumentosResponseSchema,
  type LecturaEvento,
  lecturaMessages,
} from '@receptoria/contracts';
import { tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { type ArchivoLectura, cargarCatalogos, leerArchivos } from '../lectura/lectura.service';
import { readPdfMultipart } from '../nuevo-encargo/pdf-multipart';

const { solicitudes, solicitudArchivos } = tenantSchema;
const NO_ENCONTRADA = 'Solicitud no encontrada';
const SIN_PDF = 'La solicitud no trae la demanda ni la resolución en PDF.';

/** The demanda first, then the resolución: the reading's order. */
const enOrden = (archivos: ArchivoLectura[]) => [...archivos].sort((a, b) => LECTURA_ARCHIVOS.indexOf(a.documento) - LECTURA_ARCHIVOS.indexOf(b.documento));

/**
 * Answers a reading as /nuevo_encargo/leer_documentos/ does: the JSON result, or with
 * `Accept: application/x-ndjson` the progress lines and then the result (or one Spanish error line).
 */
async function responderLectura(request: FastifyRequest, reply: FastifyReply, archivos: ArchivoLectura[], estudioId: number) {
  const catalogos = await cargarCatalogos(request.tenantDb, estudioId);
  if (!(request.headers.accept ?? '').includes(LECTURA_NDJSON)) {
    return reply.header('cache-control', 'no-store').send(await leerArchivos(enOrden(archivos), catalogos));
  }
  const salida = new PassThrough();
  const enviar = (evento: LecturaEvento) => {
    if (!salida.destroyed) salida.write(`${JSON.stringify(evento)}\n`);
  };
  void leerArchivos(enOrden(archivos), catalogos, { onProgreso: enviar })
    .then((resultado) => enviar({ tipo: 'resultado', resultado }))
    .catch((error: unknown) => {
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'lectura de documentos');
      enviar({ tipo: 'error', detail: error instanceof AppError ? error.message : lecturaMessages.errorLectura });
    })
    .finally(() => salida.end());
  return reply
    .header('content-type', `${LECTURA_NDJSON}; charset=utf-8`)
    .header('content-encoding', 'identity')
    .header('cache-control', 'no-store')
    .send(salida);
}

/**
 * The reading of a demanda and a resolución where Nuevo Encargo's route cannot serve: the firm in the
 * portal (its own parties, its portal session) and the office's inbox (a request's stored PDFs, to set
 * the values read beside the firm's). Nothing is stored.
 */
export const solicitudesLecturaRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: LECTURA_PDF_MAX_BYTES, files: LECTURA_ARCHIVOS.length, fields: 0, parts: LECTURA_ARCHIVOS.length } });
  }

  app.post(
    '/portal/solicitudes/leer_documentos/',
    {
      onRequest: [app.authenticatePortal],
      schema: {
        tags: ['portal'],
        description:
          "The firm's reading of a demanda and/or a resolución before sending a request: multipart PDFs `demanda`, `resolucion` (≤ 10 MiB each); the plaintiff is proposed among the firm's own parties. Nothing is stored; Accept: application/x-ndjson streams the progress.",
        consumes: ['multipart/form-data'],
        response: { 200: LecturaDocumentosResponseSchema },
      },
    },
    async (request, reply) => {
      const { archivos } = await readPdfMultipart(request, [], 0);
      if (archivos.length === 0) {
        throw new AppError('BAD_REQUEST', lecturaMessages.sinArchivos, { errors: { non_field_errors: [lecturaMessages.sinArchivos] } });
      }
      return responderLectura(request, reply, archivos.map((a) => ({ documento: a.campo, contenido: a.contenido })), request.portal.estudioId);
    },
  );

  app.post(
    '/solicitudes/:id/lectura/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['solicitudes'],
        description:
          "Reads the PDFs a portal request carries (its demanda and resolución) with the request's firm, to compare with the values the firm typed. Nothing is stored; Accept: application/x-ndjson streams the progress.",
        params: IdParamSchema,
        response: { 200: LecturaDocumentosResponseSchema },
      },
    },
    async (request, reply) => {
      const db = request.tenantDb;
      const [solicitud] = await db.select({ estudioId: solicitudes.estudioId }).from(solicitudes).where(eq(solicitudes.id, request.params.id));
      if (!solicitud) throw new AppError('NOT_FOUND', NO_ENCONTRADA);
      const rows = await db
        .select({ campo: solicitudArchivos.campo, contenido: solicitudArchivos.contenido })
        .from(solicitudArchivos)
        .where(eq(solicitudArchivos.solicitudId, request.params.id))
        .orderBy(asc(solicitudArchivos.campo));
      const archivos = rows
        .filter((row) => (LECTURA_ARCHIVOS as readonly string[]).includes(row.campo))
        .map((row) => ({ documento: row.campo as LecturaDocumento, contenido: Buffer.from(row.contenido) }));
      if (archivos.length === 0) throw new AppError('BAD_REQUEST', SIN_PDF);
      return responderLectura(request, reply, archivos, solicitud.estudioId);
    },
  );
};
