import multipart from '@fastify/multipart';
import {
  IdParamSchema,
  PORTAL_PDF_MAX_BYTES,
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
  SolicitudDatosSchema,
  SolicitudesListResponseSchema,
  SolicitudesQuerySchema,
  SolicitudResponseSchema,
} from '@receptoria/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { getEstadoCuentaJson } from '../pagos/estado-cuenta.service';
import { getReciboPdf } from '../recibos/recibos.service';
import { createFotoSigner, type FotoSigner } from '../visitas/fotos';
import { listPortalDocumentos } from './portal-documentos.service';
import {
  getPortalCatalogos,
  getPortalCertificadoPdf,
  getPortalEncargo,
  listPortalEncargos,
  listPortalRecibos,
  requirePortalRecibo,
} from './portal.service';
import { crearSolicitudPortal, SOLICITUD_JSON_MAX_BYTES, SOLICITUD_MAX_STRING, SolicitudJsonSchema } from './solicitudes-crear';
import { listSolicitudes } from './solicitudes.service';

const tags = ['portal'];

const CertificadoParamsSchema = z.object({ id: IdParamSchema.shape.id, doc: z.string().max(40) });

export function sendPdf(reply: FastifyReply, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .send(file.content);
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
    // Built field by field and typed by the contract (getPortalEncargo): no zod pass on the way out.
    { onRequest, serializerCompiler: trustedSerializerCompiler, schema: { tags, params: IdParamSchema, response: { 200: PortalEncargoDetalleSchema } } },
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
      // JSON bodies carry the PDFs in base64: a larger body and longer strings here only (the data's
      // strings are checked with the usual limit by the handler).
      bodyLimit: SOLICITUD_JSON_MAX_BYTES,
      config: { multipartJson: { datos: SolicitudDatosSchema }, maxInputString: SOLICITUD_MAX_STRING },
      // Multipart and JSON are both read and checked by the handler (same rules, same messages); the
      // body schema documents the JSON form.
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: {
        tags,
        description:
          'A new assignment asked by the firm, as multipart (field `datos`: JSON of Nuevo Encargo without the firm; PDFs `demanda`, `resolucion`) or as JSON `{datos, demanda: {nombre, contenido_base64}, resolucion: {…}}`; PDFs ≤ 10 MiB each. With `Idempotency-Key`, the same key and content within 24 h get the same answer; other content, 409.',
        consumes: ['application/json', 'multipart/form-data'],
        headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
        body: SolicitudJsonSchema,
        response: { 201: SolicitudResponseSchema },
      },
    },
    async (request, reply) => crearSolicitudPortal(app, request, reply),
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
    async (request, reply) => sendJsonText(reply, await getEstadoCuentaJson(request.tenantDb, request.portal.estudioId, undefined, request.query)),
  );
};
