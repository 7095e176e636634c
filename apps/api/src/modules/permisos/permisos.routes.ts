import {
  AsignarPermisosSchema,
  IdParamSchema,
  PermisoCatalogoListSchema,
  PermisoListSchema,
  RevocarPermisoSchema,
  UsuarioListSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../auditoria/audit-actor';
import { listPermisos } from './permisos.repository';
import { assignPermisos, getUserPermisos, listUsers, revokePermiso } from './permisos.service';

/** Users and permissions (spec 02 §7): every call stays within the caller's receiver. */
export const permisosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readable by the user themself without the module: the web draws its menu from it.
  app.get(
    '/configuracion/usuarios/:id/permisos/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['permisos'], params: IdParamSchema, response: { 200: PermisoListSchema } },
    },
    async (request) => getUserPermisos(app.controlDb, request.auth, request.params.id),
  );

  app.get(
    '/configuracion/usuarios/',
    {
      onRequest: [app.authenticate, app.requireModule('config_permisos')],
      schema: { tags: ['permisos'], response: { 200: UsuarioListSchema } },
    },
    async (request) => listUsers(app.controlDb, request.auth),
  );

  app.get(
    '/configuracion/permisos/',
    {
      onRequest: [app.authenticate, app.requireModule('config_permisos')],
      schema: { tags: ['permisos'], response: { 200: PermisoCatalogoListSchema } },
    },
    async () => listPermisos(app.controlDb),
  );

  app.post(
    '/configuracion/usuarios/:id/asignar_permisos/',
    {
      onRequest: [app.authenticate, app.requireModule('config_permisos')],
      schema: {
        tags: ['permisos'],
        params: IdParamSchema,
        body: AsignarPermisosSchema,
        response: { 200: PermisoListSchema },
      },
    },
    async (request) => assignPermisos(app.controlDb, request.auth, request.params.id, request.body, auditActorOf(request)),
  );

  app.post(
    '/configuracion/usuarios/:id/revocar_permiso/',
    {
      onRequest: [app.authenticate, app.requireModule('config_permisos')],
      schema: {
        tags: ['permisos'],
        params: IdParamSchema,
        body: RevocarPermisoSchema,
        response: { 200: PermisoListSchema },
      },
    },
    async (request) => revokePermiso(app.controlDb, request.auth, request.params.id, request.body, auditActorOf(request)),
  );
};
