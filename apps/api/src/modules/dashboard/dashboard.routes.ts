import {
  CierreDiaQuerySchema,
  CierreDiaSchema,
  DashboardDetalleSchema,
  DashboardEstadisticasResponseSchema,
  DetalleParamsSchema,
  IndicadoresResponseSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCierreDia, getCierreDiaPdf } from './cierre-dia.service';
import { getDashboardEstadisticas } from './dashboard.service';
import { getDashboardDetalle } from './detalle.service';
import { getIndicadores } from './indicadores.service';
import { guardarUfDeIndicadores } from './valores-uf.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/indicadores-economicos/',
    { onRequest: [app.authenticate], schema: { tags: ['dashboard'], response: { 200: IndicadoresResponseSchema } } },
    async (request) => {
      const respuesta = await getIndicadores({ controlDb: app.controlDb, source: app.indicadoresSource, log: request.log });
      // The day's UF joins the receiver's history (the reading of demandas converts with it).
      await guardarUfDeIndicadores(request.tenantDb, respuesta).catch((error: unknown) => request.log.warn({ err: error }, 'the day’s UF could not be stored'));
      return respuesta;
    },
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

  app.get(
    '/dashboard/cierre_dia/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['dashboard'],
        description: "The day's closing (America/Santiago, today when fecha is absent): certificates issued with their fees, totals, billable, the field visits (visitas) with what followed them, assignments worked without results.",
        querystring: CierreDiaQuerySchema,
        response: { 200: CierreDiaSchema },
      },
    },
    async (request) => getCierreDia(request.tenantDb, request.query.fecha),
  );

  app.get(
    '/dashboard/cierre_dia/pdf/',
    { onRequest: [app.authenticate], schema: { tags: ['dashboard'], querystring: CierreDiaQuerySchema } },
    async (request, reply) => {
      const file = await getCierreDiaPdf(request.tenantDb, request.query.fecha, request.tenant.nombre);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
};
