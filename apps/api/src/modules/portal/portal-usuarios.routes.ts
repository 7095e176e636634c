import {
  authMessages,
  IdParamSchema,
  LogoutSchema,
  PortalActivarResponseSchema,
  PortalActivarSchema,
  PortalInvitacionResponseSchema,
  PortalInvitacionSchema,
  PortalLoginResponseSchema,
  PortalLoginSchema,
  PortalPerfilResponseSchema,
  PortalPreferenciasInputSchema,
  PortalPreferenciasResponseSchema,
  PortalRefreshResponseSchema,
  PortalUsuarioResponseSchema,
  PortalUsuariosListResponseSchema,
  RefreshSchema,
} from '@receptoria/contracts';
import { type TenantDb, tenantLocation } from '@receptoria/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../auditoria/audit-actor';
import { logout, rotateSession, type TokenIssuer } from '../auth/auth.service';
import { portalActorOf } from './portal-auth.plugin';
import {
  activatePortalUsuario,
  getPortalPerfil,
  getPreferencias,
  invitePortalUsuario,
  listPortalUsuarios,
  portalLogin,
  portalSubject,
  requireEstudio,
  savePreferencias,
  setPortalUsuarioActivo,
} from './portal-usuarios.service';

const UsuarioParamsSchema = z.object({ id: IdParamSchema.shape.id, uid: IdParamSchema.shape.id });

/** The web app's origin for links in mails: the request's own scheme and host. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Sign-in limits share the staff's store; portal accounts are keyed apart from staff usernames. */
function accountKey(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return `portal:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
}

/** Office side: a firm's portal users (Configuraciones Estudio → Usuarios del portal). */
export const portalUsuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onFamilyRevoked = (family: string) => app.sessionCache.forgetFamily(family);

  app.get(
    '/estudios/:id/usuarios_portal/',
    { onRequest: [app.authenticate], schema: { tags: ['portal'], params: IdParamSchema, response: { 200: PortalUsuariosListResponseSchema } } },
    async (request) => {
      await requireEstudio(request.tenantDb, request.params.id);
      return { results: await listPortalUsuarios(app.controlDb, request.tenant.id, request.params.id) };
    },
  );

  app.post(
    '/estudios/:id/usuarios_portal/',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['portal'], params: IdParamSchema, body: PortalInvitacionSchema, response: { 201: PortalInvitacionResponseSchema } },
    },
    async (request, reply) => {
      const estudio = await requireEstudio(request.tenantDb, request.params.id);
      const { usuario, correo } = await invitePortalUsuario(app.controlDb, request.tenant.id, estudio.id, request.body, auditActorOf(request), {
        mail: app.mail,
        tenantDb: request.tenantDb,
        origin: originOf(request),
        receptor: request.tenant.nombre,
        estudio: estudio.nombre,
      });
      app.sessionCache.forgetPortalUser(usuario.id);
      return reply.status(201).send({ usuario, correo });
    },
  );

  for (const [accion, activo] of [['desactivar', false], ['activar', true]] as const) {
    app.post(
      `/estudios/:id/usuarios_portal/:uid/${accion}/`,
      { onRequest: [app.authenticate], schema: { tags: ['portal'], params: UsuarioParamsSchema, response: { 200: PortalUsuarioResponseSchema } } },
      async (request) => {
        await requireEstudio(request.tenantDb, request.params.id);
        const usuario = await setPortalUsuarioActivo(
          app.controlDb,
          request.tenant.id,
          request.params.id,
          request.params.uid,
          activo,
          auditActorOf(request),
          onFamilyRevoked,
        );
        app.sessionCache.forgetPortalUser(usuario.id);
        return { usuario };
      },
    );
  }
};

/** Portal side: activation, sign-in, session renewal and sign-out, profile and mail preferences. */
export const portalSesionRoutes: FastifyPluginAsyncZod = async (app) => {
  const issuer: TokenIssuer = {
    signAccess: (payload) => app.jwt.sign(payload),
    refreshTtlSeconds: app.refreshTokenTtl,
    onFamilyRevoked: (family) => app.sessionCache.forgetFamily(family),
  };
  // A staff bearer on the portal's public routes is refused like on every other portal route.
  const refuseStaffBearer = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    let payload;
    try {
      payload = await app.verifyAccessToken(request);
    } catch {
      return;
    }
    if (payload.kind !== 'portal') throw new AppError('FORBIDDEN', 'Esta función es del portal de estudios');
  };

  app.post(
    '/portal/auth/activar/',
    { onRequest: [refuseStaffBearer], schema: { tags: ['portal'], body: PortalActivarSchema, response: { 200: PortalActivarResponseSchema } } },
    async (request) => activatePortalUsuario(app.controlDb, request.body.token, request.body.password),
  );

  app.post(
    '/portal/auth/login/',
    { onRequest: [refuseStaffBearer], schema: { tags: ['portal'], body: PortalLoginSchema, response: { 200: PortalLoginResponseSchema } } },
    async (request) => {
      const account = accountKey(request.body);
      const verdict = await app.loginThrottle.begin(request.ip, account);
      if (!verdict.allowed) {
        request.log.warn({ event: 'login_throttled', scope: verdict.scope, portal: true }, 'login attempts limited');
        throw new AppError('RATE_LIMITED', authMessages.tooManyAttempts, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const result = await portalLogin(app.controlDb, issuer, request.body.email, request.body.password, (tenant, work) =>
        app.tenantPools.with(tenantLocation(app.databaseConfig, tenant), (db) => work(db as TenantDb)),
      );
      await app.loginThrottle.succeeded(request.ip, account);
      return result;
    },
  );

  app.post(
    '/portal/auth/refresh/',
    { onRequest: [refuseStaffBearer], schema: { tags: ['portal'], body: RefreshSchema, response: { 200: PortalRefreshResponseSchema } } },
    async (request) => rotateSession(app.controlDb, issuer, request.body.refresh, portalSubject(issuer)),
  );

  app.post(
    '/portal/auth/logout/',
    { onRequest: [refuseStaffBearer], schema: { tags: ['portal'], body: LogoutSchema, response: { 200: z.object({ detail: z.string() }) } } },
    async (request) => {
      await logout(app.controlDb, request.body.refresh, issuer.onFamilyRevoked, true);
      return { detail: authMessages.loggedOut };
    },
  );

  app.get(
    '/portal/perfil/',
    { onRequest: [app.authenticatePortal], schema: { tags: ['portal'], response: { 200: PortalPerfilResponseSchema } } },
    async (request) => ({ user: await getPortalPerfil(app.controlDb, request.portal.usuarioId, request.tenantDb) }),
  );

  app.get(
    '/portal/preferencias/',
    { onRequest: [app.authenticatePortal], schema: { tags: ['portal'], response: { 200: PortalPreferenciasResponseSchema } } },
    async (request) => ({ preferencias: await getPreferencias(app.controlDb, request.portal.usuarioId) }),
  );

  app.put(
    '/portal/preferencias/',
    {
      onRequest: [app.authenticatePortal],
      schema: { tags: ['portal'], body: PortalPreferenciasInputSchema, response: { 200: PortalPreferenciasResponseSchema } },
    },
    async (request) => ({
      preferencias: await savePreferencias(app.controlDb, request.portal.tenantId, request.portal.usuarioId, request.body, portalActorOf(request)),
    }),
  );
};
