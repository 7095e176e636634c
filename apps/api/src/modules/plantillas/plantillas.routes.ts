import multipart from '@fastify/multipart';
import {
  CrearPlantillaResponseSchema,
  CrearPlantillaSchema,
  DOCX_MIME,
  MarcadoresResponseSchema,
  PlantillaIdParamSchema,
  PlantillaListResponseSchema,
  PlantillaMarcadoresDesconocidosSchema,
  plantillaMessages as m,
  PlantillaResponseSchema,
  SubirPlantillaQuerySchema,
  SubirPlantillaResponseSchema,
  VerificarPlantillaResponseSchema,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import {
  crearPlantilla,
  descargarArchivo,
  getPlantilla,
  getPlantillas,
  marcadoresDePlantilla,
  marcadoresReferencia,
  PLANTILLA_MAX_BYTES,
  subirArchivo,
  UnknownMarkersError,
  verificarPlantilla,
} from './plantillas.service';

/** Reads the uploaded .docx: multipart field 'archivo' (the web form) or the raw body. */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    try {
      const part = await request.file({ limits: { fileSize: PLANTILLA_MAX_BYTES, files: 1 } });
      if (!part) throw new AppError('BAD_REQUEST', m.archivoInvalido);
      const bytes = await part.toBuffer();
      return bytes;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', m.archivoDemasiadoGrande);
      throw new AppError('BAD_REQUEST', m.archivoInvalido);
    }
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new AppError('BAD_REQUEST', m.archivoInvalido);
}

/** Gestión de Plantillas under /estampados/api (spec 02 §2.9, §7). */
export const plantillasServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PLANTILLA_MAX_BYTES, files: 1, fields: 5 } });
  app.addContentTypeParser([DOCX_MIME, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: PLANTILLA_MAX_BYTES + 1 }, (_request, body, done) =>
    done(null, body),
  );
  const tags = ['plantillas'];

  app.get(
    '/plantillas',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: PlantillaListResponseSchema } } },
    async (request) => ({ success: true as const, plantillas: await getPlantillas(request.tenantDb, request.tenant.nombre) }),
  );

  app.get(
    '/plantillas/marcadores-referencia',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: MarcadoresResponseSchema } } },
    async () => ({ success: true as const, marcadores: marcadoresReferencia() }),
  );

  app.post(
    '/plantillas/crear-nueva',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: { tags, body: CrearPlantillaSchema, response: { 201: CrearPlantillaResponseSchema } },
    },
    async (request, reply) => {
      const plantilla = await crearPlantilla(request.tenantDb, request.body, request.auth.username, request.tenant.nombre);
      return reply.status(201).send({ success: true, message: m.creada, plantilla });
    },
  );

  app.get(
    '/plantillas/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: PlantillaIdParamSchema, response: { 200: PlantillaResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      plantilla: await getPlantilla(request.tenantDb, request.params.id, request.tenant.nombre),
    }),
  );

  app.get(
    '/plantillas/:id/marcadores',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: PlantillaIdParamSchema, response: { 200: MarcadoresResponseSchema } },
    },
    async (request) => ({ success: true as const, marcadores: await marcadoresDePlantilla(request.tenantDb, request.params.id) }),
  );

  app.get(
    '/plantillas/:id/verificar',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: PlantillaIdParamSchema, response: { 200: VerificarPlantillaResponseSchema } },
    },
    async (request) => verificarPlantilla(request.tenantDb, request.params.id),
  );

  app.put(
    '/plantillas/:id/archivo',
    {
      onRequest: [app.authenticate, app.requireModule('estampar')],
      schema: {
        tags,
        description:
          "Replaces the template's file: multipart field 'archivo' (a .docx up to 5 MB) or the raw .docx body. " +
          'A file with unknown markers is refused (422, nothing stored) unless aceptar_desconocidos=1.',
        consumes: ['multipart/form-data', DOCX_MIME, 'application/octet-stream'],
        params: PlantillaIdParamSchema,
        querystring: SubirPlantillaQuerySchema,
        response: { 200: SubirPlantillaResponseSchema, 422: PlantillaMarcadoresDesconocidosSchema },
      },
    },
    async (request, reply) => {
      const bytes = await uploadedBytes(request);
      try {
        const result = await subirArchivo(request.tenantDb, request.params.id, bytes, request.auth.username, request.tenant.nombre, {
          aceptarDesconocidos: request.query.aceptar_desconocidos,
        });
        return reply.status(200).send({ success: true as const, message: m.archivoActualizado, ...result });
      } catch (error) {
        if (!(error instanceof UnknownMarkersError)) throw error;
        return reply.status(422).send({ detail: error.message, marcadores_desconocidos: error.marcadores });
      }
    },
  );

  app.get(
    '/plantillas/:id/archivo',
    { onRequest: [app.authenticate], schema: { tags, params: PlantillaIdParamSchema } },
    async (request, reply) => {
      const { docx, nombre } = await descargarArchivo(request.tenantDb, request.params.id);
      return reply
        .header('content-type', DOCX_MIME)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${nombre}.docx`)}`)
        .header('cache-control', 'private, no-store')
        .send(docx);
    },
  );
};
