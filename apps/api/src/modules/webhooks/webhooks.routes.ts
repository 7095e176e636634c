import {
  IdParamSchema,
  WebhookEndpointCreadoSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointPatchSchema,
  WebhookEndpointSchema,
  WebhookEndpointsListSchema,
  WebhookEntregasListSchema,
  WebhookMensajeSchema,
  WebhookSecretoRotadoSchema,
  webhooksMessages as m,
} from '@receptoria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
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
  rotarSecreto,
} from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** WEBHOOKS_PERMITIR_PRIVADAS: webhooks may reach loopback and private addresses (tests and development). */
    webhooksPermitirPrivadas: boolean;
  }
}

const id = IdParamSchema.shape.id;
const tags = ['webhooks'];
const portalTags = ['API para estudios'];

/** Delivers at once what was just queued ('Probar', 'Reenviar'), where jobs run; else the next minute's pass does. */
async function entregarPronto(app: FastifyInstance): Promise<void> {
  await app.jobs?.send(WEBHOOKS_QUEUE, {}, { retryLimit: 0 }).catch((error: unknown) => app.log.warn({ err: error }, 'webhook delivery not queued'));
}

/**
 * The same seven routes for the office (a firm's id in the path) and for the firm itself (its own
 * endpoints only): `firma` resolves the firm a request acts for, after its own checks.
 */
function rutasWebhooks<P extends z.ZodObject>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  opciones: {
    base: string;
    params: P;
    tags: string[];
    onRequest: Array<(request: FastifyRequest) => Promise<void>>;
    firma: (request: FastifyRequest) => Promise<number>;
  },
) {
  const { base, params, onRequest, firma } = opciones;
  const privadas = () => app.webhooksPermitirPrivadas === true;
  const EndpointParams = params.extend({ endpoint_id: id });
  const EntregaParams = EndpointParams.extend({ entrega_id: id });
  const schema = <T extends object>(s: T) => ({ tags: opciones.tags, ...s });
  const endpointId = (request: FastifyRequest) => (request.params as { endpoint_id: number }).endpoint_id;

  app.get(`${base}`, { onRequest, schema: schema({ params, response: { 200: WebhookEndpointsListSchema } }) }, async (request) => ({
    results: await listarEndpoints(request.tenantDb, await firma(request)),
  }));

  app.post(
    `${base}`,
    {
      onRequest,
      schema: schema({
        description: 'A new webhook endpoint of the firm: its signing secret (`whsec_…`) is in this answer only.',
        params,
        body: WebhookEndpointCreateSchema,
        response: { 201: WebhookEndpointCreadoSchema },
      }),
    },
    async (request, reply) => reply.status(201).send(await crearEndpoint(request.tenantDb, await firma(request), request.body, privadas())),
  );

  app.patch(
    `${base}:endpoint_id/`,
    { onRequest, schema: schema({ params: EndpointParams, body: WebhookEndpointPatchSchema, response: { 200: WebhookEndpointSchema } }) },
    async (request) => cambiarEndpoint(request.tenantDb, await firma(request), endpointId(request), request.body, privadas()),
  );

  app.delete(`${base}:endpoint_id/`, { onRequest, schema: schema({ params: EndpointParams, response: { 200: WebhookMensajeSchema } }) }, async (request) => {
    await eliminarEndpoint(request.tenantDb, await firma(request), endpointId(request));
    return { message: m.endpointEliminado };
  });

  app.post(
    `${base}:endpoint_id/rotar_secreto/`,
    {
      onRequest,
      schema: schema({
        description: 'A new signing secret, in this answer only; for 24 h the previous one signs too (two `v1=` in `Receptoria-Firma`).',
        params: EndpointParams,
        response: { 200: WebhookSecretoRotadoSchema },
      }),
    },
    async (request) => rotarSecreto(request.tenantDb, await firma(request), endpointId(request)),
  );

  app.post(
    `${base}:endpoint_id/probar/`,
    { onRequest, schema: schema({ description: 'Sends a `ping` event to the endpoint.', params: EndpointParams, response: { 202: WebhookMensajeSchema } }) },
    async (request, reply) => {
      const eventoId = await probarEndpoint(request.tenantDb, await firma(request), endpointId(request));
      await entregarPronto(app);
      return reply.status(202).send({ message: m.pruebaProgramada, evento_id: eventoId });
    },
  );

  app.get(
    `${base}:endpoint_id/entregas/`,
    { onRequest, schema: schema({ description: 'Delivery attempts, newest first.', params: EndpointParams, response: { 200: WebhookEntregasListSchema } }) },
    async (request) => listarEntregas(request.tenantDb, await firma(request), endpointId(request)),
  );

  app.post(
    `${base}:endpoint_id/entregas/:entrega_id/reenviar/`,
    {
      onRequest,
      schema: schema({ description: "Delivers the attempt's event again (same id and body).", params: EntregaParams, response: { 202: WebhookMensajeSchema } }),
    },
    async (request, reply) => {
      const { entrega_id } = request.params as { entrega_id: number };
      const eventoId = await reenviarEntrega(request.tenantDb, await firma(request), endpointId(request), entrega_id);
      await entregarPronto(app);
      return reply.status(202).send({ message: m.reenvioProgramado, evento_id: eventoId });
    },
  );
}

/** Office side: a firm's webhook endpoints (Configuraciones Estudio → Webhooks). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  rutasWebhooks(app, {
    base: '/estudios/:id/webhooks/',
    params: IdParamSchema,
    tags,
    onRequest: [app.authenticate as unknown as (request: FastifyRequest) => Promise<void>],
    firma: async (request) => {
      const estudioId = (request.params as { id: number }).id;
      await requireEstudio(request.tenantDb, estudioId);
      return estudioId;
    },
  });
};

/**
 * The firm's own side: its portal users with the administra_api right, and its API keys with the
 * `webhooks:administrar` scope (the key's scope is checked by the portal's key authentication).
 */
export const portalWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const administra = async (request: FastifyRequest) => {
    await app.authenticatePortal(request, undefined as never);
    if (!request.portal.claveApi && !request.portal.administraApi) throw new AppError('FORBIDDEN', m.sinDerechoApi);
  };
  rutasWebhooks(app, {
    base: '/portal/webhooks/',
    params: z.object({}),
    tags: portalTags,
    onRequest: [administra],
    firma: async (request) => request.portal.estudioId,
  });
};
