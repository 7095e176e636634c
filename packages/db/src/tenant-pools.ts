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
  /** Most tenant databases kept open at once; the least recently used is closed past it. */
  max: number;
  /** A tenant database unused for this long is closed. */
  idleMs: number;
  poolSize?: number;
}

/**
 * Bounded cache of open tenant databases keyed by location. Requests obtain their tenant's
 * database from here; nothing tenant-scoped is kept anywhere else.
 */
export class TenantPools {
  private readonly cache: LRUCache<string, Promise<DatabaseHandle<TenantSchema>>>;
  private readonly migrated = new Set<string>();

  constructor(private readonly options: TenantPoolsOptions) {
    this.cache = new LRUCache({
      max: options.max,
      ttl: options.idleMs,
      ttlAutopurge: true,
      updateAgeOnGet: true,
      dispose: (pending) => {
        void pending.then((handle) => handle.close()).catch(() => undefined);
      },
    });
  }

  get size(): number {
    return this.cache.size;
  }

  has(location: DatabaseLocation): boolean {
    return this.cache.has(locationKey(location));
  }

  /** The open database for a location, opening (and migrating once) when needed. */
  async get(location: DatabaseLocation): Promise<DatabaseHandle<TenantSchema>['db']> {
    const key = locationKey(location);
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.open(location, key);
      this.cache.set(key, pending);
      pending.catch(() => this.cache.delete(key));
    }
    return (await pending).db;
  }

  private async open(location: DatabaseLocation, key: string): Promise<DatabaseHandle<TenantSchema>> {
    const handle = await openDatabase(location, 'tenant', { poolSize: this.options.poolSize });
    if (!this.migrated.has(key)) {
      await migrateHandle(handle, 'tenant');
      this.migrated.add(key);
    }
    return handle;
  }

  /** Marks a location as already migrated (done at start-up for every tenant). */
  markMigrated(location: DatabaseLocation): void {
    this.migrated.add(locationKey(location));
  }

  async closeAll(): Promise<void> {
    const pending = [...this.cache.values()];
    this.cache.clear();
    await Promise.allSettled(pending.map(async (p) => (await p).close()));
  }
}
