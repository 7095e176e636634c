import { AlarmasProximasSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAlarmasProximas } from './alarmas-avisos';

export const alarmasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alarmas/proximas/',
    { onRequest: [app.authenticate], schema: { tags: ['alarmas'], response: { 200: AlarmasProximasSchema } } },
    async (request) => listAlarmasProximas(request.tenantDb),
  );
};
