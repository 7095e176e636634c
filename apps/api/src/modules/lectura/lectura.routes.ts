import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  LECTURA_ARCHIVOS,
  LECTURA_NDJSON,
  LECTURA_PDF_MAX_BYTES,
  type LecturaDocumento,
  LecturaDocumentosCamposSchema,
  type LecturaDocumentosResponse,
  LecturaDocumentosResponseSchema,
  type LecturaEvento,
  lecturaMessages as m,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { aceptarArchivo, esPdf } from '../../lib/multipart-pdf';
import { guardInput } from '../../plugins/input-guard';
import { type ArchivoLectura, cargarCatalogos, leerArchivos } from './lectura.service';

const CAMPO_TEXTO_MAX = 40;

function bad(detail: string, campo: string): AppError {
  return new AppError('BAD_REQUEST', detail, { errors: { [campo]: [detail] } });
}

/** The multipart body: up to one `demanda` and one `resolucion` PDF, and the optional text field `estudio`. */
async function leerFormulario(request: FastifyRequest): Promise<{ archivos: ArchivoLectura[]; campos: Record<string, string> }> {
  if (!request.isMultipart()) throw bad(m.sinArchivos, 'non_field_errors');
  const archivos: ArchivoLectura[] = [];
  const campos: Record<string, string> = {};
  let campoActual = 'non_field_errors';
  try {
    for await (const part of request.parts({ limits: { fileSize: LECTURA_PDF_MAX_BYTES, files: 2, fields: 1, parts: 3, fieldSize: CAMPO_TEXTO_MAX } })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'estudio') throw bad(m.campoDesconocido(part.fieldname.slice(0, 40)), 'non_field_errors');
        if (typeof part.value !== 'string' || part.valueTruncated) throw bad(m.estudioInvalido, 'estudio');
        campos.estudio = part.value;
        continue;
      }
      const { campo } = aceptarArchivo<LecturaDocumento>(
        part,
        archivos.map((a) => a.documento),
        { campos: LECTURA_ARCHIVOS, campoDesconocido: m.campoDesconocido, archivoRepetido: m.archivoRepetido },
      );
      campoActual = campo;
      const contenido = await part.toBuffer();
      if (!esPdf(contenido)) throw bad(m.noEsPdf(campo), campo);
      archivos.push({ documento: campo, contenido });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw bad(m.demasiadoGrande(campoActual), campoActual);
    throw bad(m.sinArchivos, 'non_field_errors');
  }
  if (archivos.length === 0) throw bad(m.sinArchivos, 'non_field_errors');
  // The resolución's data (court, rol) is looked for first; the reading order is demanda, then resolución.
  archivos.sort((a, b) => (a.documento === b.documento ? 0 : a.documento === 'demanda' ? -1 : 1));
  return { archivos, campos };
}

/**
 * POST /nuevo_encargo/leer_documentos/ (issue 41 §1): reads a demanda and/or a resolución and proposes
 * Nuevo Encargo's fields with their source. Nothing is stored. `Accept: application/x-ndjson` streams
 * the progress (see the contract, packages/contracts/src/lectura-documentos.ts).
 */
export const lecturaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: LECTURA_PDF_MAX_BYTES, files: 2, fields: 1, parts: 3 } });

  app.post(
    '/nuevo_encargo/leer_documentos/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['encargos'],
        description:
          'Reads a demanda and/or a resolución (multipart PDFs `demanda`, `resolucion`, ≤ 10 MiB each; optional `estudio`) and proposes Nuevo Encargo fields, each with its page and excerpt. Nothing is stored. With Accept: application/x-ndjson the answer streams progress lines, then the result.',
        consumes: ['multipart/form-data'],
        response: { 200: LecturaDocumentosResponseSchema },
      },
    },
    async (request, reply) => {
      const { archivos, campos } = await leerFormulario(request);
      guardInput(campos, CAMPO_TEXTO_MAX);
      const parsed = LecturaDocumentosCamposSchema.safeParse(campos);
      if (!parsed.success) throw bad(parsed.error.issues[0]?.message ?? m.estudioInvalido, 'estudio');
      const catalogos = await cargarCatalogos(request.tenantDb, parsed.data.estudio, app.controlDb);

      const streaming = (request.headers.accept ?? '').includes(LECTURA_NDJSON);
      if (!streaming) return reply.header('cache-control', 'no-store').send(await leerArchivos(archivos, catalogos));

      // Streamed: every check that can refuse the request has run; a PDF that cannot be read becomes an
      // `error` line (the status is already 200). Sent uncompressed so each line arrives when written.
      const salida = new PassThrough();
      const enviar = (evento: LecturaEvento) => {
        if (!salida.destroyed) salida.write(`${JSON.stringify(evento)}\n`);
      };
      void leerArchivos(archivos, catalogos, { onProgreso: enviar })
        .then((resultado) => enviar({ tipo: 'resultado', resultado }))
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'lectura de documentos');
          enviar({ tipo: 'error', detail: error instanceof AppError ? error.message : m.errorLectura });
        })
        .finally(() => salida.end());
      return reply
        .header('content-type', `${LECTURA_NDJSON}; charset=utf-8`)
        .header('content-encoding', 'identity')
        .header('cache-control', 'no-store')
        // A stream is sent as it is (no serializer): the schema above documents the JSON answer.
        .send(salida as unknown as LecturaDocumentosResponse);
    },
  );
};
