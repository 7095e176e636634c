import {
  ADMIN_USERNAME,
  ClienteCreateResponseSchema,
  ClienteCreateSchema,
  ClienteDetailSchema,
  ClienteListResponseSchema,
  ClienteUpdateSchema,
  ClienteUsuarioCreateResponseSchema,
  ClienteUsuarioCreateSchema,
  commonMessages,
  IdParamSchema,
  OnboardingEstadisticasSchema,
  ReceptorDatosUpdateResponseSchema,
  ReceptorDatosUpdateSchema,
  receptorMessages,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { updateReceptorDatos } from '../receptor/receptor.service';
import { addUsuario, createCliente, getCliente, getEstadisticas, listClientes, updateCliente } from './onboarding.service';

/** Client onboarding belongs to the platform user `admin` only (spec 02 §6). */
async function requirePlatformAdmin(request: FastifyRequest) {
  if (request.auth.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
}

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a non-admin is refused before the body is even validated.
  const onRequest = [app.authenticate, requirePlatformAdmin];
  const ctx = {
    controlDb: app.controlDb,
    databaseConfig: app.databaseConfig,
    tenantPools: app.tenantPools,
    servidores: app.servidores,
    onCleanupError: (error: unknown) => app.log.error({ err: error }, 'tenant database of a failed onboarding was not removed'),
  };

  app.get(
    '/onboarding/clientes/',
    { onRequest, schema: { tags: ['onboarding'], response: { 200: ClienteListResponseSchema } } },
    async () => listClientes(app.controlDb),
  );

  app.get(
    '/onboarding/estadisticas/',
    { onRequest, schema: { tags: ['onboarding'], response: { 200: OnboardingEstadisticasSchema } } },
    async () => getEstadisticas(app.controlDb),
  );

  app.post(
    '/onboarding/clientes/crear/',
    { onRequest, schema: { tags: ['onboarding'], body: ClienteCreateSchema, response: { 201: ClienteCreateResponseSchema } } },
    async (request, reply) => reply.status(201).send(await createCliente(ctx, request.body, auditActorOf(request))),
  );

  app.get(
    '/onboarding/clientes/:id/',
    { onRequest, schema: { tags: ['onboarding'], params: IdParamSchema, response: { 200: ClienteDetailSchema } } },
    async (request) => getCliente(app.controlDb, request.params.id),
  );

  app.patch(
    '/onboarding/clientes/:id/',
    {
      onRequest,
      schema: { tags: ['onboarding'], params: IdParamSchema, body: ClienteUpdateSchema, response: { 200: ClienteDetailSchema } },
    },
    async (request) => updateCliente(app.controlDb, request.auth, request.params.id, request.body, auditActorOf(request)),
  );

  app.post(
    '/onboarding/clientes/:id/secretaria/',
    {
      onRequest,
      schema: {
        tags: ['onboarding'],
        params: IdParamSchema,
        body: ClienteUsuarioCreateSchema,
        response: { 201: ClienteUsuarioCreateResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addUsuario(app.controlDb, request.params.id, request.body, auditActorOf(request))),
  );

  // The platform admin edits any receiver's identity (name, RUT, office, title) from the client detail.
  app.put(
    '/onboarding/clientes/:id/receptor/',
    {
      onRequest,
      schema: {
        tags: ['onboarding'],
        params: IdParamSchema,
        body: ReceptorDatosUpdateSchema,
        response: { 200: ReceptorDatosUpdateResponseSchema },
      },
    },
    async (request) => {
      const datos = await updateReceptorDatos(app.controlDb, request.params.id, request.body, auditActorOf(request));
      app.sessionCache.clear();
      return { ...datos, message: receptorMessages.guardado };
    },
  );
};
