import {
  ColaResponseSchema,
  DocumentosEncargoResponseSchema,
  EncargoDetailSchema,
  EncargoPatchSchema,
  GuardarFechaEstampadoResponseSchema,
  GuardarFechaEstampadoSchema,
  GuardarResultadosResponseSchema,
  GuardarResultadosSchema,
  IdParamSchema,
  diligenciaMessages as m,
  NotificarEstampadoResponseSchema,
  NotificarEstampadoSchema,
} from '@receptoria/contracts';
import { tenantLocation } from '@receptoria/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { sendJsonText, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { modifyEncargo } from '../encargos/encargos.service';
import { findDocumentoTenant } from '../estampados/estampados.repository';
import { listDocumentosEncargo } from '../estampados/estampados.service';
import { auditActorOf } from '../auditoria/audit-actor';
import { getColaJson, guardarFechaEstampado, guardarResultados, notificarEstampado } from './diligencias.service';

/** Results and stamps under /api/v1 (spec 02 §7), plus the assignment saves of the results screen. */
export const diligenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['diligencias'];

  app.post(
    '/diligencias/guardar_resultados/',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: { tags, body: GuardarResultadosSchema, response: { 200: GuardarResultadosResponseSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request) =>
      guardarResultados(request.tenantDb, request.body, auditActorOf(request), { controlDb: app.controlDb, tenantId: request.auth.tenantId }),
  );

  // The spec's client calls this without a token: then the document alone names the receiver.
  const optionalAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.authenticate(request, reply);
  };
  app.post(
    '/diligencias/notificar_estampado_generado/',
    {
      onRequest: [optionalAuth],
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        security: [{ bearer: [] }, {}],
        body: NotificarEstampadoSchema,
        response: { 200: NotificarEstampadoResponseSchema },
      },
    },
    async (request) => {
      const documentoId = request.body.documento_id.toLowerCase();
      const tenant = /^[0-9a-f-]{36}$/.test(documentoId) ? await findDocumentoTenant(app.controlDb, documentoId) : undefined;
      if (!tenant || (request.tenant && request.tenant.id !== tenant.id)) throw new AppError('NOT_FOUND', m.documentoInvalido);
      if (request.tenantDb) return notificarEstampado(request.tenantDb, request.body, undefined, auditActorOf(request));
      return app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) => notificarEstampado(db, request.body, undefined, auditActorOf(request)));
    },
  );

  app.get(
    '/diligencias/cola/',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: { tags, response: { 200: ColaResponseSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    // Written as JSON by PostgreSQL (readColaJson): sent as it comes.
    async (request, reply) => sendJsonText(reply, await getColaJson(request.tenantDb)),
  );

  // 'Campo modificado' saves: only the changed fields, with the full form's rules; a stale `version`
  // is refused with 409 like the modify screen's, and the change goes to the audit trail.
  app.patch(
    '/encargos/:id/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], params: IdParamSchema, body: EncargoPatchSchema, response: { 200: EncargoDetailSchema } },
    },
    async (request) => modifyEncargo(request.tenantDb, request.params.id, request.body, auditActorOf(request)),
  );

  // The certificates of an assignment (results screen, Re-encargos timeline, work queue).
  app.get(
    '/encargos/:id/estampados/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['encargos'], params: IdParamSchema, response: { 200: DocumentosEncargoResponseSchema } },
    },
    async (request) => listDocumentosEncargo(request.tenantDb, app.documentSigner, request.params.id),
  );

  app.post(
    '/encargos/:id/guardar_fecha_estampado/',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: {
        tags: ['encargos'],
        params: IdParamSchema,
        body: GuardarFechaEstampadoSchema,
        response: { 200: GuardarFechaEstampadoResponseSchema },
      },
    },
    async (request) => guardarFechaEstampado(request.tenantDb, request.params.id, request.body, undefined, auditActorOf(request)),
  );
};
