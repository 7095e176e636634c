import {
  AdministraApiSchema,
  ClaveApiCreadaSchema,
  ClaveApiCreateSchema,
  ClaveApiRevocadaSchema,
  ClavesApiListSchema,
  ADMIN_USERNAME,
  clavesApiMessages as m,
  commonMessages,
  EstudioPortalConfiguracionInputSchema,
  EstudioPortalConfiguracionSchema,
  IdParamSchema,
  PortalUsuarioResponseSchema,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../auditoria/audit-actor';
import { AppError } from '../../lib/app-error';
import { getEstudioPortalConfiguracion, olvidarLimiteApi, saveEstudioPortalConfiguracion } from './claves-api.configuracion';
import { createClaveApi, listClavesApi, revokeClaveApi, setAdministraApi } from './claves-api.service';
import { portalActorOf } from './portal-auth.plugin';
import { requireEstudio } from './portal-usuarios.service';

const ClaveParamsSchema = z.object({ id: IdParamSchema.shape.id, clave_id: IdParamSchema.shape.id });
const PortalClaveParamsSchema = z.object({ clave_id: IdParamSchema.shape.id });
const UsuarioParamsSchema = z.object({ id: IdParamSchema.shape.id, uid: IdParamSchema.shape.id });
const tags = ['claves-api'];

/** Office side: a firm's API keys (Configuraciones Estudio → Claves API). */
export const clavesApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/estudios/:id/claves_api/',
    { onRequest: [app.authenticate], schema: { tags, params: IdParamSchema, response: { 200: ClavesApiListSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return { results: await listClavesApi(app.controlDb, request.tenant.id, request.params.id) };
    },
  );

  app.post(
    '/estudios/:id/claves_api/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        description: 'A new API key for the firm: the secret (`rk_…`) is in this answer only; the list shows its prefix.',
        params: IdParamSchema,
        body: ClaveApiCreateSchema,
        response: { 201: ClaveApiCreadaSchema },
      },
    },
    async (request, reply) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return reply.status(201).send(await createClaveApi(app.controlDb, request.tenant.id, request.params.id, request.body, auditActorOf(request)));
    },
  );

  app.delete(
    '/estudios/:id/claves_api/:clave_id/',
    { onRequest: [app.authenticate], schema: { tags, description: 'Revokes the key on every instance at once.', params: ClaveParamsSchema, response: { 200: ClaveApiRevocadaSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      await revokeClaveApi(app.controlDb, request.tenant.id, request.params.id, request.params.clave_id, auditActorOf(request));
      app.sessionCache.forgetClaveApi(request.params.clave_id);
      return { message: m.claveRevocada };
    },
  );

  app.get(
    '/estudios/:id/portal_configuracion/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        description: "The firm's API settings: requests per key in a sliding minute (default 600) and automatic acceptance of key-sent requests (default false).",
        params: IdParamSchema,
        response: { 200: EstudioPortalConfiguracionSchema },
      },
    },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return getEstudioPortalConfiguracion(request.tenantDb, request.params.id);
    },
  );

  app.put(
    '/estudios/:id/portal_configuracion/',
    {
      onRequest: [app.authenticate],
      schema: { tags, params: IdParamSchema, body: EstudioPortalConfiguracionInputSchema, response: { 200: EstudioPortalConfiguracionSchema } },
    },
    async (request) => {
      // What a firm's systems may do is the receiver's decision: its receptor users (and the platform admin).
      if (request.account.cargo !== 'receptor' && request.account.username !== ADMIN_USERNAME) throw new AppError('FORBIDDEN', commonMessages.forbidden);
      await requireEstudio(request.tenantDb, request.params.id);
      const saved = await saveEstudioPortalConfiguracion(request.tenantDb, request.params.id, request.body, auditActorOf(request));
      olvidarLimiteApi(request.tenant.id, request.params.id);
      return saved;
    },
  );

  app.post(
    '/estudios/:id/usuarios_portal/:uid/administra_api/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['portal'], params: UsuarioParamsSchema, body: AdministraApiSchema, response: { 200: PortalUsuarioResponseSchema } },
    },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      const usuario = await setAdministraApi(app.controlDb, request.tenant.id, request.params.id, request.params.uid, request.body.administra_api, auditActorOf(request));
      app.sessionCache.forgetPortalUser(usuario.id);
      return { usuario };
    },
  );
};

/** The firm's own side: its portal users with the administra_api right (never an API key). */
export const portalClavesApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const administra = async (request: FastifyRequest) => {
    await app.authenticatePortal(request, undefined as never);
    if (!request.portal.administraApi) throw new AppError('FORBIDDEN', m.sinDerechoApi);
  };
  const onRequest = [administra];

  app.get('/portal/claves_api/', { onRequest, schema: { tags, response: { 200: ClavesApiListSchema } } }, async (request) => ({
    results: await listClavesApi(app.controlDb, request.portal.tenantId, request.portal.estudioId),
  }));

  app.post(
    '/portal/claves_api/',
    { onRequest, schema: { tags, description: 'A new key of the firm; the secret is in this answer only.', body: ClaveApiCreateSchema, response: { 201: ClaveApiCreadaSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createClaveApi(app.controlDb, request.portal.tenantId, request.portal.estudioId, request.body, portalActorOf(request))),
  );

  app.delete(
    '/portal/claves_api/:clave_id/',
    { onRequest, schema: { tags, params: PortalClaveParamsSchema, response: { 200: ClaveApiRevocadaSchema } } },
    async (request) => {
      await revokeClaveApi(app.controlDb, request.portal.tenantId, request.portal.estudioId, request.params.clave_id, portalActorOf(request));
      app.sessionCache.forgetClaveApi(request.params.clave_id);
      return { message: m.claveRevocada };
    },
  );
};
