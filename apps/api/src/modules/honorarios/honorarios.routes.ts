import {
  ArancelPutSchema,
  ArancelResponseSchema,
  RetencionPutSchema,
  RetencionResponseSchema,
  SugeridoQuerySchema,
  SugeridoSchema,
  TarifasPutQuerySchema,
  TarifasPutSchema,
  TarifasQuerySchema,
  TarifasResponseSchema,
  UtmPutSchema,
  UtmQuerySchema,
  UtmSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../auditoria/audit-actor';
import { getArancel, getUtm, saveArancel, saveUtm } from './arancel.service';
import { getRetencion, getTarifas, saveRetencion, saveTarifas, sugerirHonorario } from './honorarios.service';

/** Fees (issue 25): price lists, the suggested fee and the boleta's retention rates; module cobranza. */
export const honorariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireModule('cobranza')];
  const tags = ['honorarios'];

  app.get(
    '/honorarios/retencion/',
    { onRequest, schema: { tags, response: { 200: RetencionResponseSchema } } },
    async (request) => getRetencion(request.tenantDb),
  );

  app.put(
    '/honorarios/retencion/',
    { onRequest, schema: { tags, body: RetencionPutSchema, response: { 200: RetencionResponseSchema } } },
    async (request) => saveRetencion(request.tenantDb, request.body, auditActorOf(request)),
  );

  app.get(
    '/honorarios/tarifas/',
    { onRequest, schema: { tags, querystring: TarifasQuerySchema, response: { 200: TarifasResponseSchema } } },
    async (request) => getTarifas(request.tenantDb, request.query.estudio),
  );

  app.put(
    '/honorarios/tarifas/',
    { onRequest, schema: { tags, querystring: TarifasPutQuerySchema, body: TarifasPutSchema, response: { 200: TarifasResponseSchema } } },
    async (request) => saveTarifas(request.tenantDb, request.body, auditActorOf(request), request.query.version),
  );

  app.get(
    '/honorarios/arancel/',
    { onRequest, schema: { tags, response: { 200: ArancelResponseSchema } } },
    async (request) => getArancel(request.tenantDb),
  );

  app.put(
    '/honorarios/arancel/',
    { onRequest, schema: { tags, body: ArancelPutSchema, response: { 200: ArancelResponseSchema } } },
    async (request) => saveArancel(request.tenantDb, request.body, auditActorOf(request)),
  );

  app.get(
    '/honorarios/utm/',
    { onRequest, schema: { tags, querystring: UtmQuerySchema, response: { 200: UtmSchema } } },
    async (request) => getUtm(request.tenantDb, app.utmSource, request.query.mes),
  );

  app.put(
    '/honorarios/utm/',
    { onRequest, schema: { tags, body: UtmPutSchema, response: { 200: UtmSchema } } },
    async (request) => saveUtm(request.tenantDb, request.body, auditActorOf(request)),
  );

  // The results form shows the fee it will store: Estampar users read it too.
  app.get(
    '/honorarios/sugerido/',
    { onRequest: [app.authenticate, app.requireModule('cobranza', 'estampar')], schema: { tags, querystring: SugeridoQuerySchema, response: { 200: SugeridoSchema } } },
    async (request) => sugerirHonorario(request.tenantDb, request.query.encargo_id, request.query.tipo_estampado_id),
  );
};
