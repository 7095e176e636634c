import multipart from '@fastify/multipart';
import {
  ADMIN_USERNAME,
  AutoridadCreateSchema,
  AutoridadesResponseSchema,
  AutoridadSchema,
  CERTIFICADO_MAX_BYTES,
  canEditReceptor,
  commonMessages,
  confianzaMessages,
  CertificadoEliminadoResponseSchema,
  CertificadoFirmaResponseSchema,
  CertificadoUploadFieldsSchema,
  CertificadoUploadResponseSchema,
  DocumentoFirmaParamSchema,
  DocumentoFirmaSchema,
  DocumentosFirmaQuerySchema,
  DocumentosFirmaResponseSchema,
  FirmaConfiguracionSchema,
  FirmaConfiguracionUpdateSchema,
  FirmarResponseSchema,
  FirmarSchema,
  firmaMessages as m,
  MarcarDocumentoSubidoSchema,
  VERIFICAR_POR_MINUTO,
  VerificacionSchema,
  VerificarParamSchema,
  ZipFirmadosSchema,
} from '@receptoria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { cargarArchiver } from '../../lib/lazy';
import { auditActorOf } from '../auditoria/audit-actor';
import { agregarAutoridad, guardarConfiguracionFirma, leerConfiguracionFirma, listarAutoridades } from './confianza.service';
import {
  eliminarCertificado,
  type FirmaContext,
  firmar,
  listarDocumentos,
  marcarSubido,
  obtenerCertificado,
  obtenerDocumento,
  pdfDocumento,
  pdfsFirmados,
  subirCertificado,
} from './firma.service';
import { verificarCodigo } from './verificar.service';

const archivoRequerido = () => new AppError('BAD_REQUEST', m.archivoRequerido, { errors: { archivo: [m.archivoRequerido] } });

/** The multipart upload: field `archivo` (the .p12/.pfx, at most CERTIFICADO_MAX_BYTES) and field `password`. */
async function leerSubida(request: FastifyRequest): Promise<{ archivo: Buffer; password: string }> {
  if (!request.isMultipart()) throw archivoRequerido();
  let archivo: Buffer | undefined;
  let otroArchivo = false;
  const campos: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: CERTIFICADO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'archivo') archivo = bytes;
        else otroArchivo = true;
      } else if (part.fieldname === 'password') {
        campos.password = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', m.archivoDemasiadoGrande, { errors: { archivo: [m.archivoDemasiadoGrande] } });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw archivoRequerido();
    throw archivoRequerido();
  }
  if (!archivo || archivo.length === 0 || otroArchivo) throw archivoRequerido();
  const parsed = CertificadoUploadFieldsSchema.safeParse(campos);
  if (!parsed.success) {
    const mensaje = parsed.error.issues[0]?.message ?? m.passwordRequerida;
    throw new AppError('BAD_REQUEST', mensaje, { errors: { password: [mensaje] } });
  }
  return { archivo, password: parsed.data.password };
}

async function zip(files: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const archiver = await cargarArchiver();
  return new Promise((resolve, reject) => {
    const archive = archiver('zip', { zlib: { level: 6 } });
    const chunks: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('error', reject);
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    for (const file of files) archive.append(file.bytes, { name: file.name });
    void archive.finalize();
  });
}

/** The CA certificates every signer's chain may use are the platform's: its admin only. */
async function requirePlatformAdmin(request: FastifyRequest) {
  if (request.auth.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
}

/** What happens when revocation cannot be checked is the receiver's decision. */
async function requireReceptor(request: FastifyRequest) {
  if (!canEditReceptor(request.account, request.permissionCodes)) throw new AppError('FORBIDDEN', confianzaMessages.sinPermisoConfiguracion);
}

const attachment = (filename: string) => `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** What a signing request's service calls take: its receiver's database, its user and the signing services. */
export function firmaContextOf(app: FastifyInstance) {
  return (request: FastifyRequest): FirmaContext => ({
    db: request.tenantDb,
    controlDb: app.controlDb,
    tenant: request.tenant,
    userId: request.auth.userId,
    actor: auditActorOf(request),
    servicios: app.firma,
  });
}

/**
 * Electronic signature of certificates (issue 26): each user's signing certificate, the documents by
 * state, batch signing, the upload to the court, downloads; and the public verification of a code.
 */
export const firmaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: CERTIFICADO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
  const staff = [app.authenticate, app.requireModule('estampar')];
  const tags = ['firma'];
  const ctx = firmaContextOf(app);

  app.post(
    '/firma/certificado/',
    {
      onRequest: staff,
      schema: {
        tags,
        description: 'The user\'s signing certificate: multipart field `archivo` (PKCS#12 .p12/.pfx, at most 100 KB) and field `password`. Replaces the one stored.',
        consumes: ['multipart/form-data'],
        response: { 201: CertificadoUploadResponseSchema },
      },
    },
    async (request, reply) => {
      const { archivo, password } = await leerSubida(request);
      return reply.status(201).send(await subirCertificado(ctx(request), archivo, password));
    },
  );

  app.get(
    '/firma/certificado/',
    { onRequest: staff, schema: { tags, response: { 200: CertificadoFirmaResponseSchema } } },
    async (request) => obtenerCertificado(ctx(request)),
  );

  app.delete(
    '/firma/certificado/',
    { onRequest: staff, schema: { tags, response: { 200: CertificadoEliminadoResponseSchema } } },
    async (request) => {
      await eliminarCertificado(ctx(request));
      return { success: true as const, message: m.certificadoEliminado };
    },
  );

  app.get(
    '/firma/documentos/',
    { onRequest: staff, schema: { tags, querystring: DocumentosFirmaQuerySchema, response: { 200: DocumentosFirmaResponseSchema } } },
    async (request) => ({ results: await listarDocumentos(ctx(request), request.query) }),
  );

  app.post(
    '/firma/documentos/zip/',
    { onRequest: staff, schema: { tags, description: 'A ZIP of the signed PDFs among the documents named.', body: ZipFirmadosSchema } },
    async (request, reply) => {
      const bytes = await zip(await pdfsFirmados(request.tenantDb, request.body.documento_ids));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment('certificados firmados.zip'))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/firma/documentos/:id/',
    { onRequest: staff, schema: { tags, params: DocumentoFirmaParamSchema, response: { 200: DocumentoFirmaSchema } } },
    async (request) => obtenerDocumento(ctx(request), request.params.id),
  );

  app.get(
    '/firma/documentos/:id/pdf/',
    { onRequest: staff, schema: { tags, description: 'The signed PDF when there is one, else the unsigned PDF.', params: DocumentoFirmaParamSchema } },
    async (request, reply) => {
      const file = await pdfDocumento(request.tenantDb, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/firma/documentos/:id/subido/',
    {
      onRequest: staff,
      schema: { tags, params: DocumentoFirmaParamSchema, body: MarcarDocumentoSubidoSchema, response: { 200: DocumentoFirmaSchema } },
    },
    async (request) => marcarSubido(ctx(request), request.params.id, request.body),
  );

  app.post(
    '/firma/firmar/',
    { onRequest: staff, schema: { tags, body: FirmarSchema, response: { 200: FirmarResponseSchema } } },
    async (request) => firmar(ctx(request), request.body),
  );

  app.get(
    '/firma/autoridades/',
    { onRequest: [app.authenticate, requirePlatformAdmin], schema: { tags, response: { 200: AutoridadesResponseSchema } } },
    async () => ({ results: await listarAutoridades(app.controlDb) }),
  );

  app.post(
    '/firma/autoridades/',
    {
      onRequest: [app.authenticate, requirePlatformAdmin],
      schema: {
        tags,
        description: 'Adds a CA certificate (PEM, or DER in base64) to the chains of every signer: accredited providers\' roots and intermediates.',
        body: AutoridadCreateSchema,
        response: { 201: AutoridadSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await agregarAutoridad(app.controlDb, request.auth.tenantId, request.body.certificado, auditActorOf(request))),
  );

  app.get(
    '/firma/configuracion/',
    { onRequest: staff, schema: { tags, response: { 200: FirmaConfiguracionSchema } } },
    async (request) => leerConfiguracionFirma(request.tenantDb),
  );

  app.put(
    '/firma/configuracion/',
    { onRequest: [...staff, requireReceptor], schema: { tags, body: FirmaConfiguracionUpdateSchema, response: { 200: FirmaConfiguracionSchema } } },
    async (request) => guardarConfiguracionFirma(request.tenantDb, request.body, auditActorOf(request)),
  );

  // Public: whoever holds a certificate checks it (no login); at most VERIFICAR_POR_MINUTO a minute per address.
  app.get(
    '/verificar/:codigo',
    {
      config: {
        rateLimit: { max: VERIFICAR_POR_MINUTO, timeWindow: '1 minute', errorResponseBuilder: () => new AppError('RATE_LIMITED', m.demasiadasConsultas, { retryAfterSeconds: 60 }) },
      },
      schema: { tags: ['verificar'], security: [], params: VerificarParamSchema, response: { 200: VerificacionSchema } },
    },
    async (request, reply) => {
      const verificacion = await verificarCodigo(app, request.params.codigo);
      reply.header('cache-control', 'no-store');
      return verificacion;
    },
  );
};
