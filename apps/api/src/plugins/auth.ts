import { randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { authMessages, commonMessages, servidoresMessages } from '@receptoria/contracts';
import { type ControlDb, controlLocation, controlSchema, type DatabaseLocation, tenantLocation, type TenantDb, UnknownServerError } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AppConfig } from '../lib/config';
import { TtlCache } from '../lib/ttl-cache';
import { Redis } from 'ioredis';
import { ControlDbLoginThrottle, type LoginThrottle, type LoginThrottleOptions, RedisLoginThrottle } from '../modules/auth/login-throttle';
import { RevocationBus } from '../modules/auth/revocations';
import { SessionCache } from '../modules/auth/session-cache';

type UserRow = typeof controlSchema.users.$inferSelect;
/** Retry-After while a receiver's database is being restored over. */
const MAINTENANCE_RETRY_SECONDS = 60;
/** A receiver's writes while its database moves to another server wait this long. */
const MOVE_RETRY_SECONDS = 5;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
type TenantRow = typeof controlSchema.tenants.$inferSelect;

export interface AccessTokenPayload {
  sub: string;
  tid: number;
  username: string;
  /** The session (refresh-token family); logging out ends it. */
  sid: string;
  /** 'portal' on a law-firm portal user's token (sub: portal user, est: the firm); absent on staff tokens. */
  kind?: 'portal';
  est?: number;
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
    /** Checks the bearer access token (signature, expiry, claims; 401 otherwise) and returns its claims. */
    verifyAccessToken: (request: FastifyRequest) => Promise<AccessTokenPayload>;
    accessTokenTtl: number;
    refreshTokenTtl: number;
    sessionCache: SessionCache;
    /** LISTEN/NOTIFY of session revocations between instances (PostgreSQL control database only). */
    revocations: RevocationBus | undefined;
    loginThrottle: LoginThrottle;
    /** The receiver's database for this request (503 while it cannot take it); released with the answer. */
    leaseTenantDb: (request: FastifyRequest, tenant: TenantRow) => Promise<void>;
  }
  interface FastifyRequest {
    auth: { userId: number; tenantId: number; username: string; sessionId: string };
    account: UserRow;
    tenant: TenantRow;
    tenantDb: TenantDb;
    /** Permission codes of the signed-in user (read with the session check). */
    permissionCodes: string[];
  }
}

/** How long a verified access token is remembered at most (see authenticate). */
const VERIFIED_TOKEN_MS = 60_000;

/** Paths whose successful changes touch users, receivers or permissions: cached session checks are dropped. */
const ACCOUNT_CHANGES = /^\/api\/v1\/(configuracion|onboarding)\//;

async function resolveSecret(db: ControlDb, configured?: string): Promise<string> {
  if (configured) return configured;
  const key = 'jwt_secret';
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(controlSchema.appSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(controlSchema.appSettings).where(eq(controlSchema.appSettings.key, key));
  if (!row) throw new Error('token secret could not be stored');
  return row.value;
}

function isPayload(value: unknown): value is AccessTokenPayload {
  const payload = value as Partial<AccessTokenPayload> | undefined;
  return (
    typeof payload?.sub === 'string' &&
    /^\d{1,10}$/.test(payload.sub) &&
    typeof payload.tid === 'number' &&
    typeof payload.sid === 'string' &&
    payload.sid.length <= 64
  );
}

/**
 * Access tokens (short-lived HS256 JWT carrying user, receiver and session; `exp` required) and the
 * `authenticate` hook that checks account, receiver and session (cached briefly, see SessionCache)
 * and leases the receiver's database for the request.
 */
export const authPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const secret = await resolveSecret(app.controlDb, config.jwtSecret);
    await app.register(fastifyJwt, {
      secret,
      sign: { expiresIn: config.accessTokenTtl, algorithm: 'HS256' },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'tid', 'sid'] },
    });
    app.decorate('accessTokenTtl', config.accessTokenTtl);
    app.decorate('refreshTokenTtl', config.refreshTokenTtl);
    const sessionCache = new SessionCache(app.controlDb, config.sessionCacheTtlMs ?? 5_000);
    app.decorate('sessionCache', sessionCache);
    // Revocations reach the other instances through the control database. An embedded (PGlite)
    // control database belongs to this one process: dropping the local cache is all there is to do.
    const control = controlLocation(config.database);
    let revocations: RevocationBus | undefined;
    if (control.kind === 'postgres') {
      const bus = new RevocationBus(control.url, app.controlDb, (r) => sessionCache.apply(r), () => sessionCache.apply({ k: 'all' }), app.log);
      await bus.start();
      sessionCache.publish = (revocation) => bus.publish(revocation);
      app.addHook('onClose', () => bus.close());
      revocations = bus;
    }
    app.decorate('revocations', revocations);
    // Login limits in the control database, or in Redis when REDIS_URL is set: every instance counts the same.
    const limits: LoginThrottleOptions = { perAddressMax: config.loginRateMax, windowMs: 60_000, accountFreeFailures: 5, accountMaxDelayMs: 30_000 };
    let loginThrottle: LoginThrottle;
    if (config.redisUrl) {
      const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 5_000 });
      // It reconnects by itself; say so at most every 30 s while Redis is away (logins get 503 meanwhile).
      let lastWarning = 0;
      redis.on('error', (error: Error) => {
        if (Date.now() - lastWarning < 30_000) return;
        lastWarning = Date.now();
        app.log.warn({ event: 'redis_unavailable', err: error.message }, 'Redis for login limits unavailable');
      });
      loginThrottle = new RedisLoginThrottle(redis, limits);
    } else {
      loginThrottle = new ControlDbLoginThrottle(app.controlDb, limits);
    }
    app.decorate('loginThrottle', loginThrottle);
    app.addHook('onClose', () => loginThrottle.close());
    app.decorateRequest('auth', undefined as unknown as FastifyRequest['auth']);
    app.decorateRequest('account', undefined as unknown as UserRow);
    app.decorateRequest('tenant', undefined as unknown as TenantRow);
    app.decorateRequest('tenantDb', undefined as unknown as TenantDb);
    app.decorateRequest('permissionCodes', undefined as unknown as string[]);
    const leases = new WeakMap<FastifyRequest, () => void>();
    // A receiver's database location, worked out once per cached receiver row (the session cache's).
    const locations = new WeakMap<TenantRow, DatabaseLocation>();

    // Access tokens already verified, by their text, until they expire (at most a minute): a request
    // with one skips decoding it and checking its signature again. Signing out or deactivation still
    // ends the session through the session check below.
    const verified = new TtlCache<string, AccessTokenPayload>({ max: 10_000, ttlMs: VERIFIED_TOKEN_MS });
    const verify = async (request: FastifyRequest): Promise<AccessTokenPayload> => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      const known = token === undefined ? undefined : verified.get(token);
      if (known) return known;
      let payload: AccessTokenPayload & { exp?: number };
      try {
        payload = await request.jwtVerify<AccessTokenPayload & { exp?: number }>();
      } catch {
        throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      }
      if (!isPayload(payload)) throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      const left = (payload.exp ?? 0) * 1000 - Date.now();
      if (token !== undefined && left > 0) verified.set(token, payload, Math.min(left, VERIFIED_TOKEN_MS));
      return payload;
    };

    /**
     * Serves a request on its receiver's database, for staff and portal sessions alike: 503 with
     * Retry-After while it is restored over, for writes while it moves to another server, or while its
     * server's URL cannot be read (its receivers wait, others go on); otherwise its database is leased
     * until the answer is sent.
     */
    const leaseTenantDb = async (request: FastifyRequest, tenant: TenantRow): Promise<void> => {
      if (tenant.mantenimientoDesde) {
        throw new AppError('UNAVAILABLE', commonMessages.receptorEnMantenimiento, { retryAfterSeconds: MAINTENANCE_RETRY_SECONDS });
      }
      // Its database is being copied to another server: reads go on from the old one, writes wait.
      if (tenant.moviendoDesde && !READ_METHODS.has(request.method)) {
        throw new AppError('UNAVAILABLE', servidoresMessages.trasladandose, { retryAfterSeconds: MOVE_RETRY_SECONDS });
      }
      let location = locations.get(tenant);
      if (!location) {
        // A server added through another instance is read from the control database first.
        if (!app.databaseConfig.servidores?.has(tenant.servidorId)) await app.servidores.ensure(tenant.servidorId);
        try {
          location = tenantLocation(app.databaseConfig, tenant);
        } catch (error) {
          if (error instanceof UnknownServerError) throw new AppError('UNAVAILABLE', commonMessages.unavailable, { retryAfterSeconds: MOVE_RETRY_SECONDS });
          throw error;
        }
        locations.set(tenant, location);
      }
      const lease = await app.tenantPools.acquire(location);
      leases.set(request, lease.release);
      request.tenantDb = lease.db;
    };
    app.decorate('leaseTenantDb', leaseTenantDb);

    app.decorate('verifyAccessToken', verify);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const payload = await verify(request);
      // A law-firm portal token opens /api/v1/portal/* only.
      if (payload.kind !== undefined) throw new AppError('FORBIDDEN', commonMessages.forbidden);
      const userId = Number(payload.sub);
      const [found, sessionActive] = await Promise.all([
        app.sessionCache.account(userId),
        app.sessionCache.familyActive(payload.sid),
      ]);
      if (!found || found.tenant.id !== payload.tid || !sessionActive) {
        throw new AppError('UNAUTHORIZED', commonMessages.unauthorized);
      }
      if (!found.user.isActive) throw new AppError('UNAUTHORIZED', authMessages.inactiveUser);
      if (!found.tenant.activo) throw new AppError('UNAUTHORIZED', authMessages.inactiveTenant);
      request.auth = { userId, tenantId: found.tenant.id, username: found.user.username, sessionId: payload.sid };
      request.account = found.user;
      request.tenant = found.tenant;
      request.permissionCodes = found.codes;
      await leaseTenantDb(request, found.tenant);
    });

    const release = (request: FastifyRequest) => {
      leases.get(request)?.();
      leases.delete(request);
    };
    // Callback hooks (no promise per request on every answer).
    app.addHook('onResponse', (request, reply, done) => {
      release(request);
      if (request.method !== 'GET' && reply.statusCode < 400 && ACCOUNT_CHANGES.test(request.url)) app.sessionCache.clear();
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      release(request);
      done();
    });
  },
  { name: 'auth', dependencies: ['databases'] },
);
