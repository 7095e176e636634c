import {
  EstadisticasDiariasQuerySchema,
  EstadisticasDiariasSchema,
  EstadisticasMensualesQuerySchema,
  EstadisticasMensualesSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getDiarias, getMensuales } from './estadisticas.service';
import { buildInformeMensualPdf } from './informe-mensual-pdf';

/** Estadísticas e Informes (spec 02 §2.5, §7), module estadisticas. */
export const estadisticasRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireModule('estadisticas')];

  app.get(
    '/estadisticas/diarias/',
    { onRequest, schema: { tags: ['estadisticas'], querystring: EstadisticasDiariasQuerySchema, response: { 200: EstadisticasDiariasSchema } } },
    async (request) => getDiarias(request.tenantDb, request.query.fecha),
  );

  app.get(
    '/estadisticas/mensuales/',
    { onRequest, schema: { tags: ['estadisticas'], querystring: EstadisticasMensualesQuerySchema, response: { 200: EstadisticasMensualesSchema } } },
    async (request) => getMensuales(request.tenantDb, request.query.mes),
  );

  app.get(
    '/estadisticas/mensuales/pdf/',
    { onRequest, schema: { tags: ['estadisticas'], querystring: EstadisticasMensualesQuerySchema, response: { 200: z.any().describe('PDF') } } },
    async (request, reply) => {
      const data = await getMensuales(request.tenantDb, request.query.mes);
      const pdf = await buildInformeMensualPdf(data, request.tenant.nombre);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="informe_mensual_${data.mes}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
