import {
  authMessages,
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  ProfileSchema,
  RefreshResponseSchema,
  RefreshSchema,
} from '@receptoria/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { login, logout, refreshSession, type TokenIssuer, toSessionUser } from './auth.service';

/** The account key for login limits: the name as typed, case-folded, bounded. */
function accountKey(body: unknown): string {
  const username = (body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 150) : '';
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const issuer: TokenIssuer = {
    signAccess: (payload) => app.jwt.sign(payload),
    refreshTtlSeconds: app.refreshTokenTtl,
    onFamilyRevoked: (family) => app.sessionCache.forgetFamily(family),
  };

  app.post(
    '/auth/login/',
    { schema: { tags: ['auth'], body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      // request.ip is the socket address unless TRUST_PROXY names the proxies to believe.
      const account = accountKey(request.body);
      const verdict = await app.loginThrottle.begin(request.ip, account);
      if (!verdict.allowed) {
        request.log.warn({ event: 'login_throttled', scope: verdict.scope, store: app.loginThrottle.store }, 'login attempts limited');
        throw new AppError('RATE_LIMITED', authMessages.tooManyAttempts, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
      const result = await login(app.controlDb, issuer, request.body);
      await app.loginThrottle.succeeded(request.ip, account);
      return result;
    },
  );

  app.post(
    '/auth/refresh/',
    { schema: { tags: ['auth'], body: RefreshSchema, response: { 200: RefreshResponseSchema } } },
    async (request) => refreshSession(app.controlDb, issuer, request.body.refresh),
  );

  app.post(
    '/auth/logout/',
    { schema: { tags: ['auth'], body: LogoutSchema, response: { 200: z.object({ detail: z.string() }) } } },
    async (request) => {
      await logout(app.controlDb, request.body.refresh, issuer.onFamilyRevoked);
      return { detail: authMessages.loggedOut };
    },
  );

  app.get(
    '/auth/profile/',
    { onRequest: [app.authenticate], schema: { tags: ['auth'], response: { 200: ProfileSchema } } },
    async (request) => ({
      ...toSessionUser(request.account),
      receptor: { id: request.tenant.id, nombre: request.tenant.nombre },
    }),
  );
};
