import {
  ConfiguracionInformesInputSchema,
  ConfiguracionInformesSchema,
  EnviarExcelResponseSchema,
  EnviarExcelSchema,
  EstudioIdParamSchema,
  GenerarExcelSchema,
  GuardarConfiguracionResponseSchema,
  InformeEnvioSchema,
  InformePreviewSchema,
  InformesEnviadosQuerySchema,
  PreviewQuerySchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enviarExcel,
  generarExcel,
  getConfiguracion,
  guardarConfiguracion,
  listInformesEnviados,
  previewInforme,
} from './informes.service';

/** Automatic reports of a firm (spec 01 §7 Firms). */
export const informesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['informes'];

  app.get(
    '/estudios/:id/configuracion_informes/',
    { onRequest: [app.authenticate], schema: { tags, params: EstudioIdParamSchema, response: { 200: ConfiguracionInformesSchema } } },
    async (request) => getConfiguracion(request.tenantDb, request.params.id),
  );

  app.post(
    '/estudios/:id/guardar_configuracion_informes/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        params: EstudioIdParamSchema,
        body: ConfiguracionInformesInputSchema,
        response: { 200: GuardarConfiguracionResponseSchema },
      },
    },
    async (request) => guardarConfiguracion(request.tenantDb, request.params.id, request.body),
  );

  app.get(
    '/estudios/:id/preview_informe_automatico/',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: EstudioIdParamSchema, querystring: PreviewQuerySchema, response: { 200: InformePreviewSchema } },
    },
    async (request) => previewInforme(request.tenantDb, request.params.id, request.query),
  );

  app.post(
    '/estudios/:id/generar_excel_informe/',
    { onRequest: [app.authenticate], schema: { tags, params: EstudioIdParamSchema, body: GenerarExcelSchema } },
    async (request, reply) => {
      const archivo = await generarExcel(request.tenantDb, request.tenant.nombre, request.params.id, request.body);
      return reply
        .header('content-type', archivo.contentType)
        .header('content-disposition', `attachment; filename="${archivo.filename}"`)
        .send(archivo.content);
    },
  );

  app.post(
    '/estudios/:id/enviar_excel_correo/',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: EstudioIdParamSchema, body: EnviarExcelSchema, response: { 200: EnviarExcelResponseSchema } },
    },
    async (request) =>
      enviarExcel({ db: request.tenantDb, mail: app.mail, receptor: request.tenant }, request.params.id, request.body),
  );

  app.get(
    '/estudios/:id/informes_enviados/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        params: EstudioIdParamSchema,
        querystring: InformesEnviadosQuerySchema,
        response: { 200: z.array(InformeEnvioSchema) },
      },
    },
    async (request) => listInformesEnviados(request.tenantDb, request.params.id, request.query.limite),
  );
};
