import {
  RutaDomiciliosQuerySchema,
  RutaDomiciliosResponseSchema,
  RutaGeneradaSchema,
  RutaGenerarSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateRuta, getDomiciliosPendientes } from './rutas.service';

/** Route planning (spec 02 §2.3, §7 Routes). Open to every signed-in user of the receiver. */
export const rutasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rutas/domicilios_pendientes/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['rutas'], querystring: RutaDomiciliosQuerySchema, response: { 200: RutaDomiciliosResponseSchema } },
    },
    async (request) => getDomiciliosPendientes(request.tenantDb, request.query),
  );

  app.post(
    '/rutas/generar/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['rutas'], body: RutaGenerarSchema, response: { 200: RutaGeneradaSchema } },
    },
    async (request) => generateRuta(request.tenantDb, request.body, request.tenant.comuna, request.auth.userId),
  );
};
