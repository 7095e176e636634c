import type { ControlDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error';
import { commonMessages } from '@receptoria/contracts';

export interface LoginThrottleOptions {
  /** Failed attempts one address may make per window. */
  perAddressMax: number;
  windowMs: number;
  /** Failed attempts on one account before each further attempt must wait. */
  accountFreeFailures: number;
  /** The longest an account waits between attempts: an attacker cannot lock a real user out longer. */
  accountMaxDelayMs: number;
  /** A clock for tests; by default the store's own (the database's or Redis's), one for every instance. */
  now?: () => number;
}

export type ThrottleScope = 'address' | 'account';
export type ThrottleVerdict = { allowed: true } | { allowed: false; scope: ThrottleScope; retryAfterSeconds: number };

export interface LoginThrottleStats {
  /** Addresses and accounts with failures on record (null where the store cannot count them cheaply). */
  direcciones_registradas: number | null;
  cuentas_registradas: number | null;
  direcciones_bloqueadas: number | null;
  cuentas_demoradas: number | null;
  /** Refusals answered by this instance since it started. */
  rechazos_por_direccion: number;
  rechazos_por_cuenta: number;
}

/** How long an account's failures are remembered after the last one. */
export const ACCOUNT_MEMORY_MS = 15 * 60_000;

/**
 * Login limits shared by every API instance: per client address (a fixed window of failures) and,
 * separately, per account (after a few failures each attempt waits 1 s, 2 s, 4 s … at most
 * `accountMaxDelayMs`). An attempt in flight counts as a failure until it succeeds, so parallel
 * guesses do not slip through. Each attempt is one round trip to the store.
 */
export abstract class LoginThrottle {
  abstract readonly store: 'control' | 'redis';
  private readonly refused = { address: 0, account: 0 };
  /** Called on every refusal (metrics). */
  onRefused?: (scope: ThrottleScope) => void;

  constructor(protected readonly options: LoginThrottleOptions) {}

  /** Decides whether an attempt may proceed and, when it may, counts it as a failure for now. */
  async begin(address: string, account: string): Promise<ThrottleVerdict> {
    const waits = await this.check(`a:${address}`, `c:${account}`);
    const scope: ThrottleScope | undefined = waits.address > 0 ? 'address' : waits.account > 0 ? 'account' : undefined;
    if (!scope) return { allowed: true };
    this.refused[scope] += 1;
    this.onRefused?.(scope);
    const waitMs = scope === 'address' ? waits.address : waits.account;
    return { allowed: false, scope, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** A correct password: the attempt was not a failure and the account starts afresh. */
  async succeeded(address: string, account: string): Promise<void> {
    await this.forgive(`a:${address}`, `c:${account}`);
  }

  async stats(): Promise<LoginThrottleStats> {
    return {
      ...(await this.counts()),
      rechazos_por_direccion: this.refused.address,
      rechazos_por_cuenta: this.refused.account,
    };
  }

  /** Milliseconds each key must still wait (0 or less: free); when both are free the attempt is counted. */
  protected abstract check(addressKey: string, accountKey: string): Promise<{ address: number; account: number }>;
  protected abstract forgive(addressKey: string, accountKey: string): Promise<void>;
  protected abstract counts(): Promise<Omit<LoginThrottleStats, 'rechazos_por_direccion' | 'rechazos_por_cuenta'>>;
  abstract close(): Promise<void>;
}

const PRUNE_EVERY_MS = 60_000;

/** The limits kept in the control database (table intentos_login): the default. */
export class ControlDbLoginThrottle extends LoginThrottle {
  readonly store = 'control' as const;
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(
    private readonly db: ControlDb,
    options: LoginThrottleOptions,
  ) {
    super(options);
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  private clock() {
    return this.options.now ? sql`${new Date(this.options.now()).toISOString()}::timestamptz` : sql`now()`;
  }

  /** The account's delay after `fallos` failures, in ms, as SQL (same rule as the Redis script). */
  private delaySql(fallos: ReturnType<typeof sql>) {
    const { accountFreeFailures: free, accountMaxDelayMs: maxDelay } = this.options;
    return sql`least(${maxDelay}::float8, 1000 * power(2::float8, least(${fallos} - ${free}::int, 20)))`;
  }

  protected async check(addressKey: string, accountKey: string) {
    const { perAddressMax: max, windowMs, accountFreeFailures: free } = this.options;
    // One statement: lock the two rows (when present and alive), work out the waits, and count the
    // attempt on both only when neither must wait. Expired rows start afresh.
    const result = await this.db.execute(sql`
      with ahora as (select ${this.clock()} as t),
      actual as (
        select i.clave, i.fallos, i.desde, i.ultimo_fallo
        from intentos_login i, ahora
        where i.clave in (${addressKey}, ${accountKey}) and i.vence > ahora.t
        for update of i
      ),
      espera as (
        select
          coalesce((select extract(epoch from (x.desde - ahora.t)) * 1000 + ${windowMs}::int
                    from actual x where x.clave = ${addressKey} and x.fallos >= ${max}::int), 0) as direccion,
          coalesce((select extract(epoch from (x.ultimo_fallo - ahora.t)) * 1000 + ${this.delaySql(sql`x.fallos`)}
                    from actual x where x.clave = ${accountKey} and x.fallos >= ${free}::int), 0) as cuenta
        from ahora
      ),
      anotado as (
        insert into intentos_login as i (clave, fallos, desde, ultimo_fallo, vence)
        select k.clave, 1, ahora.t, ahora.t, ahora.t + k.dura * interval '1 millisecond'
        from (values (${addressKey}::varchar, ${windowMs}::int), (${accountKey}::varchar, ${ACCOUNT_MEMORY_MS}::int)) k(clave, dura), ahora, espera
        where espera.direccion <= 0 and espera.cuenta <= 0
        on conflict (clave) do update set
          fallos = case when i.vence <= excluded.desde then 1 else i.fallos + 1 end,
          desde = case when i.vence <= excluded.desde then excluded.desde else i.desde end,
          ultimo_fallo = excluded.ultimo_fallo,
          vence = case when left(i.clave, 2) = 'c:' or i.vence <= excluded.desde then excluded.vence else i.vence end
        returning 1
      )
      select espera.direccion::float8 as direccion, espera.cuenta::float8 as cuenta, (select count(*) from anotado)::int as anotados
      from espera
    `);
    const [row] = (result as unknown as { rows: Array<{ direccion: number | string; cuenta: number | string }> }).rows;
    return { address: Number(row?.direccion ?? 0), account: Number(row?.cuenta ?? 0) };
  }

  protected async forgive(addressKey: string, accountKey: string) {
    await this.db.execute(sql`
      with olvido as (delete from intentos_login where clave = ${accountKey})
      update intentos_login set fallos = fallos - 1 where clave = ${addressKey} and fallos > 0
    `);
  }

  protected async counts() {
    const { perAddressMax: max, accountFreeFailures: free } = this.options;
    const result = await this.db.execute(sql`
      with ahora as (select ${this.clock()} as t)
      select
        count(*) filter (where left(clave, 2) = 'a:')::int as direcciones,
        count(*) filter (where left(clave, 2) = 'c:')::int as cuentas,
        count(*) filter (where left(clave, 2) = 'a:' and fallos >= ${max}::int)::int as bloqueadas,
        count(*) filter (where left(clave, 2) = 'c:' and fallos >= ${free}::int
          and ultimo_fallo + ${this.delaySql(sql`fallos`)} * interval '1 millisecond' > ahora.t)::int as demoradas
      from intentos_login, ahora
      where vence > ahora.t
    `);
    const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
    return {
      direcciones_registradas: Number(row?.direcciones ?? 0),
      cuentas_registradas: Number(row?.cuentas ?? 0),
      direcciones_bloqueadas: Number(row?.bloqueadas ?? 0),
      cuentas_demoradas: Number(row?.demoradas ?? 0),
    };
  }

  /** Drops rows expired for over a minute (every minute, by each instance; the index on vence keeps it cheap). */
  async prune(): Promise<number> {
    const result = await this.db.execute(sql`delete from intentos_login where vence < ${this.clock()} - interval '1 minute'`);
    return Number((result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0);
  }

  async close(): Promise<void> {
    clearInterval(this.pruneTimer);
  }
}

/** Same rule as the SQL above, in one atomic script: returns the address and account waits (ms). */
const BEGIN_SCRIPT = `
local max, win, free, maxDelay, memory = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local now = tonumber(ARGV[6])
if now < 0 then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local af = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local as = tonumber(redis.call('HGET', KEYS[1], 's') or '0')
if af == 0 or now - as >= win then af = 0; as = now end
if af >= max then return {math.ceil(as + win - now), 0} end
local cf = tonumber(redis.call('HGET', KEYS[2], 'f') or '0')
local cl = tonumber(redis.call('HGET', KEYS[2], 'l') or '0')
if cf > 0 and now - cl >= memory then cf = 0 end
if cf >= free then
  local wait = cl + math.min(maxDelay, 1000 * 2 ^ math.min(cf - free, 20)) - now
  if wait > 0 then return {0, math.ceil(wait)} end
end
redis.call('HSET', KEYS[1], 'f', af + 1, 's', as)
redis.call('PEXPIRE', KEYS[1], math.max(1, as + win - now))
redis.call('HSET', KEYS[2], 'f', cf + 1, 'l', now)
redis.call('PEXPIRE', KEYS[2], memory)
return {0, 0}
`;

const FORGIVE_SCRIPT = `
redis.call('DEL', KEYS[2])
if tonumber(redis.call('HGET', KEYS[1], 'f') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'f', -1) end
return 0
`;

type ThrottleRedis = Redis & {
  loginThrottleBegin(a: string, c: string, ...args: number[]): Promise<[number, number]>;
  loginThrottleForgive(a: string, c: string): Promise<number>;
};

/** The limits kept in Redis (REDIS_URL): keys expire by themselves. */
export class RedisLoginThrottle extends LoginThrottle {
  readonly store = 'redis' as const;
  private readonly redis: ThrottleRedis;

  constructor(
    redis: Redis,
    options: LoginThrottleOptions,
    private readonly prefix = 'receptoria:login:',
  ) {
    super(options);
    redis.defineCommand('loginThrottleBegin', { numberOfKeys: 2, lua: BEGIN_SCRIPT });
    redis.defineCommand('loginThrottleForgive', { numberOfKeys: 2, lua: FORGIVE_SCRIPT });
    this.redis = redis as ThrottleRedis;
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      // Without its store the limit cannot be kept: refuse for now rather than let guesses through.
      throw new AppError('UNAVAILABLE', commonMessages.unavailable, { retryAfterSeconds: 5 });
    }
  }

  protected async check(addressKey: string, accountKey: string) {
    const { perAddressMax, windowMs, accountFreeFailures, accountMaxDelayMs } = this.options;
    const [address, account] = await this.run(() =>
      this.redis.loginThrottleBegin(
        this.prefix + addressKey,
        this.prefix + accountKey,
        perAddressMax,
        windowMs,
        accountFreeFailures,
        accountMaxDelayMs,
        ACCOUNT_MEMORY_MS,
        this.options.now ? this.options.now() : -1,
      ),
    );
    return { address: Number(address), account: Number(account) };
  }

  protected async forgive(addressKey: string, accountKey: string) {
    await this.run(() => this.redis.loginThrottleForgive(this.prefix + addressKey, this.prefix + accountKey));
  }

  /** Counting keys in Redis would mean scanning them: only this instance's refusals are reported. */
  protected async counts() {
    return { direcciones_registradas: null, cuentas_registradas: null, direcciones_bloqueadas: null, cuentas_demoradas: null };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
