import multipart from '@fastify/multipart';
import {
  CartaArt46InputSchema,
  CartaArt46ResponseSchema,
  FOTO_ENLACE_SEGUNDOS,
  FOTO_MAX_BYTES,
  FotoEnlaceQuerySchema,
  FotoResponseSchema,
  idSchema,
  TerrenoHoyResponseSchema,
  VisitaInputSchema,
  VisitaListResponseSchema,
  VisitaResponseSchema,
  VisitaUuidParamsSchema,
  visitaMessages as m,
} from '@receptoria/contracts';
import { controlSchema, tenantLocation } from '@receptoria/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { registrarCartaArt46 } from './carta-art46.service';
import { createFotoSigner, type FotoSigner } from './fotos';
import { terrenoHoy } from './terreno.service';
import { crearVisita, type FotoContext, listarVisitas, subirFoto, type VisitaActor } from './visitas.service';
import { findFoto } from './visitas.repository';

const EncargoParamsSchema = z.object({ id: idSchema(m.encargoNoEncontrado) });
const FotoParamsSchema = z.object({
  tenant: idSchema(m.fotoEnlaceInvalido),
  id: z.string().max(36).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: m.fotoEnlaceInvalido }),
});

function visitaActor(request: FastifyRequest): VisitaActor {
  const nombre = `${request.account.firstName} ${request.account.lastName}`.replace(/\s+/g, ' ').trim();
  return { ...auditActorOf(request), userId: request.auth.userId, nombre: nombre || request.auth.username };
}

/** The one image of the multipart field `foto` (at most FOTO_MAX_BYTES). */
async function fotoSubida(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', m.fotoRequerida, { errors: { foto: [m.fotoRequerida] } });
  try {
    const part = await request.file({ limits: { fileSize: FOTO_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'foto') throw new AppError('BAD_REQUEST', m.fotoRequerida, { errors: { foto: [m.fotoRequerida] } });
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BAD_REQUEST', m.fotoDemasiadoGrande, { errors: { foto: [m.fotoDemasiadoGrande] } });
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', m.fotoSoloUna, { errors: { foto: [m.fotoSoloUna] } });
    throw new AppError('BAD_REQUEST', m.fotoRequerida, { errors: { foto: [m.fotoRequerida] } });
  }
}

/**
 * Field work (issue 23): visits at the address (recorded offline on the phone and sent later: the
 * client's uuid makes every retry idempotent), their photos behind signed links, today's stops, and
 * the art. 46 letter. Reading: any user of the receiver; recording: the estampar module (like results).
 */
export const visitasRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: FOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  let signer: FotoSigner | null = null;
  const fotoSigner = async () => (signer ??= await createFotoSigner(app.controlDb));
  const fotoCtx = async (request: FastifyRequest): Promise<FotoContext> => ({ signer: await fotoSigner(), tenantId: request.auth.tenantId });
  const write = [app.authenticate, app.requireModule('estampar')];
  const tags = ['terreno'];

  app.post(
    '/encargos/:id/visitas/',
    {
      onRequest: write,
      schema: { tags, params: EncargoParamsSchema, body: VisitaInputSchema, response: { 200: VisitaResponseSchema, 201: VisitaResponseSchema } },
    },
    async (request, reply) => {
      const { visita, creada } = await crearVisita(
        request.tenantDb,
        request.params.id,
        request.body,
        visitaActor(request),
        { controlDb: app.controlDb, tenantId: request.auth.tenantId },
        await fotoCtx(request),
      );
      return reply.status(creada ? 201 : 200).send({ message: m.visitaRegistrada, visita });
    },
  );

  app.get(
    '/encargos/:id/visitas/',
    { onRequest: [app.authenticate], schema: { tags, params: EncargoParamsSchema, response: { 200: VisitaListResponseSchema } } },
    async (request) => ({ visitas: await listarVisitas(request.tenantDb, request.params.id, await fotoCtx(request)) }),
  );

  app.post(
    '/visitas/:uuid/fotos/',
    {
      onRequest: write,
      schema: {
        tags,
        description: 'One photo of the visit: multipart field `foto` (JPEG, PNG or WebP by its first bytes, at most 5 MiB; at most 4 per visit).',
        consumes: ['multipart/form-data'],
        params: VisitaUuidParamsSchema,
        response: { 200: FotoResponseSchema, 201: FotoResponseSchema },
      },
    },
    async (request, reply) => {
      const bytes = await fotoSubida(request);
      const { foto, creada } = await subirFoto(request.tenantDb, request.params.uuid, bytes, auditActorOf(request), await fotoCtx(request));
      return reply.status(creada ? 201 : 200).send({ message: m.fotoRegistrada, foto });
    },
  );

  // The photo's link: an <img> or a new tab carries no bearer, so the link carries a signature that
  // expires (FOTO_ENLACE_SEGUNDOS).
  app.get(
    '/visitas/fotos/:tenant/:id',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { tags, security: [], params: FotoParamsSchema, querystring: FotoEnlaceQuerySchema },
    },
    async (request, reply) => {
      const { tenant: tenantId, id } = request.params;
      if (!(await fotoSigner()).verify(tenantId, id, Number(request.query.exp), request.query.sig)) throw new AppError('NOT_FOUND', m.fotoEnlaceInvalido);
      const [tenant] = await app.controlDb
        .select()
        .from(controlSchema.tenants)
        .where(and(eq(controlSchema.tenants.id, tenantId), eq(controlSchema.tenants.activo, true)));
      if (!tenant) throw new AppError('NOT_FOUND', m.fotoEnlaceInvalido);
      const foto = await app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) => findFoto(db, id));
      if (!foto) throw new AppError('NOT_FOUND', m.fotoEnlaceInvalido);
      return reply
        .header('content-type', foto.tipoMime)
        .header('content-disposition', 'inline')
        .header('cache-control', `private, max-age=${FOTO_ENLACE_SEGUNDOS}`)
        .send(foto.contenido);
    },
  );

  app.get(
    '/terreno/hoy/',
    { onRequest: [app.authenticate], schema: { tags, response: { 200: TerrenoHoyResponseSchema } } },
    async (request) => terrenoHoy(request.tenantDb, request.auth.userId, await fotoCtx(request)),
  );

  app.post(
    '/encargos/:id/carta_art46/',
    {
      onRequest: write,
      schema: { tags, params: EncargoParamsSchema, body: CartaArt46InputSchema, response: { 201: CartaArt46ResponseSchema } },
    },
    async (request, reply) => {
      const result = await registrarCartaArt46(request.tenantDb, request.params.id, request.body, auditActorOf(request));
      return reply.status(201).send({ message: m.cartaRegistrada, ...result });
    },
  );
};
