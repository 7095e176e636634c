import type { DatabaseConfig } from '@receptoria/db';
import pg from 'pg';

/** The application_name of a move lock's connection (how an operator, or a test, finds it in pg_stat_activity). */
export const TRASLADO_LOCK_APP = 'receptoria traslado';
/** How often a held lock's connection is probed while the copy runs (a network cut sends no 'end'). */
const PROBE_EVERY_MS = 5_000;
const PROBE_TIMEOUT_MS = 5_000;

/** The move's lock went with its connection: the copy stops, and whoever takes the lock next decides. */
export class TrasladoLockLost extends Error {
  constructor(cause?: unknown) {
    super('move lock lost', { cause });
    this.name = 'TrasladoLockLost';
  }
}

export interface TrasladoLock {
  /** Aborted once the lock's connection errs, ends, or fails a probe: the lock may be someone else's by then. */
  signal: AbortSignal;
  /** Asks the lock's own connection whether it still holds the lock; throws TrasladoLockLost otherwise. */
  assertHeld: () => Promise<void>;
  release: () => Promise<void>;
}

const KEY = "hashtext('receptor_traslado')";

/**
 * A move's session advisory lock on the control database, held on a connection of its own for as long
 * as its copy (or its undoing) runs: a job retried beside a copy still running, or a sweep of a move
 * that only looks dead, finds it taken and touches nothing. The lock goes with the connection, so a
 * worker that dies leaves it free — and so does a connection cut under a live worker (the control
 * database restarted, the network down, the backend terminated): the connection is watched ('error',
 * 'end', and a probe every few seconds), its `signal` aborts, and the copy stops at its next step.
 * Null when another session holds it. Without a PostgreSQL control database there is one process and
 * no moves, and nothing to lock.
 */
export async function tryLockTraslado(config: DatabaseConfig, trasladoId: number): Promise<TrasladoLock | null> {
  if (!config.controlUrl) return { signal: new AbortController().signal, assertHeld: async () => undefined, release: async () => undefined };
  const client = new pg.Client({
    connectionString: config.controlUrl,
    connectionTimeoutMillis: 5_000,
    application_name: TRASLADO_LOCK_APP,
    keepAlive: true,
    query_timeout: PROBE_TIMEOUT_MS,
  });
  const lost = new AbortController();
  let released = false;
  const lose = (reason: unknown) => {
    if (!released && !lost.signal.aborted) lost.abort(new TrasladoLockLost(reason));
  };
  client.on('error', (error) => lose(error));
  client.on('end', () => lose(new Error('connection ended')));
  await client.connect();
  const end = () => client.end().catch(() => undefined);
  try {
    const { rows } = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${KEY}, $1::int) as locked`, [trasladoId]);
    if (!rows[0]?.locked) {
      released = true;
      await end();
      return null;
    }
  } catch (error) {
    released = true;
    await end();
    throw error;
  }
  const assertHeld = async () => {
    if (!lost.signal.aborted) {
      try {
        // Two-key advisory locks show in pg_locks as classid/objid with objsubid 2.
        const { rowCount } = await client.query(
          `select 1 from pg_locks where locktype = 'advisory' and pid = pg_backend_pid() and granted
              and classid = (${KEY}::bigint & 4294967295)::text::oid and objid = $1::bigint::text::oid and objsubid = 2`,
          [trasladoId],
        );
        if (rowCount !== 1) lose(new Error('advisory lock not held'));
      } catch (error) {
        lose(error);
      }
    }
    if (lost.signal.aborted) throw lost.signal.reason as TrasladoLockLost;
  };
  const probe = setInterval(() => void assertHeld().catch(() => undefined), PROBE_EVERY_MS);
  probe.unref();
  return {
    signal: lost.signal,
    assertHeld,
    // Ending the session releases the lock.
    release: async () => {
      released = true;
      clearInterval(probe);
      await end();
    },
  };
}
