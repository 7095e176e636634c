import { IdParamSchema, PermisoListSchema } from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPermisos } from './permisos.repository';
import { getUserPermisos, listUsers } from './permisos.service';

const UserListSchema = z.object({
  count: z.number().int(),
  results: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      cargo: z.enum(['receptor', 'secretaria']),
      is_active: z.boolean(),
    }),
  ),
});

export const permisosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/configuracion/usuarios/:id/permisos/',
    {
      preHandler: [app.authenticate],
      schema: { tags: ['permisos'], params: IdParamSchema, response: { 200: PermisoListSchema } },
    },
    async (request) => getUserPermisos(app.controlDb, request.auth, request.params.id),
  );

  app.get(
    '/configuracion/usuarios/',
    {
      preHandler: [app.authenticate, app.requireModule('config_permisos')],
      schema: { tags: ['permisos'], response: { 200: UserListSchema } },
    },
    async (request) => listUsers(app.controlDb, request.auth),
  );

  app.get(
    '/configuracion/permisos/',
    {
      preHandler: [app.authenticate, app.requireModule('config_permisos')],
      schema: {
        tags: ['permisos'],
        response: { 200: z.array(z.object({ id: z.number().int(), codigo: z.string(), nombre: z.string() })) },
      },
    },
    async () => listPermisos(app.controlDb),
  );
};
