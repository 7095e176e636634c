import { ADMIN_USERNAME, AuditoriaQuerySchema, AuditoriaResponseSchema, commonMessages, hasModule } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { listPermissionCodes } from '../permisos/permisos.repository';
import { listHistory } from './auditoria.service';

/** Change history of one record (GET /auditoria/?entidad&id), newest first, paged. */
export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auditoria/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['auditoria'], querystring: AuditoriaQuerySchema, response: { 200: AuditoriaResponseSchema } },
    },
    async (request) => {
      const { entidad } = request.query;
      // Receivers' history is the platform admin's; permission history needs the permissions module.
      if (entidad === 'receptor' && request.auth.username !== ADMIN_USERNAME) {
        throw new AppError('FORBIDDEN', commonMessages.forbidden);
      }
      if (entidad === 'usuario') {
        const codes = await listPermissionCodes(app.controlDb, request.auth.userId);
        if (!hasModule(request.auth, codes, 'config_permisos')) throw new AppError('FORBIDDEN', commonMessages.forbidden);
      }
      return listHistory({ tenantDb: request.tenantDb, controlDb: app.controlDb }, request.auth, request.query);
    },
  );
};
