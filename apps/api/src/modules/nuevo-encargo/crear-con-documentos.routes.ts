import multipart from '@fastify/multipart';
import {
  EncargoCreateSchema,
  EncargoDetailSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyHeadersSchema,
  LECTURA_ARCHIVOS,
  LECTURA_PDF_MAX_BYTES,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { guardInput } from '../../plugins/input-guard';
import { auditActorOf } from '../auditoria/audit-actor';
import { adjuntarDocumentos } from './adjuntar-documentos';
import { createEncargoOnce } from './nuevo-encargo.service';
import { readPdfMultipart } from './pdf-multipart';

/** The creation body as JSON text inside the multipart form. */
const DATOS_MAX_BYTES = 256 * 1024;
const DATOS_REQUERIDOS = 'Los datos del encargo son requeridos';
const DATOS_INVALIDOS = 'Los datos del encargo no son un JSON válido';

/**
 * Nuevo Encargo with the PDFs chosen in 'Leer desde PDF': multipart `datos` (the creation body as JSON,
 * the same rules as /nuevo_encargo/crear/) and the files `demanda` and/or `resolucion`. The assignment
 * and its attachments are written in one transaction; an Idempotency-Key makes a repeat return the
 * first assignment without attaching anything twice.
 */
export const crearConDocumentosRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: LECTURA_PDF_MAX_BYTES, files: LECTURA_ARCHIVOS.length, fields: 2, parts: 4 } });
  }

  app.post(
    '/nuevo_encargo/crear_con_documentos/',
    {
      onRequest: [app.authenticate],
      config: { multipartJson: { datos: EncargoCreateSchema } },
      schema: {
        tags: ['encargos'],
        description:
          'Creates a complete assignment and attaches the demanda and/or resolución PDFs: multipart field `datos` (JSON, the body of /nuevo_encargo/crear/) and files `demanda`, `resolucion` (≤ 10 MiB each).',
        consumes: ['multipart/form-data'],
        headers: IdempotencyHeadersSchema,
        response: { 201: EncargoDetailSchema },
      },
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request, reply) => {
      const { archivos, textos } = await readPdfMultipart(request, ['datos'], DATOS_MAX_BYTES);
      const texto = textos.datos;
      if (texto === undefined) throw new AppError('BAD_REQUEST', DATOS_REQUERIDOS, { errors: { datos: [DATOS_REQUERIDOS] } });
      let datos: unknown;
      try {
        datos = JSON.parse(texto) as unknown;
      } catch {
        throw new AppError('BAD_REQUEST', DATOS_INVALIDOS, { errors: { datos: [DATOS_INVALIDOS] } });
      }
      guardInput(datos, request.routeOptions.config.maxInputString);
      const parsed = EncargoCreateSchema.safeParse(datos);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'datos'] ??= []).push(issue.message);
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? DATOS_INVALIDOS, { errors });
      }
      const actor = auditActorOf(request);
      const encargo = await request.tenantDb.transaction(async (tx) => {
        const created = await createEncargoOnce(tx, parsed.data, actor, request.headers[IDEMPOTENCY_HEADER]);
        await adjuntarDocumentos(tx, created.id, archivos, actor.username);
        return created;
      });
      return reply.status(201).send(encargo);
    },
  );
};
