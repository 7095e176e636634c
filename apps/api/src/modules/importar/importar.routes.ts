import multipart from '@fastify/multipart';
import {
  ImportarConfirmarResponseSchema,
  ImportarConfirmarSchema,
  ImportarIdParamSchema,
  ImportarMapeoSchema,
  ImportarPreviewSchema,
  importarMessages as m,
  IMPORTAR_ZIP_MAX_BYTES,
  idSchema,
} from '@receptoria/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { portalActorOf } from '../portal/portal-auth.plugin';
import { buildPlantillaXlsx, buildResultadoXlsx, type XlsxFile } from './importar-xlsx';
import { leerSubida } from './importar-subida';
import { confirmarImportacion, crearImportacion, filasParaResultado, getImportacion, type Importador } from './importar.service';

const tags = ['importar'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const PlantillaQuerySchema = z.object({
  estudio: z.preprocess((v) => (v === '' ? undefined : v), idSchema(m.estudioInvalido).optional()),
});

function sendXlsx(reply: FastifyReply, file: XlsxFile) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .send(file.content);
}

const oficina = (request: FastifyRequest): Importador => ({ origen: 'oficina', actor: auditActorOf(request) });
const portal = (request: FastifyRequest): Importador => ({
  origen: 'portal',
  actor: portalActorOf(request),
  autor: { usuarioId: request.portal.usuarioId, estudioId: request.portal.estudioId, nombre: request.portal.nombre, email: request.portal.email },
});

const previewDescription =
  'Preview of a spreadsheet of assignments: multipart `archivo` (.xlsx or .csv, ≤ 20 MB, ≤ 20,000 rows), optional `documentos` (ZIP of PDFs named by rol), `estudio` and `mapeo` (JSON: unknown header → field, remembered for the firm).';

/**
 * Nuevo Encargo in bulk (issue 41 §2): the template, the preview of an upload, its confirmation and the
 * outcome sheet — for the office (any firm, assignments created) and for a firm's portal user (its own
 * firm only; the rows become requests in the office's inbox).
 */
export const importarRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORTAR_ZIP_MAX_BYTES, files: 2, fields: 3, parts: 5 } });

  for (const lado of ['oficina', 'portal'] as const) {
    const base = lado === 'oficina' ? '/nuevo_encargo/importar' : '/portal/importar';
    const onRequest = [lado === 'oficina' ? app.authenticate : app.authenticatePortal];
    const quien = lado === 'oficina' ? oficina : portal;

    app.get(
      `${base}/plantilla.xlsx`,
      { onRequest, schema: { tags, description: 'The import template (.xlsx) with drop-down lists and instructions.', querystring: PlantillaQuerySchema } },
      async (request, reply) => {
        const estudio = lado === 'portal' ? request.portal.estudioId : request.query.estudio;
        return sendXlsx(reply, await buildPlantillaXlsx(request.tenantDb, estudio));
      },
    );

    app.post(
      `${base}/`,
      {
        onRequest,
        config: { multipartJson: { mapeo: ImportarMapeoSchema } },
        schema: { tags, description: previewDescription, consumes: ['multipart/form-data'], response: { 201: ImportarPreviewSchema } },
        // Up to 20,000 rows built by the service from the contract's types: not re-validated on the way out.
        serializerCompiler: trustedSerializerCompiler,
      },
      async (request, reply) => {
        const subida = await leerSubida(request);
        const estudioId = lado === 'portal' ? request.portal.estudioId : subida.estudio;
        if (estudioId === undefined) throw new AppError('BAD_REQUEST', m.estudioRequerido, { errors: { estudio: [m.estudioRequerido] } });
        const preview = await crearImportacion(request.tenantDb, quien(request), { ...subida, estudioId });
        return reply.status(201).send(preview);
      },
    );

    app.get(
      `${base}/:id/`,
      { onRequest, schema: { tags, params: ImportarIdParamSchema, response: { 200: ImportarPreviewSchema } }, serializerCompiler: trustedSerializerCompiler },
      async (request) => getImportacion(request.tenantDb, request.params.id, quien(request)),
    );

    app.post(
      `${base}/:id/confirmar/`,
      { onRequest, schema: { tags, params: ImportarIdParamSchema, body: ImportarConfirmarSchema, response: { 200: ImportarConfirmarResponseSchema } } },
      async (request) => confirmarImportacion(request.tenantDb, request.params.id, request.body?.filas, quien(request)),
    );

    app.get(
      `${base}/:id/resultado.xlsx`,
      { onRequest, schema: { tags, params: ImportarIdParamSchema } },
      async (request, reply) => {
        const { row, filas } = await filasParaResultado(request.tenantDb, request.params.id, quien(request));
        return sendXlsx(reply, await buildResultadoXlsx(filas, row.origen, row.confirmadaEn !== null));
      },
    );
  }
};
