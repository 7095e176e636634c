import {
  IdParamSchema,
  MarcarSubidoResponseSchema,
  MarcarSubidoSchema,
  idSchema,
  PlazoCumplidoResponseSchema,
  PlazoListSchema,
  plazoMessages as m,
  PlazosQuerySchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText, trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { cumplirPlazo, listPlazosJson, marcarSubido } from './plazos.service';

const PlazoIdParamsSchema = z.object({ id: idSchema(m.plazoNoEncontrado) });

/**
 * The deadlines the acts start (issue 24). Reading: any user of the receiver; meeting one: the estampar
 * module (like saving results).
 */
export const plazosRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = [app.authenticate, app.requireModule('estampar')];

  app.get(
    '/calendario/plazos/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['calendario'], querystring: PlazosQuerySchema, response: { 200: PlazoListSchema } },
      serializerCompiler: trustedSerializerCompiler,
    },
    // Written as JSON by PostgreSQL (listPlazosJson): sent as it comes.
    async (request, reply) => sendJsonText(reply, await listPlazosJson(request.tenantDb, request.query)),
  );

  app.post(
    '/calendario/plazos/:id/cumplir/',
    { onRequest: write, schema: { tags: ['calendario'], params: PlazoIdParamsSchema, response: { 200: PlazoCumplidoResponseSchema } } },
    async (request) => ({ ...(await cumplirPlazo(request.tenantDb, request.params.id, auditActorOf(request))), message: m.plazoCumplido }),
  );

  app.post(
    '/encargos/:id/marcar_subido/',
    {
      onRequest: write,
      schema: { tags: ['encargos'], params: IdParamSchema, body: MarcarSubidoSchema, response: { 200: MarcarSubidoResponseSchema } },
    },
    async (request) => ({
      plazos_cumplidos: await marcarSubido(request.tenantDb, request.params.id, request.body, auditActorOf(request)),
      message: m.estampadoSubido,
    }),
  );
};
