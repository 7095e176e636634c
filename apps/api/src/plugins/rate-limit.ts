import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { commonMessages } from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import type { AppConfig } from '../lib/config';

/** What a sliding window answered: taken, or refused with the ms to wait until one more fits. */
export interface SlideResult {
  allowed: boolean;
  /** The weighted count of the last window, this hit included when taken. */
  current: number;
  retryAfterMs: number;
}

/** Hits per key, kept where every API instance counts the same. */
export interface SharedHits {
  readonly store: 'control' | 'redis';
  /** Counts one hit in a fixed window; the hits in the current window (this one included) and the ms left of it. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  /**
   * Takes one hit from a sliding window of `limit` hits: the previous fixed window's count weighted by
   * the part of it still inside the last `windowMs`, plus the current window's. A refused hit is not counted.
   */
  slide(key: string, windowMs: number, limit: number): Promise<SlideResult>;
  close(): Promise<void>;
}

/**
 * The sliding window's answer from the counts: `prev` hits in the previous fixed window, `cur` in the
 * current one before this hit, `frac` of the current window elapsed.
 */
export function slideOutcome(prev: number, cur: number, frac: number, windowMs: number, limit: number, taken: boolean): SlideResult {
  if (taken) return { allowed: true, current: prev * (1 - frac) + cur + 1, retryAfterMs: 0 };
  let waitFrac: number;
  if (cur + 1 <= limit) {
    // Within this window: until the previous window's weight leaves room for one more.
    waitFrac = prev > 0 ? Math.max(0, 1 - (limit - cur - 1) / prev - frac) : 0;
  } else {
    // This window is full: into the next one, until this window's weight leaves room.
    waitFrac = 1 - frac + (cur > 0 ? Math.max(0, 1 - (limit - 1) / cur) : 0);
  }
  return { allowed: false, current: prev * (1 - frac) + cur, retryAfterMs: Math.max(1, Math.ceil(waitFrac * windowMs)) };
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

  /** One row per fixed window (`s:` + key + window number), kept two windows; taken only while under the limit. */
  async slide(key: string, windowMs: number, limit: number) {
    const base = `s:${key}:`;
    // One statement (one round trip, the row locked only while it runs). A counter may lose its last hits
    // in a crash, so its commit does not wait for the WAL's flush (set for this statement's transaction
    // only): one key's hits, all on one row, do not queue behind each other's disk writes.
    const result = await this.db.execute(sql`
      with k as (
        select ms, ms / ${windowMs}::bigint as idx, (ms % ${windowMs}::bigint)::float8 / ${windowMs}::float8 as frac
        from (select (extract(epoch from now()) * 1000)::bigint as ms, set_config('synchronous_commit', 'off', true) as asincrono) t
      ), p as (
        select k.idx, k.frac,
          coalesce((select i.fallos from intentos_login i where i.clave = ${base} || (k.idx - 1)::text), 0) as prev,
          coalesce((select i.fallos from intentos_login i where i.clave = ${base} || k.idx::text), 0) as cur
        from k
      ), taken as (
        insert into intentos_login as i (clave, fallos, desde, ultimo_fallo, vence)
        select ${base} || p.idx::text, 1, now(), now(), to_timestamp(((p.idx + 2) * ${windowMs}::bigint)::float8 / 1000)
        from p where p.prev * (1 - p.frac) + 1 <= ${limit}
        on conflict (clave) do update set fallos = i.fallos + 1, ultimo_fallo = excluded.ultimo_fallo
          where (select p.prev * (1 - p.frac) from p) + i.fallos + 1 <= ${limit}
        returning i.fallos
      )
      select p.prev, p.frac, p.cur, (select fallos from taken) as taken from p
    `);
    const [row] = (result as unknown as { rows: Array<{ prev: number | string; frac: number | string; cur: number | string; taken: number | string | null }> })
      .rows;
    const prev = Number(row?.prev ?? 0);
    const frac = Number(row?.frac ?? 0);
    const taken = row?.taken !== null && row?.taken !== undefined;
    // When taken, the current window holds `taken` hits with this one.
    const cur = taken ? Number(row!.taken) - 1 : Number(row?.cur ?? 0);
    return slideOutcome(prev, cur, frac, windowMs, limit, taken);
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

const SLIDE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local w = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local idx = math.floor(now / w)
local frac = (now % w) / w
local prev = tonumber(redis.call('GET', KEYS[1] .. string.format('%d', idx - 1)) or '0')
local curKey = KEYS[1] .. string.format('%d', idx)
local cur = tonumber(redis.call('GET', curKey) or '0')
if prev * (1 - frac) + cur + 1 <= limit then
  redis.call('INCR', curKey)
  redis.call('PEXPIRE', curKey, w * 2)
  return {1, prev, cur, tostring(frac)}
end
return {0, prev, cur, tostring(frac)}
`;

type HitsRedis = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitSlide(key: string, windowMs: number, limit: number): Promise<[number, number, number, string]>;
};

/** Hits in Redis (REDIS_URL): keys expire with their window. */
export class RedisHits implements SharedHits {
  readonly store = 'redis' as const;
  private readonly redis: HitsRedis;

  constructor(
    redis: Redis,
    private readonly prefix = 'receptoria:limite:',
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('rateLimitSlide', { numberOfKeys: 1, lua: SLIDE_SCRIPT });
    this.redis = redis as HitsRedis;
  }

  async hit(key: string, windowMs: number) {
    const [current, ttl] = await this.redis.rateLimitHit(this.prefix + key, windowMs);
    return { current: Number(current), ttl: Number(ttl) };
  }

  async slide(key: string, windowMs: number, limit: number) {
    const [taken, prev, cur, frac] = await this.redis.rateLimitSlide(`${this.prefix}s:${key}:`, windowMs, limit);
    return slideOutcome(Number(prev), Number(cur), Number(frac), windowMs, limit, Number(taken) === 1);
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
