import {
  CobranzaConfiguracionSchema,
  CobranzaEncargosQuerySchema,
  CobranzaEncargosResponseSchema,
  CobranzaHistorialSchema,
  EnviarPlanillaResponseSchema,
  GenerarPlanillaResponseSchema,
  GenerarPlanillaSchema,
  IdParamSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firmaReceptor } from '../../integrations/mail/firma';
import {
  enviarPlanilla,
  generarPlanilla,
  getArchivo,
  getConfiguracion,
  getHistorial,
  listEncargosCobranza,
  XLSX_TYPE,
} from './cobranza.service';

/** GET /api/v1/cobranza/encargos/ — the collection preview (module cobranza). */
export const cobranzaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cobranza/encargos/',
    {
      onRequest: [app.authenticate, app.requireModule('cobranza')],
      schema: { tags: ['cobranza'], querystring: CobranzaEncargosQuerySchema, response: { 200: CobranzaEncargosResponseSchema } },
    },
    async (request) => listEncargosCobranza(request.tenantDb, request.query),
  );
};

/** The collection calls of the stamp service, registered under /estampados/api (spec 02 §7). */
export const cobranzaServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, app.requireModule('cobranza')];

  app.post(
    '/cobranza/generar-planilla',
    { onRequest, schema: { tags: ['cobranza'], body: GenerarPlanillaSchema, response: { 200: GenerarPlanillaResponseSchema } } },
    async (request) => generarPlanilla(request.tenantDb, request.auth, request.tenant.nombre, request.body),
  );

  app.get(
    '/cobranza/configuracion',
    { onRequest, schema: { tags: ['cobranza'], response: { 200: CobranzaConfiguracionSchema } } },
    async () => getConfiguracion(),
  );

  app.get(
    '/cobranza/historial',
    { onRequest, schema: { tags: ['cobranza'], response: { 200: CobranzaHistorialSchema } } },
    async (request) => getHistorial(request.tenantDb),
  );

  app.get(
    '/cobranza/planillas/:id/archivo/',
    { onRequest, schema: { tags: ['cobranza'], params: IdParamSchema, response: { 200: z.any().describe('XLSX') } } },
    async (request, reply) => {
      const archivo = await getArchivo(request.tenantDb, request.params.id);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${archivo.nombre}"; filename*=UTF-8''${encodeURIComponent(archivo.nombre)}`)
        .header('cache-control', 'no-store')
        .send(archivo.contenido);
    },
  );

  app.post(
    '/cobranza/planillas/:id/enviar/',
    { onRequest, schema: { tags: ['cobranza'], params: IdParamSchema, response: { 200: EnviarPlanillaResponseSchema } } },
    async (request) => enviarPlanilla(app.mail, request.tenantDb, request.auth, request.params.id, firmaReceptor(request.tenant)),
  );
};
