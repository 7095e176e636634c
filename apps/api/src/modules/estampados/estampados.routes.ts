import {
  DescargaDocumentoQuerySchema,
  DocumentoEliminadoResponseSchema,
  DocumentoEstampadoResponseSchema,
  DocumentoIdParamSchema,
  estampadoMessages as m,
  GenerarEstampadoResponseSchema,
  GenerarEstampadoSchema,
  PreviewEstampadoResponseSchema,
  PreviewEstampadoSchema,
  TipoEstampadoListSchema,
} from '@receptoria/contracts';
import { tenantLocation } from '@receptoria/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { findDocumentoTenant } from './estampados.repository';
import {
  deleteDocumento,
  documentoArchivo,
  generarEstampado,
  getDocumento,
  listTipos,
  previewEstampado,
  type StampContext,
} from './estampados.service';

/** The stamp routes of the stamp and template service (spec 02 §7), under /estampados/api. */
export const estampadosServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): StampContext => ({
    db: request.tenantDb,
    controlDb: app.controlDb,
    tenant: request.tenant,
    username: request.auth.username,
    actor: auditActorOf(request),
    engines: app.stampEngines,
    signer: app.documentSigner,
    publicUrl: app.firma.publicUrl,
  });
  const tags = ['estampados'];

  app.get(
    '/estampados/tipos',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: TipoEstampadoListSchema } } },
    async (request) => listTipos(request.tenantDb),
  );

  app.post(
    '/estampados/generar',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: { tags, body: GenerarEstampadoSchema, response: { 201: GenerarEstampadoResponseSchema } },
    },
    async (request, reply) => {
      const generado = await generarEstampado(context(request), request.body);
      return reply.status(201).send({ success: true, message: m.generado, ...generado });
    },
  );

  app.post(
    '/estampados/preview',
    {
      onRequest: [app.authenticate],
      schema: { tags, body: PreviewEstampadoSchema, response: { 200: PreviewEstampadoResponseSchema } },
    },
    async (request) => previewEstampado(context(request), request.body),
  );

  app.get(
    '/estampados/documento/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: DocumentoIdParamSchema, response: { 200: DocumentoEstampadoResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      documento: await getDocumento(request.tenantDb, app.documentSigner, request.params.id),
    }),
  );

  app.delete(
    '/estampados/documento/:id',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: { tags, params: DocumentoIdParamSchema, response: { 200: DocumentoEliminadoResponseSchema } },
    },
    async (request) => {
      await deleteDocumento(request.tenantDb, app.controlDb, request.params.id, auditActorOf(request));
      return { success: true as const, message: m.documentoEliminado };
    },
  );

  // The document's url: opened in a new tab, so it carries a signature instead of a bearer token.
  app.get(
    '/estampados/documento/:id/archivo',
    {
      schema: {
        tags,
        security: [],
        params: DocumentoIdParamSchema,
        querystring: DescargaDocumentoQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { formato, exp, firma } = request.query;
      if (!app.documentSigner.verify(id, formato, exp, firma)) throw new AppError('NOT_FOUND', m.enlaceVencido);
      const tenant = await findDocumentoTenant(app.controlDb, id);
      if (!tenant) throw new AppError('NOT_FOUND', m.noEncontrado);
      const file = await app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) =>
        documentoArchivo(db, id, formato),
      );
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
};
