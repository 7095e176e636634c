import { ClaveApiCreadaSchema, ClaveApiCreateSchema, ClaveApiRevocadaSchema, ClavesApiListSchema, clavesApiMessages as m, IdParamSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../auditoria/audit-actor';
import { createClaveApi, listClavesApi, revokeClaveApi } from './claves-api.service';
import { requireEstudio } from './portal-usuarios.service';

const ClaveParamsSchema = z.object({ id: IdParamSchema.shape.id, clave_id: IdParamSchema.shape.id });
const tags = ['claves-api'];

/** Office side: a firm's API keys (Configuraciones Estudio → Claves API). */
export const clavesApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/estudios/:id/claves_api/',
    { onRequest: [app.authenticate], schema: { tags, params: IdParamSchema, response: { 200: ClavesApiListSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return { results: await listClavesApi(app.controlDb, request.tenant.id, request.params.id) };
    },
  );

  app.post(
    '/estudios/:id/claves_api/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        description: 'A new API key for the firm: the secret (`rk_…`) is in this answer only; the list shows its prefix.',
        params: IdParamSchema,
        body: ClaveApiCreateSchema,
        response: { 201: ClaveApiCreadaSchema },
      },
    },
    async (request, reply) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return reply.status(201).send(await createClaveApi(app.controlDb, request.tenant.id, request.params.id, request.body, auditActorOf(request)));
    },
  );

  app.delete(
    '/estudios/:id/claves_api/:clave_id/',
    { onRequest: [app.authenticate], schema: { tags, description: 'Revokes the key on every instance at once.', params: ClaveParamsSchema, response: { 200: ClaveApiRevocadaSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      await revokeClaveApi(app.controlDb, request.tenant.id, request.params.id, request.params.clave_id, auditActorOf(request));
      app.sessionCache.forgetClaveApi(request.params.clave_id);
      return { message: m.claveRevocada };
    },
  );
};
