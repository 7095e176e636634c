import {
  DashboardDetalleSchema,
  DashboardEstadisticasResponseSchema,
  DetalleParamsSchema,
  IndicadoresResponseSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboardEstadisticas } from './dashboard.service';
import { getDashboardDetalle } from './detalle.service';
import { getIndicadores } from './indicadores.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/indicadores-economicos/',
    { onRequest: [app.authenticate], schema: { tags: ['dashboard'], response: { 200: IndicadoresResponseSchema } } },
    async (request) => getIndicadores({ controlDb: app.controlDb, source: app.indicadoresSource, log: request.log }),
  );

  app.get(
    '/dashboard/estadisticas/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['dashboard'], response: { 200: DashboardEstadisticasResponseSchema } },
    },
    async (request) => getDashboardEstadisticas(request.tenantDb),
  );

  app.get(
    '/dashboard/detalle/:clave/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['dashboard'], params: DetalleParamsSchema, response: { 200: DashboardDetalleSchema } },
    },
    async (request) => getDashboardDetalle(request.tenantDb, request.params.clave),
  );
};
