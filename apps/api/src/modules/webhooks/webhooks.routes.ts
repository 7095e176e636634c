import {
  IdParamSchema,
  WebhookEndpointCreadoSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointPatchSchema,
  WebhookEndpointSchema,
  WebhookEndpointsListSchema,
  WebhookEntregasListSchema,
  WebhookMensajeSchema,
  webhooksMessages as m,
} from '@receptoria/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireEstudio } from '../portal/portal-usuarios.service';
import { WEBHOOKS_QUEUE } from './webhooks.entregas';
import {
  cambiarEndpoint,
  crearEndpoint,
  eliminarEndpoint,
  listarEndpoints,
  listarEntregas,
  probarEndpoint,
  reenviarEntrega,
} from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** WEBHOOKS_PERMITIR_PRIVADAS: webhooks may reach loopback and private addresses (tests and development). */
    webhooksPermitirPrivadas: boolean;
  }
}

const EndpointParamsSchema = z.object({ id: IdParamSchema.shape.id, endpoint_id: IdParamSchema.shape.id });
const EntregaParamsSchema = EndpointParamsSchema.extend({ entrega_id: IdParamSchema.shape.id });
const tags = ['webhooks'];

/** Delivers at once what was just queued ('Probar', 'Reenviar'), where jobs run; else the next minute's pass does. */
async function entregarPronto(app: FastifyInstance): Promise<void> {
  await app.jobs?.send(WEBHOOKS_QUEUE, {}, { retryLimit: 0 }).catch((error: unknown) => app.log.warn({ err: error }, 'webhook delivery not queued'));
}

/** Office side: a firm's webhook endpoints (Configuraciones Estudio → Webhooks). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const privadas = () => app.webhooksPermitirPrivadas === true;

  app.get(
    '/estudios/:id/webhooks/',
    { onRequest: [app.authenticate], schema: { tags, params: IdParamSchema, response: { 200: WebhookEndpointsListSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return { results: await listarEndpoints(request.tenantDb, request.params.id) };
    },
  );

  app.post(
    '/estudios/:id/webhooks/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        description: 'A new webhook endpoint for the firm: its signing secret (`whsec_…`) is in this answer only.',
        params: IdParamSchema,
        body: WebhookEndpointCreateSchema,
        response: { 201: WebhookEndpointCreadoSchema },
      },
    },
    async (request, reply) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return reply.status(201).send(await crearEndpoint(request.tenantDb, request.params.id, request.body, privadas()));
    },
  );

  app.patch(
    '/estudios/:id/webhooks/:endpoint_id/',
    { onRequest: [app.authenticate], schema: { tags, params: EndpointParamsSchema, body: WebhookEndpointPatchSchema, response: { 200: WebhookEndpointSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return cambiarEndpoint(request.tenantDb, request.params.id, request.params.endpoint_id, request.body, privadas());
    },
  );

  app.delete(
    '/estudios/:id/webhooks/:endpoint_id/',
    { onRequest: [app.authenticate], schema: { tags, params: EndpointParamsSchema, response: { 200: WebhookMensajeSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      await eliminarEndpoint(request.tenantDb, request.params.id, request.params.endpoint_id);
      return { message: m.endpointEliminado };
    },
  );

  app.post(
    '/estudios/:id/webhooks/:endpoint_id/probar/',
    { onRequest: [app.authenticate], schema: { tags, description: 'Sends a `ping` event to the endpoint.', params: EndpointParamsSchema, response: { 202: WebhookMensajeSchema } } },
    async (request, reply) => {
      await requireEstudio(request.tenantDb, request.params.id);
      const eventoId = await probarEndpoint(request.tenantDb, request.params.id, request.params.endpoint_id);
      await entregarPronto(app);
      return reply.status(202).send({ message: m.pruebaProgramada, evento_id: eventoId });
    },
  );

  app.get(
    '/estudios/:id/webhooks/:endpoint_id/entregas/',
    { onRequest: [app.authenticate], schema: { tags, description: 'Delivery attempts, newest first.', params: EndpointParamsSchema, response: { 200: WebhookEntregasListSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return listarEntregas(request.tenantDb, request.params.id, request.params.endpoint_id);
    },
  );

  app.post(
    '/estudios/:id/webhooks/:endpoint_id/entregas/:entrega_id/reenviar/',
    { onRequest: [app.authenticate], schema: { tags, description: 'Delivers the attempt\'s event again (same id and body).', params: EntregaParamsSchema, response: { 202: WebhookMensajeSchema } } },
    async (request, reply) => {
      await requireEstudio(request.tenantDb, request.params.id);
      const eventoId = await reenviarEntrega(request.tenantDb, request.params.id, request.params.endpoint_id, request.params.entrega_id);
      await entregarPronto(app);
      return reply.status(202).send({ message: m.reenvioProgramado, evento_id: eventoId });
    },
  );
};
