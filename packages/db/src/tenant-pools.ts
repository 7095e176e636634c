import { LRUCache } from 'lru-cache';
import {
  type DatabaseHandle,
  type DatabaseLocation,
  type TenantSchema,
  locationKey,
  migrateHandle,
  openDatabase,
} from './connect';

export interface TenantPoolsOptions {
  /**
   * Most tenant databases kept open at once over every server; past it the least recently used one of
   * the server holding the most is closed, so a busy server gives up its own before another's.
   */
  max: number;
  /**
   * Most tenant databases kept open on one database server (each with up to `poolSize` connections);
   * past it that server's least recently used one is closed. Default: `max`.
   */
  maxPerServer?: number;
  /** A tenant database unused for this long is closed. */
  idleMs: number;
  poolSize?: number;
}

type TenantHandle = DatabaseHandle<TenantSchema>;

/** The server part of a location key, without credentials: `host:port` or `embebido`. */
function serverOfKey(key: string): string {
  // A database's key names its server for as long as the process lives: parsed once (every request asks).
  let server = serverOfKeyMemo.get(key);
  if (server === undefined) {
    server = serverOfKeyParsed(key);
    serverOfKeyMemo.set(key, server);
  }
  return server;
}

const serverOfKeyMemo = new LRUCache<string, string>({ max: 20_000 });

function serverOfKeyParsed(key: string): string {
  if (!key.startsWith('pg:')) return 'embebido';
  try {
    const url = new URL(key.slice(3));
    return `${url.hostname}:${url.port || '5432'}`;
  } catch {
    return 'desconocido';
  }
}

interface Entry {
  key: string;
  handle: Promise<TenantHandle>;
  /** Requests (or jobs) using the database right now. */
  leases: number;
  /** Dropped from the cache; closed once the last lease ends. */
  retired: boolean;
}

export interface TenantLease {
  db: TenantHandle['db'];
  /** Ends the use; safe to call more than once. */
  release(): void;
}

/**
 * Bounded cache of open tenant databases keyed by location, one LRU per database server. Requests
 * lease their tenant's database from here; a database is closed (evicted or idle) only when no lease
 * is open on it, so a busy tenant never breaks a request of another. Nothing tenant-scoped is kept
 * anywhere else.
 */
export class TenantPools {
  /** Per server (`serverOfKey`): its open databases, least recently used first out. */
  private readonly caches = new Map<string, LRUCache<string, Entry>>();
  /** Evicted while leased: kept open (and reused) until released. */
  private readonly draining = new Map<string, Entry>();
  private readonly migrated = new Set<string>();

  constructor(private readonly options: TenantPoolsOptions) {}

  private cacheOf(key: string): LRUCache<string, Entry> {
    const server = serverOfKey(key);
    let cache = this.caches.get(server);
    if (!cache) {
      cache = new LRUCache<string, Entry>({
        max: Math.min(this.options.maxPerServer ?? this.options.max, this.options.max),
        ttl: this.options.idleMs,
        ttlAutopurge: true,
        updateAgeOnGet: true,
        dispose: (entry, _key, reason) => {
          if (reason === 'set') return;
          this.retire(entry);
        },
      });
      this.caches.set(server, cache);
    }
    return cache;
  }

  /** Past the overall bound: the server holding the most gives up its least recently used (never `keep`). */
  private enforceTotal(keep: string): void {
    while (this.size > this.options.max) {
      let victim: string | undefined;
      let largest: LRUCache<string, Entry> | undefined;
      for (const cache of this.caches.values()) {
        const oldest = [...cache.rkeys()].find((key) => key !== keep);
        if (oldest !== undefined && (!largest || cache.size > largest.size)) {
          largest = cache;
          victim = oldest;
        }
      }
      if (!largest || victim === undefined) return;
      largest.delete(victim);
    }
  }

  get size(): number {
    let size = 0;
    for (const cache of this.caches.values()) size += cache.size;
    return size;
  }

  /** Databases open right now, including evicted ones still in use. */
  get openCount(): number {
    return this.size + this.draining.size;
  }

  private cachedEntries(): Entry[] {
    return [...this.caches.values()].flatMap((cache) => [...cache.values()]);
  }

  /**
   * Per database server (`host:port`, or `embebido` for PGlite folders): databases open, those in use
   * by at least one request or job, and the leases held (metrics).
   */
  usageByServer(): Map<string, { open: number; busy: number; leases: number }> {
    const usage = new Map<string, { open: number; busy: number; leases: number }>();
    for (const entry of [...this.cachedEntries(), ...this.draining.values()]) {
      const server = serverOfKey(entry.key);
      const row = usage.get(server) ?? { open: 0, busy: 0, leases: 0 };
      row.open += 1;
      if (entry.leases > 0) row.busy += 1;
      row.leases += entry.leases;
      usage.set(server, row);
    }
    return usage;
  }

  has(location: DatabaseLocation): boolean {
    const key = locationKey(location);
    return this.caches.get(serverOfKey(key))?.has(key) ?? false;
  }

  private retire(entry: Entry): void {
    entry.retired = true;
    if (entry.leases > 0) {
      this.draining.set(entry.key, entry);
      return;
    }
    this.close(entry);
  }

  private close(entry: Entry): void {
    if (this.draining.get(entry.key) === entry) this.draining.delete(entry.key);
    void entry.handle.then((handle) => handle.close()).catch(() => undefined);
  }

  private entryFor(location: DatabaseLocation): Entry {
    const key = locationKey(location);
    const cache = this.cacheOf(key);
    let entry = cache.get(key);
    if (entry) return entry;
    entry = this.draining.get(key);
    if (entry) {
      // Still open for a request in flight: bring it back instead of opening a second one.
      this.draining.delete(key);
      entry.retired = false;
    } else {
      entry = { key, handle: this.open(location, key), leases: 0, retired: false };
      const created = entry;
      created.handle.catch(() => {
        if (cache.get(key) === created) cache.delete(key);
      });
    }
    cache.set(key, entry);
    this.enforceTotal(key);
    return entry;
  }

  /** Leases the open database for a location, opening (and migrating once) when needed. */
  async acquire(location: DatabaseLocation): Promise<TenantLease> {
    const entry = this.entryFor(location);
    entry.leases += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      entry.leases -= 1;
      if (entry.retired && entry.leases === 0) this.close(entry);
    };
    try {
      const handle = await entry.handle;
      return { db: handle.db, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Runs `work` with a leased database (jobs and scripts outside a request). */
  async with<T>(location: DatabaseLocation, work: (db: TenantHandle['db']) => Promise<T>): Promise<T> {
    const lease = await this.acquire(location);
    try {
      return await work(lease.db);
    } finally {
      lease.release();
    }
  }

  /**
   * A receiver's database for one step of a background pass over every receiver (the outbox and the
   * webhooks every minute, the alarms): the one open for requests when there is one, leased without
   * moving it up the LRU; otherwise a one-connection handle of the pass's own, closed on release. A pass
   * thus holds one connection at a time whatever the number of receivers, and never evicts the databases
   * requests are using (opening every receiver through the cache left up to `max × poolSize` connections
   * idle and exhausted the server's max_connections). An embedded folder is opened only through the
   * cache (one PGlite per folder, and opening one is a whole server start).
   */
  async forPass(location: DatabaseLocation): Promise<TenantLease> {
    if (location.kind !== 'postgres') return this.acquire(location);
    const key = locationKey(location);
    const entry = this.caches.get(serverOfKey(key))?.peek(key) ?? this.draining.get(key);
    if (entry) {
      entry.leases += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        entry.leases -= 1;
        if (entry.retired && entry.leases === 0) this.close(entry);
      };
      try {
        return { db: (await entry.handle).db, release };
      } catch (error) {
        release();
        throw error;
      }
    }
    const handle = await this.open(location, key, 1);
    let closed = false;
    return {
      db: handle.db,
      release: () => {
        if (closed) return;
        closed = true;
        void handle.close().catch(() => undefined);
      },
    };
  }

  /**
   * The open database for a location without a lease: it may be closed when evicted. Prefer
   * `acquire` or `with` for anything that outlives a quick query.
   */
  async get(location: DatabaseLocation): Promise<TenantHandle['db']> {
    return (await this.entryFor(location).handle).db;
  }

  private async open(location: DatabaseLocation, key: string, poolSize = this.options.poolSize): Promise<TenantHandle> {
    const handle = await openDatabase(location, 'tenant', { poolSize });
    if (!this.migrated.has(key)) {
      try {
        await migrateHandle(handle, 'tenant');
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
      this.migrated.add(key);
    }
    return handle;
  }

  /** Marks a location as already migrated (done at start-up for every tenant). */
  markMigrated(location: DatabaseLocation): void {
    this.migrated.add(locationKey(location));
  }

  /**
   * Closes one location's database and forgets it was migrated (its database is about to be replaced,
   * e.g. restored from a backup): waits up to `waitMs` for requests holding it, then closes it anyway.
   */
  async evict(location: DatabaseLocation, waitMs = 10_000): Promise<void> {
    const key = locationKey(location);
    this.migrated.delete(key);
    const cache = this.caches.get(serverOfKey(key));
    const entry = cache?.get(key) ?? this.draining.get(key);
    if (!entry) return;
    // Held by this call while it leaves the cache, so the cache's own disposal does not close it first.
    entry.leases += 1;
    cache?.delete(key);
    entry.retired = true;
    const deadline = Date.now() + waitMs;
    while (entry.leases > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    entry.leases = 0;
    if (this.draining.get(key) === entry) this.draining.delete(key);
    await (await entry.handle.catch(() => null))?.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.cachedEntries(), ...this.draining.values()];
    this.draining.clear();
    for (const cache of this.caches.values()) cache.clear();
    this.caches.clear();
    await Promise.allSettled(entries.map(async (entry) => (await entry.handle).close()));
  }
}
