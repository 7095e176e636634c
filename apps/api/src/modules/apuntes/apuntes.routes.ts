import { ApunteSaveResponseSchema, ApunteSaveSchema, ApunteSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApunte, saveApunte } from './apuntes.service';

export const apuntesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apuntes-personales/texto/',
    { onRequest: [app.authenticate], schema: { tags: ['dashboard'], response: { 200: ApunteSchema } } },
    async (request) => getApunte(request.tenantDb, request.auth.userId),
  );

  app.post(
    '/apuntes-personales/guardar_texto/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['dashboard'], body: ApunteSaveSchema, response: { 200: ApunteSaveResponseSchema } },
    },
    async (request) => saveApunte(request.tenantDb, request.auth.userId, request.body.texto),
  );
};
