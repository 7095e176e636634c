import { AlarmaCalendarioListSchema, AlarmasProximasSchema, AlarmasRangoQuerySchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAlarmasDelRango, listAlarmasProximas } from './alarmas-avisos';

export const alarmasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alarmas/proximas/',
    { onRequest: [app.authenticate], schema: { tags: ['alarmas'], response: { 200: AlarmasProximasSchema } } },
    async (request) => listAlarmasProximas(request.tenantDb),
  );

  /** The calendar's alarms: those of a range of Santiago dates (at most 366 days); same access as the bell. */
  app.get(
    '/alarmas/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['alarmas'], querystring: AlarmasRangoQuerySchema, response: { 200: AlarmaCalendarioListSchema } },
    },
    async (request) => listAlarmasDelRango(request.tenantDb, request.query),
  );
};
