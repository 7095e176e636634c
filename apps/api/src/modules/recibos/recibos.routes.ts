import {
  BoletaCreateSchema,
  BoletaSchema,
  FacturablesQuerySchema,
  FacturablesResponseSchema,
  idSchema,
  ReciboAnularSchema,
  ReciboConfiguracionInputSchema,
  ReciboConfiguracionSchema,
  ReciboCreateSchema,
  ReciboPatchSchema,
  ReciboRebajaSchema,
  ReciboResponseSchema,
  RecibosListQuerySchema,
  RecibosListResponseSchema,
  recibosMessages as m,
  RecibosPeriodoQuerySchema,
  RecibosPeriodoResponseSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { listFacturables } from './recibos-facturables';
import { buildRecibosPeriodoXlsx, recibosPeriodo, XLSX_TYPE } from './recibos-periodo';
import {
  anularRecibo,
  createRecibo,
  emitirBoleta,
  getConfiguracion,
  getRecibo,
  getReciboPdf,
  listRecibosPage,
  patchRecibo,
  rebajarRecibo,
  saveConfiguracion,
} from './recibos.service';

const ReciboParamsSchema = z.object({ id: idSchema(m.reciboNoEncontrado) });

/** Receipts (issue 25): module cobranza; printing, editing, discounts and the period each need their own permission. */
export const recibosRoutes: FastifyPluginAsyncZod = async (app) => {
  const cobranza = [app.authenticate, app.requireModule('cobranza')];
  const tags = ['recibos'];

  app.get(
    '/recibos/configuracion/',
    { onRequest: cobranza, schema: { tags, response: { 200: ReciboConfiguracionSchema } } },
    async (request) => getConfiguracion(request.tenantDb),
  );

  app.put(
    '/recibos/configuracion/',
    { onRequest: cobranza, schema: { tags, body: ReciboConfiguracionInputSchema, response: { 200: ReciboConfiguracionSchema } } },
    async (request) => saveConfiguracion(request.tenantDb, request.body, auditActorOf(request)),
  );

  app.get(
    '/recibos/facturables/',
    { onRequest: cobranza, schema: { tags, querystring: FacturablesQuerySchema, response: { 200: FacturablesResponseSchema } } },
    async (request) => listFacturables(request.tenantDb, request.query.estudio),
  );

  app.get(
    '/recibos/periodo/',
    {
      onRequest: [...cobranza, app.requirePermission('recibos_periodo')],
      schema: { tags, querystring: RecibosPeriodoQuerySchema, response: { 200: RecibosPeriodoResponseSchema.or(z.any().describe('XLSX')) } },
    },
    async (request, reply) => {
      const data = await recibosPeriodo(request.tenantDb, request.query.desde, request.query.hasta);
      if (request.query.formato !== 'xlsx') return data;
      const filename = `recibos-${data.desde}-${data.hasta}.xlsx`;
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .send(await buildRecibosPeriodoXlsx(data, request.tenant.nombre));
    },
  );

  app.get(
    '/recibos/',
    { onRequest: cobranza, serializerCompiler: trustedSerializerCompiler, schema: { tags, querystring: RecibosListQuerySchema, response: { 200: RecibosListResponseSchema } } },
    async (request) => listRecibosPage(request.tenantDb, request.query),
  );

  app.post(
    '/recibos/',
    // The new receipt is built field by field from what was written, typed by the contract: no zod pass on the way out.
    { onRequest: cobranza, serializerCompiler: trustedSerializerCompiler, schema: { tags, body: ReciboCreateSchema, response: { 201: ReciboResponseSchema } } },
    async (request, reply) => {
      const recibo = await createRecibo(request.tenantDb, request.body, auditActorOf(request));
      return reply.code(201).send({ recibo });
    },
  );

  app.get(
    '/recibos/:id/',
    { onRequest: cobranza, schema: { tags, params: ReciboParamsSchema, response: { 200: ReciboResponseSchema } } },
    async (request) => ({ recibo: await getRecibo(request.tenantDb, request.params.id) }),
  );

  app.patch(
    '/recibos/:id/',
    {
      onRequest: [...cobranza, app.requirePermission('edit_asocia_recibos')],
      schema: { tags, params: ReciboParamsSchema, body: ReciboPatchSchema, response: { 200: ReciboResponseSchema } },
    },
    async (request) => ({ recibo: await patchRecibo(request.tenantDb, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.post(
    '/recibos/:id/rebaja/',
    {
      onRequest: [...cobranza, app.requirePermission('rebaja_recibos')],
      schema: { tags, params: ReciboParamsSchema, body: ReciboRebajaSchema, response: { 200: ReciboResponseSchema } },
    },
    async (request) => ({ recibo: await rebajarRecibo(request.tenantDb, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.post(
    '/recibos/:id/anular/',
    { onRequest: cobranza, schema: { tags, params: ReciboParamsSchema, body: ReciboAnularSchema, response: { 200: ReciboResponseSchema } } },
    async (request) => ({ recibo: await anularRecibo(request.tenantDb, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.post(
    '/recibos/:id/boleta/',
    { onRequest: cobranza, schema: { tags, params: ReciboParamsSchema, body: BoletaCreateSchema, response: { 200: BoletaSchema } } },
    async (request) => emitirBoleta(request.tenantDb, request.params.id, request.body, auditActorOf(request)),
  );

  app.get(
    '/recibos/:id/pdf/',
    { onRequest: [...cobranza, app.requirePermission('imprime_recibos')], schema: { tags, params: ReciboParamsSchema } },
    async (request, reply) => {
      const file = await getReciboPdf(request.tenantDb, request.params.id, request.tenant);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};

