import { type ControlDb, controlLocation, controlSchema, type DatabaseConfig, withDatabaseName } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import pg from 'pg';
import { TokenCrypto } from '../../integrations/google/token-crypto';
import type { AppConfig } from '../../lib/config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The receivers' database servers (table `servidores`), their URLs decrypted in memory. */
    servidores: DirectorioServidores;
  }
}

const { servidores, appSettings } = controlSchema;
const PROBE_TIMEOUT_MS = 3_000;
/** A server's state is probed at most this often (health checks come every few seconds). */
const PROBE_CACHE_MS = 2_000;
/** Servers added by another instance are read again at least this often. */
const REFRESH_MS = 10_000;

export type EstadoServidor = 'ok' | 'caido';

/** Connects and asks `select 1`, bounded in time; false when the server does not answer. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The servers that hold receivers' databases. Each server's URL is decrypted once and kept in
 * `databaseConfig.servidores`, where `tenantLocation` finds it; a receiver naming a server not known
 * yet (added through another instance) makes it read the table again.
 */
export class DirectorioServidores {
  private probes = new Map<number, { at: number; estado: Promise<EstadoServidor> }>();
  private loading: Promise<void> | undefined;

  constructor(
    private readonly controlDb: ControlDb,
    private readonly config: DatabaseConfig,
    /** Encrypts the URLs; undefined when the installation has no key to do it with. */
    readonly crypto: TokenCrypto | undefined,
    private readonly onError: (error: unknown, servidorId: number) => void = () => undefined,
  ) {
    if (!config.servidores) config.servidores = new Map();
  }

  private get map(): Map<number, string | null> {
    return this.config.servidores!;
  }

  /** Whether receivers' databases may live on servers of their own: only beside a PostgreSQL control database. */
  get postgres(): boolean {
    return controlLocation(this.config).kind === 'postgres';
  }

  /** Reads the table again (URLs decrypted); a URL that cannot be decrypted leaves its server unknown. */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.controlDb.select().from(servidores).orderBy(asc(servidores.id));
        for (const row of rows) {
          if (!row.urlCifrada) {
            this.map.set(row.id, null);
            continue;
          }
          try {
            if (!this.crypto) throw new Error('TOKEN_ENCRYPTION_KEY is needed to read the database servers');
            this.map.set(row.id, this.crypto.decrypt(row.urlCifrada));
          } catch (error) {
            this.onError(error, row.id);
          }
        }
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /** Makes sure a server is known, reading the table when it is not. */
  async ensure(servidorId: number): Promise<void> {
    if (!this.map.has(servidorId)) await this.refresh();
  }

  /** The URL to reach a server's `postgres` database (null: it is not a PostgreSQL server). */
  adminUrlOf(servidorId: number): string | null {
    const url = this.map.get(servidorId) ?? this.config.controlUrl ?? null;
    return url ? withDatabaseName(url, 'postgres') : null;
  }

  /** A database on a server, by name. */
  databaseUrlOn(servidorId: number, databaseName: string): string | null {
    const url = this.map.get(servidorId) ?? this.config.controlUrl ?? null;
    return url ? withDatabaseName(url, databaseName) : null;
  }

  /** 'ok' when the server answers (the control database's own server: when the control database does). */
  estado(servidorId: number): Promise<EstadoServidor> {
    const cached = this.probes.get(servidorId);
    if (cached && Date.now() - cached.at < PROBE_CACHE_MS) return cached.estado;
    const url = this.map.get(servidorId);
    const estado = url
      ? answers(url).then((ok): EstadoServidor => (ok ? 'ok' : 'caido'))
      : this.controlDb.execute(sql`select 1`).then(
          (): EstadoServidor => 'ok',
          (): EstadoServidor => 'caido',
        );
    this.probes.set(servidorId, { at: Date.now(), estado });
    return estado;
  }

  /** Every server with its state (for /health). */
  async estados(): Promise<Array<{ id: number; nombre: string; estado: EstadoServidor }>> {
    const rows = await this.controlDb
      .select({ id: servidores.id, nombre: servidores.nombre })
      .from(servidores)
      .orderBy(asc(servidores.id));
    await Promise.all(rows.map((row) => this.ensure(row.id)));
    return Promise.all(rows.map(async (row) => ({ ...row, estado: await this.estado(row.id) })));
  }
}

/**
 * The servers read once, for tools that run without the application (CLI backups and restores): a
 * receiver on another server must be found there, never on the control database's server.
 */
export async function loadServidores(config: AppConfig, db: ControlDb): Promise<DirectorioServidores> {
  const secret = await secretOf(config, db);
  const directorio = new DirectorioServidores(db, config.database, secret ? new TokenCrypto(secret) : undefined);
  await directorio.refresh();
  return directorio;
}

/** The key the URLs are encrypted with: the one OAuth tokens use (TOKEN_ENCRYPTION_KEY, else the signing secret). */
async function secretOf(config: AppConfig, db: ControlDb): Promise<string | undefined> {
  if (config.tokenEncryptionKey ?? config.jwtSecret) return config.tokenEncryptionKey ?? config.jwtSecret;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row?.value;
}

export const servidoresPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const secret = await secretOf(config, app.controlDb);
    const directorio = new DirectorioServidores(app.controlDb, app.databaseConfig, secret ? new TokenCrypto(secret) : undefined, (error, id) =>
      app.log.error({ err: error, servidor: id }, 'database server URL could not be decrypted'),
    );
    await directorio.refresh();
    const timer = setInterval(() => void directorio.refresh().catch(() => undefined), REFRESH_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.decorate('servidores', directorio);
  },
  { name: 'servidores', dependencies: ['databases'] },
);
