import {
  ADMIN_USERNAME,
  commonMessages,
  IdParamSchema,
  ServidorCreateResponseSchema,
  ServidorCreateSchema,
  ServidorListSchema,
  servidoresMessages as m,
  TrasladoCreateSchema,
  TrasladoEstadoSchema,
  TrasladoListSchema,
} from '@receptoria/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { createServidor, listServidores } from './servidores.service';
import { confirmarTraslado, estadoTraslado, iniciarTraslado, listTraslados, runTraslado, type TrasladoContext } from './traslados';
import { TRASLADO_QUEUE } from './traslados-atascados';

export { TRASLADO_QUEUE };

async function requirePlatformAdmin(request: FastifyRequest) {
  if (request.auth.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
}

/** What a move runs with (the routes, and the job worker). */
export function trasladoContextOf(app: FastifyInstance): TrasladoContext {
  return {
    controlDb: app.controlDb,
    databaseConfig: app.databaseConfig,
    tenantPools: app.tenantPools,
    servidores: app.servidores,
    pgBinDir: app.respaldoContext?.config.pgBinDir,
    clearSessions: () => app.sessionCache.clear(),
    log: app.log,
  };
}

/** Database servers and receiver moves: the platform admin's (onboarding). */
export const servidoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, requirePlatformAdmin];
  // Moves run in the job queue; without jobs (embedded tools, some tests) in this process.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.get(
    '/onboarding/servidores/',
    { onRequest, schema: { tags: ['onboarding'], response: { 200: ServidorListSchema } } },
    async () => listServidores(app.controlDb, app.servidores),
  );

  app.post(
    '/onboarding/servidores/',
    { onRequest, schema: { tags: ['onboarding'], body: ServidorCreateSchema, response: { 201: ServidorCreateResponseSchema } } },
    async (request, reply) => {
      const servidor = await createServidor(app.controlDb, app.servidores, request.body, { ...auditActorOf(request), tenantId: request.auth.tenantId });
      return reply.status(201).send({ ...servidor, message: m.servidorCreado });
    },
  );

  app.get(
    '/onboarding/traslados/',
    { onRequest, schema: { tags: ['onboarding'], response: { 200: TrasladoListSchema } } },
    async () => listTraslados(app.controlDb),
  );

  app.post(
    '/onboarding/clientes/:id/mover/',
    {
      onRequest,
      schema: {
        tags: ['onboarding'],
        params: IdParamSchema,
        body: TrasladoCreateSchema,
        response: { 202: TrasladoEstadoSchema.extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const ctx = trasladoContextOf(app);
      const row = await iniciarTraslado(ctx, request.params.id, request.body.servidor_id, auditActorOf(request));
      if (app.jobs) {
        await app.jobs.send(TRASLADO_QUEUE, { id: row.id }, { retryLimit: 1, retryDelay: 5, singletonKey: `traslado-${row.id}` });
      } else {
        const work = runTraslado(ctx, row.id).finally(() => running.delete(work));
        running.add(work);
      }
      return reply.status(202).send({ ...(await estadoTraslado(app.controlDb, request.params.id)), message: m.trasladoIniciado });
    },
  );

  app.get(
    '/onboarding/clientes/:id/mover/',
    { onRequest, schema: { tags: ['onboarding'], params: IdParamSchema, response: { 200: TrasladoEstadoSchema } } },
    async (request) => estadoTraslado(app.controlDb, request.params.id),
  );

  app.post(
    '/onboarding/clientes/:id/mover/confirmar/',
    { onRequest, schema: { tags: ['onboarding'], params: IdParamSchema, response: { 200: TrasladoEstadoSchema } } },
    async (request) => confirmarTraslado(trasladoContextOf(app), request.params.id, auditActorOf(request)),
  );
};
