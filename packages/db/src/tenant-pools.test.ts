import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseLocation, dropDatabase, ensureDatabase, withDatabaseName } from './connect';
import { tenantDatabaseName, tenantLocation, UnknownServerError } from './locations';
import { TenantPools } from './tenant-pools';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `receptoria_pooltest_${randomBytes(3).toString('hex')}`;
const locations: DatabaseLocation[] = [1, 2, 3].map((n) => ({
  kind: 'postgres',
  url: withDatabaseName(SERVER, `${prefix}_${n}`),
}));

async function connectionsTo(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = $1 and application_name = 'receptoria-tenant'",
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  for (const location of locations) await ensureDatabase(location);
});
afterAll(async () => {
  for (const location of locations) await dropDatabase(location);
});

describe('TenantPools', () => {
  it('migrates a tenant database on first use', async () => {
    const pools = new TenantPools({ max: 5, idleMs: 60_000, poolSize: 2 });
    try {
      const db = await pools.get(locations[0]!);
      const result = await db.execute(sql`select count(*)::int as n from apuntes_personales`);
      expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 0 });
    } finally {
      await pools.closeAll();
    }
  });

  it('keeps at most `max` databases open and closes the least recently used', async () => {
    const pools = new TenantPools({ max: 2, idleMs: 60_000, poolSize: 2 });
    try {
      for (const location of locations) {
        const db = await pools.get(location);
        await db.execute(sql`select 1`);
      }
      expect(pools.size).toBe(2);
      expect(pools.has(locations[0]!)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await connectionsTo(`${prefix}_1`)).toBe(0);
      expect(await connectionsTo(`${prefix}_3`)).toBeGreaterThan(0);
    } finally {
      await pools.closeAll();
    }
  });

  it('never closes a database while a request still uses it, and reuses it when asked again', async () => {
    const pools = new TenantPools({ max: 1, idleMs: 60_000, poolSize: 2 });
    try {
      const busy = await pools.acquire(locations[0]!);
      const slow = busy.db.execute(sql`select pg_sleep(0.3)`);
      // Another tenant evicts the busy one from the cache while its query runs.
      await pools.with(locations[1]!, (db) => db.execute(sql`select 1`));
      expect(pools.has(locations[0]!)).toBe(false);
      await expect(slow).resolves.toBeDefined();
      await busy.db.execute(sql`select 1`);
      expect(await connectionsTo(`${prefix}_1`)).toBeGreaterThan(0);
      busy.release();
      busy.release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await connectionsTo(`${prefix}_1`)).toBe(0);
      expect(pools.openCount).toBe(1);
    } finally {
      await pools.closeAll();
    }
  });

  it('serves many tenants concurrently through a cache smaller than them without a failure', async () => {
    const pools = new TenantPools({ max: 1, idleMs: 60_000, poolSize: 2 });
    try {
      const work = Array.from({ length: 30 }, (_, i) =>
        pools.with(locations[i % locations.length]!, (db) => db.execute(sql`select pg_sleep(0.02)`)),
      );
      const results = await Promise.allSettled(work);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      await pools.closeAll();
    }
  });

  it('bounds each database server apart: a busy server evicts its own databases, never another server’s', async () => {
    // The same PostgreSQL reached by two names counts as two servers (the pools key by host:port).
    const other = new URL(SERVER);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const elsewhere: DatabaseLocation = { kind: 'postgres', url: withDatabaseName(other.toString(), `${prefix}_1`) };
    const otherServer = `${other.hostname}:${other.port || '5432'}`;
    const pools = new TenantPools({ max: 10, maxPerServer: 2, idleMs: 60_000, poolSize: 1 });
    try {
      await pools.with(elsewhere, (db) => db.execute(sql`select 1`));
      for (const location of [...locations, ...locations]) await pools.with(location, (db) => db.execute(sql`select 1`));
      expect(pools.has(elsewhere)).toBe(true);
      expect(locations.filter((location) => pools.has(location))).toHaveLength(2);
      const usage = pools.usageByServer();
      expect(usage.get(otherServer)).toEqual({ open: 1, busy: 0, leases: 0 });
      expect([...usage.entries()].filter(([server]) => server !== otherServer).map(([, row]) => row.open)).toEqual([2]);
    } finally {
      await pools.closeAll();
    }
  });

  it('past the overall bound, the server holding the most gives up its least recently used one', async () => {
    const other = new URL(SERVER);
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const elsewhere: DatabaseLocation = { kind: 'postgres', url: withDatabaseName(other.toString(), `${prefix}_2`) };
    const pools = new TenantPools({ max: 3, maxPerServer: 3, idleMs: 60_000, poolSize: 1 });
    try {
      await pools.with(elsewhere, (db) => db.execute(sql`select 1`));
      for (const location of locations) await pools.with(location, (db) => db.execute(sql`select 1`));
      // Four asked, three kept: the first of the busy server went, the other server's stayed.
      expect(pools.size).toBe(3);
      expect(pools.has(elsewhere)).toBe(true);
      expect(pools.has(locations[0]!)).toBe(false);
      expect(pools.has(locations[2]!)).toBe(true);
    } finally {
      await pools.closeAll();
    }
  });

  it('a pass over every receiver holds one connection at a time and leaves the requests’ databases open', async () => {
    const pools = new TenantPools({ max: 1, idleMs: 60_000, poolSize: 5 });
    try {
      // A receiver a request is using (and five connections deep), then a pass over all of them, twice.
      await pools.with(locations[0]!, (db) => Promise.all(Array.from({ length: 5 }, () => db.execute(sql`select pg_sleep(0.05)`))));
      const requestsOwn = await connectionsTo(`${prefix}_1`);
      for (let round = 0; round < 2; round += 1) {
        for (const location of locations) {
          const lease = await pools.forPass(location);
          try {
            await lease.db.execute(sql`select 1`);
          } finally {
            lease.release();
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The request's database is still the one open, with the connections it had; the others left none.
      expect(pools.size).toBe(1);
      expect(pools.has(locations[0]!)).toBe(true);
      expect(await connectionsTo(`${prefix}_1`)).toBe(requestsOwn);
      expect(await connectionsTo(`${prefix}_2`)).toBe(0);
      expect(await connectionsTo(`${prefix}_3`)).toBe(0);
    } finally {
      await pools.closeAll();
    }
  });

  it('closes a database left idle', async () => {
    const pools = new TenantPools({ max: 5, idleMs: 150, poolSize: 2 });
    try {
      await (await pools.get(locations[1]!)).execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(pools.has(locations[1]!)).toBe(false);
      expect(await connectionsTo(`${prefix}_2`)).toBe(0);
    } finally {
      await pools.closeAll();
    }
  });

  it('works on embedded PGlite folders', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-pglite-'));
    const pools = new TenantPools({ max: 2, idleMs: 60_000 });
    try {
      const location = tenantLocation({ dataDir: dir }, { databaseName: 'receptoria_demo', databaseUrl: null });
      expect(location).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'tenants', 'receptoria_demo') });
      const db = await pools.get(location);
      const result = await db.execute(sql`select count(*)::int as n from apuntes_personales`);
      expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 0 });
    } finally {
      await pools.closeAll();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('tenant database names', () => {
  it('derives a safe name from the control database and the receiver', () => {
    const config = { controlUrl: 'postgres://u@h:5432/receptoria', dataDir: '/x' };
    expect(tenantDatabaseName(config, 'María Ñúñez Receptora')).toBe('receptoria_maria_nunez_receptora');
    expect(tenantDatabaseName({ dataDir: '/x' }, '***')).toBe('receptoria_receptor');
    expect(tenantLocation(config, { databaseName: 'receptoria_x', databaseUrl: null })).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/receptoria_x',
    });
    expect(tenantLocation(config, { databaseName: 'n', databaseUrl: 'postgres://otro:5432/db' })).toEqual({
      kind: 'postgres',
      url: 'postgres://otro:5432/db',
    });
  });

  it('finds a receiver on its own server, and never guesses an unknown server as the control database’s', () => {
    const config = {
      controlUrl: 'postgres://u@h:5432/receptoria',
      dataDir: '/x',
      servidores: new Map<number, string | null>([
        [1, null],
        [2, 'postgres://v:clave@otro:6432/postgres'],
      ]),
    };
    expect(tenantLocation(config, { databaseName: 'receptoria_a', databaseUrl: null, servidorId: 1 })).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/receptoria_a',
    });
    expect(tenantLocation(config, { databaseName: 'receptoria_b', databaseUrl: null, servidorId: 2 })).toEqual({
      kind: 'postgres',
      url: 'postgres://v:clave@otro:6432/receptoria_b',
    });
    expect(() => tenantLocation(config, { databaseName: 'receptoria_c', databaseUrl: null, servidorId: 3 })).toThrow(UnknownServerError);
    expect(() => tenantLocation({ controlUrl: config.controlUrl, dataDir: '/x' }, { databaseName: 'c', databaseUrl: null, servidorId: 2 })).toThrow(
      UnknownServerError,
    );
  });
});
