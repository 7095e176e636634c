import {
  ADMIN_USERNAME,
  ClienteCorreoParamsSchema,
  commonMessages,
  CorreoSalienteListResponseSchema,
  CorreoSalienteQuerySchema,
  CorreoSalienteSchema,
  IdParamSchema,
  onboardingMessages,
} from '@receptoria/contracts';
import { controlSchema, type TenantDb, tenantLocation } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { getCorreoSaliente, listCorreoSaliente } from './correo-saliente.service';

async function requirePlatformAdmin(request: FastifyRequest) {
  if (request.auth.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
}

/** Another receiver's database, for the platform admin's client detail (404 for an unknown client). */
async function withClienteDb<T>(app: FastifyInstance, tenantId: number, work: (db: TenantDb) => Promise<T>): Promise<T> {
  const [tenant] = await app.controlDb.select().from(controlSchema.tenants).where(eq(controlSchema.tenants.id, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', onboardingMessages.clienteNoEncontrado);
  return app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) => work(db as TenantDb));
}

/**
 * Correo saliente (issue 36 §4): the receiver's own outbox for the users with the permissions module
 * (the platform admin for its own receiver); another receiver's through the client detail, admin only.
 */
export const correoSalienteRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = [app.authenticate, app.requireModule('config_permisos')];

  app.get(
    '/correo_saliente/',
    { onRequest: staff, schema: { tags: ['correo'], querystring: CorreoSalienteQuerySchema, response: { 200: CorreoSalienteListResponseSchema } } },
    async (request) => listCorreoSaliente(request.tenantDb, request.query),
  );

  app.get(
    '/correo_saliente/:id/',
    { onRequest: staff, schema: { tags: ['correo'], params: IdParamSchema, response: { 200: CorreoSalienteSchema } } },
    async (request) => getCorreoSaliente(request.tenantDb, request.params.id),
  );

  const admin = [app.authenticate, requirePlatformAdmin];

  app.get(
    '/onboarding/clientes/:id/correo_saliente/',
    {
      onRequest: admin,
      schema: { tags: ['onboarding'], params: IdParamSchema, querystring: CorreoSalienteQuerySchema, response: { 200: CorreoSalienteListResponseSchema } },
    },
    async (request) => withClienteDb(app, request.params.id, (db) => listCorreoSaliente(db, request.query)),
  );

  app.get(
    '/onboarding/clientes/:id/correo_saliente/:correo/',
    { onRequest: admin, schema: { tags: ['onboarding'], params: ClienteCorreoParamsSchema, response: { 200: CorreoSalienteSchema } } },
    async (request) => withClienteDb(app, request.params.id, (db) => getCorreoSaliente(db, request.params.correo)),
  );
};
