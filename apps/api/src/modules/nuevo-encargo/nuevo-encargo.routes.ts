import {
  EncargoCreateSchema,
  EncargoDetailSchema,
  EncargoExportQuerySchema,
  FichaTerrenoRequestSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyHeadersSchema,
  MembreteRequestSchema,
} from '@receptoria/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { auditActorOf } from '../auditoria/audit-actor';
import { solicitudesLecturaRoutes } from '../portal/solicitudes-lectura.routes';
import { crearConDocumentosRoutes } from './crear-con-documentos.routes';
import { buildPendientesXlsx } from './pendientes-xlsx';
import { createEncargoOnce, generateFichaTerreno, generateMembrete, type PdfFile } from './nuevo-encargo.service';

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('cache-control', 'no-store')
    .send(file.content);
}

export const nuevoEncargoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/nuevo_encargo/crear/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['encargos'],
        description: 'Creates a complete assignment. An Idempotency-Key header makes a repeated submission return the first one.',
        headers: IdempotencyHeadersSchema,
        body: EncargoCreateSchema,
        response: { 201: EncargoDetailSchema },
      },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createEncargoOnce(
            request.tenantDb,
            request.body,
            auditActorOf(request),
            request.headers[IDEMPOTENCY_HEADER],
          ),
        ),
  );

  app.post(
    '/nuevo_encargo/generar_membrete/',
    { onRequest: [app.authenticate], schema: { tags: ['encargos'], body: MembreteRequestSchema } },
    async (request, reply) => sendPdf(reply, await generateMembrete(request.body, request.tenant.nombre)),
  );

  app.post(
    '/nuevo_encargo/generar_ficha_terreno/',
    { onRequest: [app.authenticate], schema: { tags: ['encargos'], body: FichaTerrenoRequestSchema } },
    async (request, reply) =>
      sendPdf(reply, await generateFichaTerreno(request.tenantDb, request.body, request.tenant.nombre)),
  );

  app.get(
    '/encargos/exportar/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['encargos'],
        description: 'Ver Pendientes as an XLSX spreadsheet, with the same filters as /encargos/lista/.',
        querystring: EncargoExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await buildPendientesXlsx(request.tenantDb, request.query);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('access-control-expose-headers', 'content-disposition')
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  // Creation with the PDFs chosen in 'Leer desde PDF' (multipart, in its own scope).
  await app.register(crearConDocumentosRoutes);
  // The same reading for the firm in the portal and for the office checking a portal request.
  await app.register(solicitudesLecturaRoutes);
};
