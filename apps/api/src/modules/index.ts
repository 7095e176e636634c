import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apuntesRoutes } from './apuntes/apuntes.routes';
import { permisosRoutes } from './permisos/permisos.routes';

/** Route plugins served under /api/v1 (besides the session routes, which carry their own rate limit). */
export const apiModules: FastifyPluginAsyncZod[] = [permisosRoutes, apuntesRoutes];
