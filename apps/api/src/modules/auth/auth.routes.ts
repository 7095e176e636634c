import {
  authMessages,
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  ProfileSchema,
  RefreshResponseSchema,
  RefreshSchema,
} from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { login, logout, refreshSession, type TokenIssuer, toSessionUser } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ loginRateMax?: number }> = async (app, options) => {
  const issuer: TokenIssuer = {
    signAccess: (payload) => app.jwt.sign(payload),
    refreshTtlSeconds: app.refreshTokenTtl,
  };

  app.post(
    '/auth/login/',
    {
      schema: { tags: ['auth'], body: LoginSchema, response: { 200: LoginResponseSchema } },
      config: {
        rateLimit: {
          max: options.loginRateMax ?? 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => {
            const body = request.body as { username?: unknown } | undefined;
            const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
            return `${request.ip}|${username}`;
          },
          errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({
            statusCode: context.statusCode,
            message: authMessages.tooManyAttempts,
          }),
        },
      },
    },
    async (request) => login(app.controlDb, issuer, request.body),
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
      await logout(app.controlDb, request.body.refresh);
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
