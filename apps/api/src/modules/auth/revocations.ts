import { randomUUID } from 'node:crypto';
import type { ControlDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Revocation } from './session-cache';

/** The control database's channel for session revocations. */
export const REVOCATION_CHANNEL = 'receptoria_sesiones';

interface Notice {
  /** The revocation itself. */
  r: Revocation;
  /** The sending instance (its own notices are already applied). */
  o: string;
  /** When it was sent (ms since the epoch): the lag metric. */
  t: number;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

function parseNotice(payload: string | undefined): Notice | undefined {
  if (!payload) return undefined;
  try {
    const notice = JSON.parse(payload) as Partial<Notice>;
    const r = notice.r as Partial<Revocation> | undefined;
    if (typeof notice.o !== 'string' || typeof notice.t !== 'number' || !r) return undefined;
    if (r.k === 'f' && typeof r.id === 'string') return notice as Notice;
    if ((r.k === 'u' || r.k === 'p' || r.k === 'c') && typeof r.id === 'number') return notice as Notice;
    if (r.k === 'all') return notice as Notice;
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Announces a revocation from outside a running API instance (the CLI, a maintenance script): every
 * instance listening drops what it names. Applies only to a PostgreSQL control database.
 */
export async function announceRevocation(db: ControlDb, revocation: Revocation, origin = 'externo'): Promise<void> {
  const notice: Notice = { r: revocation, o: origin, t: Date.now() };
  await db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Session revocations between API instances over PostgreSQL LISTEN/NOTIFY on the control database:
 * each instance keeps one dedicated connection listening on `receptoria_sesiones` and sends its own
 * revocations with pg_notify (delivered when they commit, to every listener, in milliseconds).
 * While the listener is down — and once more when it is back — the whole session cache is dropped,
 * since notices sent meanwhile are lost; the cache's short TTL stays as the fallback.
 */
export class RevocationBus {
  readonly instanceId = randomUUID();
  private client: pg.Client | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private delay = RECONNECT_MIN_MS;
  private everConnected = false;
  readonly counts = { enviadas: 0, recibidas: 0, reconexiones: 0, errores_envio: 0 };
  /** Called with the delay (ms) between sending and receiving each notice from another instance. */
  onLag?: (ms: number) => void;

  constructor(
    private readonly url: string,
    private readonly db: ControlDb,
    private readonly apply: (revocation: Revocation) => void,
    private readonly reset: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Connects and listens; a failure is retried in the background (the TTL covers meanwhile). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'receptoria-revocaciones', connectionTimeoutMillis: 5_000 });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn({ event: 'revocations_listener_lost', err: error?.message }, 'session revocation listener lost; reconnecting');
      this.reset();
      this.schedule();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel !== REVOCATION_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (!notice || notice.o === this.instanceId) return;
      this.counts.recibidas += 1;
      this.apply(notice.r);
      this.onLag?.(Math.max(0, Date.now() - notice.t));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (this.stopped || dropped) {
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = RECONNECT_MIN_MS;
    if (this.everConnected) {
      // Back after a gap: whatever was cached meanwhile may have missed a revocation.
      this.counts.reconexiones += 1;
      this.reset();
      this.log.info({ event: 'revocations_listener_back' }, 'session revocation listener back');
    }
    this.everConnected = true;
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const wait = this.delay;
    this.delay = Math.min(RECONNECT_MAX_MS, this.delay * 2);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  /** Sends one revocation to every instance (the sender has applied it already). */
  publish(revocation: Revocation): void {
    const notice: Notice = { r: revocation, o: this.instanceId, t: Date.now() };
    this.counts.enviadas += 1;
    this.db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${JSON.stringify(notice)})`).catch((error: Error) => {
      this.counts.errores_envio += 1;
      this.log.warn({ event: 'revocation_notify_failed', err: error.message }, 'session revocation not sent; other instances rely on the cache TTL');
    });
  }

  /** Drops the connection the way a server restart would (tests). */
  interrupt(): void {
    this.client?.emit('error', new Error('interrumpida'));
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
