import {
  canEditReceptor,
  ReceptorDatosSchema,
  ReceptorDatosUpdateResponseSchema,
  ReceptorDatosUpdateSchema,
  receptorMessages as m,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { getReceptorDatos, updateReceptorDatos } from './receptor.service';

/** Cargo receptor, the permissions module, or the platform admin; the receiver is always the caller's own. */
async function requireReceptorEditor(request: FastifyRequest) {
  if (!canEditReceptor(request.account, request.permissionCodes)) throw new AppError('FORBIDDEN', m.sinPermiso);
}

export const receptorRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, requireReceptorEditor];

  app.get(
    '/configuracion/receptor/',
    { onRequest, schema: { tags: ['receptor'], response: { 200: ReceptorDatosSchema } } },
    async (request) => getReceptorDatos(app.controlDb, request.auth.tenantId),
  );

  app.put(
    '/configuracion/receptor/',
    {
      onRequest,
      schema: { tags: ['receptor'], body: ReceptorDatosUpdateSchema, response: { 200: ReceptorDatosUpdateResponseSchema } },
    },
    async (request) => {
      const datos = await updateReceptorDatos(app.controlDb, request.auth.tenantId, request.body, auditActorOf(request));
      // The next request (the next certificate) reads the receiver row again; other instances within the cache's TTL.
      app.sessionCache.clear();
      return { ...datos, message: m.guardado };
    },
  );
};
