import {
  EstadoCuentaEnviadoSchema,
  EstadoCuentaEnviarSchema,
  EstadoCuentaQuerySchema,
  EstadoCuentaSchema,
  idSchema,
  PagoAplicarSchema,
  PagoCreateSchema,
  PagoResponseSchema,
  PagosListQuerySchema,
  PagosListResponseSchema,
  pagosMessages as m,
} from '@receptoria/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firmaReceptor } from '../../integrations/mail/firma';
import { sendJsonText, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { enviarEstadoCuenta, getEstadoCuentaJson, getEstadoCuentaPdf, getEstadoCuentaXlsx } from './estado-cuenta.service';
import { XLSX_TYPE } from './estado-cuenta-xlsx';
import { aplicarPago, createPago, getPago, listPagos, reversarPago } from './pagos.service';

const PagoParamsSchema = z.object({ id: idSchema(m.pagoNoEncontrado) });
const EstudioParamsSchema = z.object({ id: idSchema(m.estudioNoEncontrado) });

function sendFile(reply: FastifyReply, contentType: string, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** Payments and a firm's account statement (issue 25), module cobranza. */
export const pagosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireModule('cobranza')];
  const tags = ['pagos'];

  app.get(
    '/pagos/',
    { onRequest, schema: { tags, querystring: PagosListQuerySchema, response: { 200: PagosListResponseSchema } } },
    async (request) => listPagos(request.tenantDb, request.query),
  );

  app.post(
    '/pagos/',
    { onRequest, schema: { tags, body: PagoCreateSchema, response: { 201: PagoResponseSchema } } },
    async (request, reply) => reply.code(201).send({ pago: await createPago(request.tenantDb, request.body, auditActorOf(request)) }),
  );

  app.get(
    '/pagos/:id/',
    { onRequest, schema: { tags, params: PagoParamsSchema, response: { 200: PagoResponseSchema } } },
    async (request) => ({ pago: await getPago(request.tenantDb, request.params.id) }),
  );

  app.post(
    '/pagos/:id/aplicar/',
    { onRequest, schema: { tags, params: PagoParamsSchema, body: PagoAplicarSchema, response: { 200: PagoResponseSchema } } },
    async (request) => ({ pago: await aplicarPago(request.tenantDb, request.params.id, request.body, auditActorOf(request)) }),
  );

  app.delete(
    '/pagos/:id/',
    {
      onRequest,
      schema: {
        tags,
        description: 'Undoes a payment: it is kept, marked as reversed, and stops counting (audited).',
        params: PagoParamsSchema,
        response: { 200: PagoResponseSchema },
      },
    },
    async (request) => ({ pago: await reversarPago(request.tenantDb, request.params.id, auditActorOf(request)) }),
  );

  app.get(
    '/estudios/:id/estado_cuenta/',
    // Thousands of receipts and movements built field by field, typed by the contract: no zod pass on the way out.
    { onRequest, serializerCompiler: trustedSerializerCompiler, schema: { tags, params: EstudioParamsSchema, querystring: EstadoCuentaQuerySchema, response: { 200: EstadoCuentaSchema } } },
    async (request, reply) => sendJsonText(reply, await getEstadoCuentaJson(request.tenantDb, request.params.id, request.query.hasta, request.query)),
  );

  app.get(
    '/estudios/:id/estado_cuenta/pdf/',
    { onRequest, schema: { tags, params: EstudioParamsSchema, querystring: EstadoCuentaQuerySchema } },
    async (request, reply) =>
      sendFile(reply, 'application/pdf', await getEstadoCuentaPdf(request.tenantDb, request.params.id, request.query.hasta, request.tenant)),
  );

  app.get(
    '/estudios/:id/estado_cuenta/xlsx/',
    { onRequest, schema: { tags, params: EstudioParamsSchema, querystring: EstadoCuentaQuerySchema } },
    async (request, reply) =>
      sendFile(reply, XLSX_TYPE, await getEstadoCuentaXlsx(request.tenantDb, request.params.id, request.query.hasta, request.tenant.nombre)),
  );

  app.post(
    '/estudios/:id/estado_cuenta/enviar/',
    { onRequest, schema: { tags, params: EstudioParamsSchema, body: EstadoCuentaEnviarSchema, response: { 200: EstadoCuentaEnviadoSchema } } },
    async (request) =>
      enviarEstadoCuenta(
        app.mail,
        request.tenantDb,
        request.params.id,
        request.body.hasta,
        request.tenant,
        firmaReceptor(request.tenant),
        auditActorOf(request),
      ),
  );
};
