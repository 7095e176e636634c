import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { authMessages, commonMessages } from '@receptoria/contracts';
import { type ControlDb, controlSchema, tenantLocation, type TenantDb } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AppConfig } from '../lib/config';
import { findSessionUser } from '../modules/auth/auth.repository';

type UserRow = typeof controlSchema.users.$inferSelect;
type TenantRow = typeof controlSchema.tenants.$inferSelect;

export interface AccessTokenPayload {
  sub: string;
  tid: number;
  username: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: AccessTokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    accessTokenTtl: number;
    refreshTokenTtl: number;
  }
  interface FastifyRequest {
    auth: { userId: number; tenantId: number; username: string };
    account: UserRow;
    tenant: TenantRow;
    tenantDb: TenantDb;
  }
}

async function resolveSecret(db: ControlDb, configured?: string): Promise<string> {
  if (configured) return configured;
  const key = 'jwt_secret';
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(controlSchema.appSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(controlSchema.appSettings).where(eq(controlSchema.appSettings.key, key));
  if (!row) throw new Error('token secret could not be stored');
  return row.value;
}

/**
 * Access tokens (short-lived JWT carrying user and tenant) and the `authenticate` pre-handler that
 * loads the account, its receiver and the receiver's database onto the request.
 */
export const authPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const secret = await resolveSecret(app.controlDb, config.jwtSecret);
    await app.register(fastifyJwt, { secret, sign: { expiresIn: config.accessTokenTtl } });
    app.decorate('accessTokenTtl', config.accessTokenTtl);
    app.decorate('refreshTokenTtl', config.refreshTokenTtl);
    app.decorateRequest('auth', undefined as unknown as FastifyRequest['auth']);
    app.decorateRequest('account', undefined as unknown as UserRow);
    app.decorateRequest('tenant', undefined as unknown as TenantRow);
    app.decorateRequest('tenantDb', undefined as unknown as TenantDb);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      let payload: AccessTokenPayload;
      try {
        payload = await request.jwtVerify<AccessTokenPayload>();
      } catch {
        throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      }
      const userId = Number(payload.sub);
      const found = Number.isInteger(userId) ? await findSessionUser(app.controlDb, userId) : undefined;
      if (!found || found.tenant.id !== payload.tid) throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      if (!found.user.isActive) throw new AppError('UNAUTHORIZED', authMessages.inactiveUser);
      if (!found.tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
      request.auth = { userId, tenantId: found.tenant.id, username: found.user.username };
      request.account = found.user;
      request.tenant = found.tenant;
      request.tenantDb = await app.tenantPools.get(tenantLocation(app.databaseConfig, found.tenant));
    });
  },
  { name: 'auth', dependencies: ['databases'] },
);
