import type { DatabaseConfig } from '@receptoria/db';
import pg from 'pg';

export interface TrasladoLock {
  release: () => Promise<void>;
}

/**
 * A move's session advisory lock on the control database, held on a connection of its own for as long
 * as its copy (or its undoing) runs: a job retried beside a copy still running, or a sweep of a move
 * that only looks dead, finds it taken and touches nothing. The lock goes with the connection, so a
 * worker that dies leaves it free. Null when another session holds it. Without a PostgreSQL control
 * database there is one process and no moves, and nothing to lock.
 */
export async function tryLockTraslado(config: DatabaseConfig, trasladoId: number): Promise<TrasladoLock | null> {
  if (!config.controlUrl) return { release: async () => undefined };
  const client = new pg.Client({ connectionString: config.controlUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  const end = () => client.end().catch(() => undefined);
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock(hashtext('receptor_traslado'), $1::int) as locked", [trasladoId]);
    if (!rows[0]?.locked) {
      await end();
      return null;
    }
  } catch (error) {
    await end();
    throw error;
  }
  // Ending the session releases the lock.
  return { release: end };
}
