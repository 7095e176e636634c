import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { ADMIN_USERNAME, TIME_ZONE } from '@receptoria/contracts';
import {
  type ControlDb,
  controlLocation,
  controlSchema,
  createDatabaseIfAbsent,
  type DatabaseConfig,
  type DatabaseLocation,
  databaseNameOf,
  dropDatabase,
  loadPgliteDump,
  migrateDatabase,
  quoteIdent,
  type TenantPools,
  tenantLocation,
  withDatabaseName,
} from '@receptoria/db';
import { format } from 'date-fns';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { RespaldosConfig } from '../../lib/config';
import { findPgTool, libpqArgs, runPgTool, serverMajor } from './pg-tools';
import { aplicarRetencion } from './retencion';
import { subirArchivo } from './s3';

const { respaldos, tenants, users } = controlSchema;
type TenantRow = typeof tenants.$inferSelect;

export class RespaldoError extends Error {}

/** Where a restore or backup runs: the application's databases, settings, mail and log. */
export interface RespaldoContext {
  controlDb: ControlDb;
  databaseConfig: DatabaseConfig;
  tenantPools: TenantPools;
  config: RespaldosConfig;
  mail?: { send(message: { to: string; subject: string; text: string }): Promise<unknown> };
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Drops this process's cached sessions (and receiver rows) so a maintenance mark is seen at once. */
  clearSessions?: () => void;
  /** How long other processes may keep a receiver row cached (their session cache), in ms. */
  sessionCacheTtlMs?: number;
}

export interface ArchivoEscrito {
  archivo: string;
  sha256: string;
  bytes: number;
  /** Receiver id; null for the control database. */
  receptor: number | null;
  s3?: string;
}

export function respaldosConfigPorDefecto(database: DatabaseConfig): RespaldosConfig {
  return { dir: path.join(database.dataDir, 'backups'), schedule: false, cron: '0 2 * * *', keepDaily: 7, keepWeekly: 4 };
}

/** YYYYMMDD-HHmmss in Santiago time. */
export function momentoSantiago(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), TIME_ZONE), 'yyyyMMdd-HHmmss');
}

/** A receiver's files are named after its database: unique and unchanged when the receiver is renamed. */
export function slugReceptor(tenant: Pick<TenantRow, 'databaseName'>): string {
  return tenant.databaseName;
}

export const SLUG_CONTROL = 'control';

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `<file>.sha256` in sha256sum's format, so `sha256sum -c` checks it too. */
async function writeChecksum(file: string): Promise<string> {
  const digest = await sha256Of(file);
  await writeFile(`${file}.sha256`, `${digest}  ${path.basename(file)}\n`);
  return digest;
}

/** Checks a backup against the .sha256 beside it; throws in Spanish when it is missing or differs. */
export async function verificarSha256(file: string): Promise<string> {
  let expected: string;
  try {
    expected = (await readFile(`${file}.sha256`, 'utf8')).trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  } catch {
    throw new RespaldoError(`Falta ${path.basename(file)}.sha256 junto al respaldo: sin él no se puede comprobar el archivo.`);
  }
  const actual = await sha256Of(file);
  if (!/^[0-9a-f]{64}$/.test(expected) || expected !== actual) {
    throw new RespaldoError(
      `El respaldo ${path.basename(file)} no coincide con su SHA-256 (esperado ${expected || '—'}, calculado ${actual}): ` +
        'el archivo está dañado o fue modificado. No se restauró nada.',
    );
  }
  return actual;
}

/** What a backup needs of an embedded database's PGlite instance. */
interface PgliteClient {
  exec(query: string): Promise<unknown>;
  dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob>;
}

/** The PGlite instance behind a drizzle database opened on an embedded folder. */
function pgliteClient(db: unknown): PgliteClient {
  return (db as { $client: PgliteClient }).$client;
}

/** Dumps one database into `dir` as `<slug>_<momento>.<ext>` plus its .sha256; written through a rename. */
async function volcar(
  ctx: RespaldoContext,
  location: DatabaseLocation,
  slug: string,
  momento: string,
  pglite: () => Promise<PgliteClient>,
  release: () => void = () => undefined,
): Promise<{ file: string; sha256: string; bytes: number }> {
  await mkdir(ctx.config.dir, { recursive: true });
  const ext = location.kind === 'postgres' ? 'dump' : 'tar.gz';
  const file = path.join(ctx.config.dir, `${slug}_${momento}.${ext}`);
  const partial = `${file}.${process.pid}.parcial`;
  try {
    if (location.kind === 'postgres') {
      const pgDump = await findPgTool('pg_dump', await serverMajor(location.url), ctx.config.pgBinDir);
      const { dbname, env } = libpqArgs(location.url);
      await runPgTool(pgDump, ['--format=custom', '--compress=6', `--file=${partial}`, `--dbname=${dbname}`], env);
    } else {
      try {
        const client = await pglite();
        // Everything written so far goes to the data files before they are copied.
        await client.exec('CHECKPOINT');
        const blob = await client.dumpDataDir('gzip');
        await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
      } finally {
        release();
      }
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const sha256 = await writeChecksum(file);
  return { file, sha256, bytes: (await stat(file)).size };
}

/** Backs up the control database. */
export async function respaldarControl(ctx: RespaldoContext, momento = momentoSantiago()): Promise<ArchivoEscrito> {
  const location = controlLocation(ctx.databaseConfig);
  const written = await volcar(ctx, location, SLUG_CONTROL, momento, async () => pgliteClient(ctx.controlDb));
  return { archivo: written.file, sha256: written.sha256, bytes: written.bytes, receptor: null };
}

/** Backs up one receiver's database. */
export async function respaldarReceptor(ctx: RespaldoContext, tenant: TenantRow, momento = momentoSantiago()): Promise<ArchivoEscrito> {
  const location = tenantLocation(ctx.databaseConfig, tenant);
  let release: () => void = () => undefined;
  const written = await volcar(
    ctx,
    location,
    slugReceptor(tenant),
    momento,
    async () => {
      const lease = await ctx.tenantPools.acquire(location);
      release = lease.release;
      return pgliteClient(lease.db);
    },
    () => release(),
  );
  return { archivo: written.file, sha256: written.sha256, bytes: written.bytes, receptor: tenant.id };
}

export interface RespaldoPedido {
  origen: 'programado' | 'manual';
  /** A receiver's id, or every database (control and all receivers). */
  receptor: number | 'all';
  /** Nightly runs: the Santiago day, so two workers or two instances write one set. */
  clave?: string;
  now?: Date;
}

export interface RespaldoResultado {
  id: number | null;
  /** True when another worker already took (or finished) this run. */
  omitido: boolean;
  archivos: ArchivoEscrito[];
  errores: string[];
  eliminados: string[];
}

/**
 * A backup run: takes its key (exactly once across workers; a failed or abandoned run may be taken
 * again), dumps each database, writes its SHA-256, sends it to S3 when configured, applies the
 * retention, and records the outcome; a failure is logged and mailed to the platform admin.
 */
export async function ejecutarRespaldo(ctx: RespaldoContext, pedido: RespaldoPedido): Promise<RespaldoResultado> {
  const clave = pedido.clave ?? `manual:${randomUUID()}`;
  const [run] = await ctx.controlDb
    .insert(respaldos)
    .values({ clave, origen: pedido.origen })
    .onConflictDoUpdate({
      target: respaldos.clave,
      set: { estado: 'en_curso', iniciadoEn: sql`now()`, terminadoEn: null, error: null, archivos: [] },
      setWhere: sql`${respaldos.estado} = 'error' or (${respaldos.estado} = 'en_curso' and ${respaldos.iniciadoEn} < now() - interval '6 hours')`,
    })
    .returning({ id: respaldos.id });
  if (!run) return { id: null, omitido: true, archivos: [], errores: [], eliminados: [] };

  const momento = momentoSantiago(pedido.now);
  const archivos: ArchivoEscrito[] = [];
  const errores: string[] = [];
  const all = await ctx.controlDb.select().from(tenants).orderBy(asc(tenants.id));
  const targets = pedido.receptor === 'all' ? all : all.filter((t) => t.id === pedido.receptor);
  if (pedido.receptor !== 'all' && targets.length === 0) errores.push(`No existe el receptor ${pedido.receptor}.`);

  const started = Date.now();
  if (pedido.receptor === 'all') {
    try {
      archivos.push(await respaldarControl(ctx, momento));
    } catch (error) {
      errores.push(`Base de control: ${(error as Error).message}`);
    }
  }
  for (const tenant of targets) {
    try {
      archivos.push(await respaldarReceptor(ctx, tenant, momento));
    } catch (error) {
      errores.push(`Receptor ${tenant.id} (${tenant.nombre}): ${(error as Error).message}`);
    }
  }
  if (ctx.config.s3) {
    for (const archivo of archivos) {
      try {
        archivo.s3 = await subirArchivo(ctx.config.s3, archivo.archivo);
        await subirArchivo(ctx.config.s3, `${archivo.archivo}.sha256`);
      } catch (error) {
        errores.push(`S3 (${path.basename(archivo.archivo)}): ${(error as Error).message}`);
      }
    }
  }
  let eliminados: string[] = [];
  try {
    eliminados = await aplicarRetencion(ctx.config.dir, ctx.config.keepDaily, ctx.config.keepWeekly);
  } catch (error) {
    errores.push(`Retención: ${(error as Error).message}`);
  }

  const estado = errores.length ? 'error' : 'ok';
  await ctx.controlDb
    .update(respaldos)
    .set({
      estado,
      terminadoEn: sql`now()`,
      archivos: archivos.map((a) => ({ ...a, archivo: path.basename(a.archivo) })),
      error: errores.length ? errores.join('\n') : null,
    })
    .where(eq(respaldos.id, run.id));
  const summary = { respaldo: run.id, clave, archivos: archivos.length, eliminados: eliminados.length, ms: Date.now() - started };
  if (errores.length) {
    ctx.log.error({ ...summary, errores }, 'backup failed');
    await avisarFalla(ctx, errores, pedido.now ?? new Date()).catch((error: unknown) =>
      ctx.log.error({ error: (error as Error).message }, 'backup failure mail not sent'),
    );
  } else {
    ctx.log.info(summary, 'backup written');
  }
  return { id: run.id, omitido: false, archivos, errores, eliminados };
}

/** Mails the platform admin (its user's e-mail, else the first receiver's) that a backup failed. */
async function avisarFalla(ctx: RespaldoContext, errores: string[], when: Date): Promise<void> {
  if (!ctx.mail) return;
  const [admin] = await ctx.controlDb
    .select({ email: users.email })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${ADMIN_USERNAME}`, sql`${users.email} <> ''`));
  let to = admin?.email ?? '';
  if (!to) {
    const [first] = await ctx.controlDb.select({ email: tenants.email }).from(tenants).where(sql`${tenants.email} <> ''`).orderBy(asc(tenants.id)).limit(1);
    to = first?.email ?? '';
  }
  if (!to) {
    ctx.log.error({}, 'backup failure not mailed: the platform admin has no e-mail');
    return;
  }
  const fecha = format(new TZDate(when.getTime(), TIME_ZONE), 'dd-MM-yyyy HH:mm');
  await ctx.mail.send({
    to,
    subject: `Receptoría: falló el respaldo del ${fecha}`,
    text:
      `El respaldo de las bases de datos del ${fecha} (hora de Santiago) no se completó.\n\n` +
      `${errores.map((e) => `- ${e}`).join('\n')}\n\n` +
      `Carpeta de respaldos: ${ctx.config.dir}\n` +
      'Revise el registro del servidor y /health; el próximo respaldo programado se intentará de nuevo.\n',
  });
}

/** The last finished runs, for /health. */
export async function estadoRespaldos(db: ControlDb): Promise<{ ultimo_ok: string | null; ultimo_error: string | null; error: string | null }> {
  const last = (estado: 'ok' | 'error') =>
    db
      .select({ terminadoEn: respaldos.terminadoEn, error: respaldos.error })
      .from(respaldos)
      .where(and(eq(respaldos.estado, estado), isNotNull(respaldos.terminadoEn)))
      .orderBy(desc(respaldos.terminadoEn))
      .limit(1);
  const [[ok], [failed]] = await Promise.all([last('ok'), last('error')]);
  const failedLater = failed && (!ok || failed.terminadoEn! > ok.terminadoEn!);
  return {
    ultimo_ok: ok?.terminadoEn?.toISOString() ?? null,
    ultimo_error: failed?.terminadoEn?.toISOString() ?? null,
    error: failedLater ? (failed.error ?? null) : null,
  };
}

// --- Restore ---

export interface RestauracionPedido {
  receptor: number;
  archivo: string;
  /** Restore into this new database (PostgreSQL) or data folder (embedded) instead. */
  into?: string;
  /** Replace the receiver's live database; it is put in maintenance meanwhile. */
  replace?: boolean;
}

export interface RestauracionResultado {
  /** Database (PostgreSQL) or folder (embedded) restored into. */
  destino: string;
  /** The replaced database, kept under this name (or folder) until removed by hand. */
  anterior?: string;
  ms: number;
}

const VALID_NAME = /^[a-z0-9_]{1,63}$/;

async function liveDatabaseExists(url: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [databaseNameOf(url)]);
    return (rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}

async function folderInUse(dir: string): Promise<boolean> {
  try {
    return (await stat(path.join(dir, 'PG_VERSION'))).isFile();
  } catch {
    return false;
  }
}

async function pgRestore(ctx: RespaldoContext, file: string, url: string): Promise<void> {
  const pgRestoreBin = await findPgTool('pg_restore', await serverMajor(url), ctx.config.pgBinDir);
  const { dbname, env } = libpqArgs(url);
  await runPgTool(pgRestoreBin, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
}

async function loadPglite(file: string, dataDir: string): Promise<void> {
  await loadPgliteDump(dataDir, new Blob([await readFile(file)]));
}

async function setMaintenance(ctx: RespaldoContext, tenantId: number, on: boolean): Promise<void> {
  await ctx.controlDb
    .update(tenants)
    .set({ mantenimientoDesde: on ? sql`now()` : null })
    .where(eq(tenants.id, tenantId));
  ctx.clearSessions?.();
}

/** Renames a database, cutting off whoever is still connected to it (retried: pools reconnect). */
async function renameDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [from]);
      try {
        await admin.query(`alter database ${quoteIdent(from)} rename to ${quoteIdent(to)}`);
        return;
      } catch (error) {
        // 55006: still in use by a connection that arrived meanwhile.
        if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * Restores a receiver's backup after checking its SHA-256. Into a new database (`into`), into its own
 * database when that one is gone, or over the live one with `replace`: the backup is first restored
 * beside it, then — the receiver in maintenance (503) — the live one is set aside and the restored one
 * takes its name. The restored database is migrated to this version of the application.
 */
export async function restaurarReceptor(ctx: RespaldoContext, pedido: RestauracionPedido): Promise<RestauracionResultado> {
  const started = Date.now();
  const [tenant] = await ctx.controlDb.select().from(tenants).where(eq(tenants.id, pedido.receptor));
  if (!tenant) throw new RespaldoError(`No existe el receptor ${pedido.receptor}.`);
  const file = path.resolve(pedido.archivo);
  try {
    await stat(file);
  } catch {
    throw new RespaldoError(`No se encontró el archivo ${file}.`);
  }
  if (pedido.into !== undefined && !VALID_NAME.test(pedido.into)) {
    throw new RespaldoError('El nombre de --into admite solo minúsculas, dígitos y guion bajo (hasta 63).');
  }
  if (pedido.into && pedido.replace) throw new RespaldoError('Use --into o --replace, no ambos.');
  const live = tenantLocation(ctx.databaseConfig, tenant);
  const isDump = file.endsWith('.dump');
  if (live.kind === 'postgres' && !isDump) {
    throw new RespaldoError('El receptor usa PostgreSQL: restaure un respaldo .dump (pg_dump), no uno de la base integrada.');
  }
  if (live.kind === 'pglite' && isDump) {
    throw new RespaldoError('El receptor usa la base de datos integrada: restaure un respaldo .tar.gz de la base integrada.');
  }
  await verificarSha256(file);
  const stamp = momentoSantiago().replace('-', '');
  const inUse = live.kind === 'postgres' ? await liveDatabaseExists(live.url) : await folderInUse(live.dataDir);
  if (inUse && !pedido.into && !pedido.replace) {
    throw new RespaldoError(
      `La base de datos del receptor ${tenant.id} (${tenant.databaseName}) existe y está en uso: no se restaura encima. ` +
        'Use --into <nombre> para restaurar en una base nueva, o --replace para reemplazarla ' +
        '(el receptor queda en mantenimiento mientras tanto y la base actual se conserva con otro nombre).',
    );
  }

  if (live.kind === 'postgres') {
    const target = pedido.into
      ? withDatabaseName(live.url, pedido.into)
      : inUse
        ? withDatabaseName(live.url, `${databaseNameOf(live.url).slice(0, 40)}_rest_${stamp}`)
        : live.url;
    if (!(await createDatabaseIfAbsent({ kind: 'postgres', url: target }))) {
      throw new RespaldoError(`La base de datos ${databaseNameOf(target)} ya existe: elija otro nombre para --into.`);
    }
    try {
      await pgRestore(ctx, file, target);
      await migrateDatabase({ kind: 'postgres', url: target }, 'tenant');
    } catch (error) {
      await dropDatabase({ kind: 'postgres', url: target }).catch(() => undefined);
      throw error;
    }
    if (!pedido.replace || !inUse) {
      if (target === live.url) await ctx.tenantPools.evict(live);
      return { destino: databaseNameOf(target), ms: Date.now() - started };
    }
    const liveName = databaseNameOf(live.url);
    const anterior = `${liveName.slice(0, 40)}_ant_${stamp}`;
    await setMaintenance(ctx, tenant.id, true);
    try {
      // Other instances see the mark once their cached receiver row expires.
      await new Promise((resolve) => setTimeout(resolve, (ctx.sessionCacheTtlMs ?? 5_000) + 500));
      await ctx.tenantPools.evict(live, 5_000);
      await renameDatabase(live.url, liveName, anterior);
      try {
        await renameDatabase(live.url, databaseNameOf(target), liveName);
      } catch (error) {
        await renameDatabase(live.url, anterior, liveName).catch(() => undefined);
        throw error;
      }
    } finally {
      await setMaintenance(ctx, tenant.id, false);
    }
    return { destino: liveName, anterior, ms: Date.now() - started };
  }

  // Embedded database: a data folder per database, opened only by this process.
  const tenantsDir = path.dirname(live.dataDir);
  if (pedido.into) {
    const target = path.join(tenantsDir, pedido.into);
    if (!(await createDatabaseIfAbsent({ kind: 'pglite', dataDir: target }))) {
      throw new RespaldoError(`La carpeta ${target} ya existe: elija otro nombre para --into.`);
    }
    try {
      await loadPglite(file, target);
    } catch (error) {
      await rm(target, { recursive: true, force: true });
      throw error;
    }
    return { destino: target, ms: Date.now() - started };
  }
  if (!inUse) {
    await ctx.tenantPools.evict(live);
    await rm(live.dataDir, { recursive: true, force: true });
    await loadPglite(file, live.dataDir);
    return { destino: live.dataDir, ms: Date.now() - started };
  }
  const staging = `${live.dataDir}.rest-${stamp}`;
  await loadPglite(file, staging);
  const anterior = `${live.dataDir}.anterior-${stamp}`;
  await setMaintenance(ctx, tenant.id, true);
  try {
    await ctx.tenantPools.evict(live, 5_000);
    await rename(live.dataDir, anterior);
    await rename(staging, live.dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await setMaintenance(ctx, tenant.id, false);
  }
  return { destino: live.dataDir, anterior, ms: Date.now() - started };
}
