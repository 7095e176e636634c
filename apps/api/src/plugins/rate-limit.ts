import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { commonMessages } from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import type { AppConfig } from '../lib/config';

/** A fixed window of hits per key, kept where every API instance counts the same. */
export interface SharedHits {
  readonly store: 'control' | 'redis';
  /** Counts one hit; the hits in the current window (this one included) and the ms left of it. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  close(): Promise<void>;
}

/**
 * Hits in the control database's intentos_login (keys `r:` + route + address, apart from the login
 * limits' `a:` and `c:` keys; expired rows go with the login limits' pruning), on the database's clock.
 */
export class ControlDbHits implements SharedHits {
  readonly store = 'control' as const;
  constructor(private readonly db: ControlDb) {}

  async hit(key: string, windowMs: number) {
    const result = await this.db.execute(sql`
      insert into intentos_login as i (clave, fallos, desde, ultimo_fallo, vence)
      values (${`r:${key}`}, 1, now(), now(), now() + ${windowMs}::int * interval '1 millisecond')
      on conflict (clave) do update set
        fallos = case when i.vence <= excluded.desde then 1 else i.fallos + 1 end,
        desde = case when i.vence <= excluded.desde then excluded.desde else i.desde end,
        ultimo_fallo = excluded.ultimo_fallo,
        vence = case when i.vence <= excluded.desde then excluded.vence else i.vence end
      returning fallos, greatest(0, extract(epoch from (vence - now())) * 1000)::float8 as ttl
    `);
    const [row] = (result as unknown as { rows: Array<{ fallos: number | string; ttl: number | string }> }).rows;
    return { current: Number(row?.fallos ?? 1), ttl: Math.ceil(Number(row?.ttl ?? windowMs)) };
  }

  async close(): Promise<void> {}
}

const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

type HitsRedis = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/** Hits in Redis (REDIS_URL): keys expire with their window. */
export class RedisHits implements SharedHits {
  readonly store = 'redis' as const;
  private readonly redis: HitsRedis;

  constructor(
    redis: Redis,
    private readonly prefix = 'receptoria:limite:',
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as HitsRedis;
  }

  async hit(key: string, windowMs: number) {
    const [current, ttl] = await this.redis.rateLimitHit(this.prefix + key, windowMs);
    return { current: Number(current), ttl: Number(ttl) };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** A key of at most 190 characters (the column holds 200): long ones are hashed. */
function boundedKey(key: string): string {
  return key.length <= 190 ? key : `h:${createHash('sha256').update(key).digest('hex')}`;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A store for @fastify/rate-limit over shared hits: one counter per route and client address. */
function sharedStore(hits: SharedHits) {
  return class SharedRateStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      hits.hit(boundedKey(`${this.route}|${key}`), timeWindow).then(
        (result) => callback(null, result),
        // Without its store the limit cannot be kept: refuse for now rather than let guesses through.
        () => callback(new AppError('UNAVAILABLE', commonMessages.unavailable, { retryAfterSeconds: 5 })),
      );
    }

    child(options: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new SharedRateStore(options, `${method} ${options.routeInfo?.url ?? ''}`);
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the per-address limits of public routes are counted (shared by every instance). */
    rateLimitHits: SharedHits;
  }
}

/**
 * Per-address limits of routes (`config.rateLimit`: public verification, the calendar feed, photo
 * links, the stamp service's callback) counted in the control database, or in Redis when REDIS_URL is
 * set, so several API instances limit together as one. A refusal is 429 in Spanish with Retry-After.
 */
export const sharedRateLimitPlugin = fp(
  async (app, { config }: { config: AppConfig }) => {
    let hits: SharedHits;
    if (config.redisUrl) {
      const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 5_000 });
      let lastWarning = 0;
      redis.on('error', (error: Error) => {
        if (Date.now() - lastWarning < 30_000) return;
        lastWarning = Date.now();
        app.log.warn({ event: 'redis_unavailable', err: error.message }, 'Redis for route limits unavailable');
      });
      hits = new RedisHits(redis);
    } else {
      hits = new ControlDbHits(app.controlDb);
    }
    app.decorate('rateLimitHits', hits);
    app.addHook('onClose', () => hits.close());
    await app.register(rateLimit, {
      global: false,
      store: sharedStore(hits) as never,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', commonMessages.rateLimited, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
  },
  { name: 'shared-rate-limit', dependencies: ['databases'] },
);
