import { spawn } from 'node:child_process';
import { TRASLADOS_LIST_LIMIT, type TrasladoEstado, type TrasladoListItem, servidoresMessages as m } from '@receptoria/contracts';
import {
  type ControlDb,
  controlSchema,
  createDatabaseIfAbsent,
  type DatabaseConfig,
  databaseNameOf,
  dropDatabase,
  quoteIdent,
  type TenantPools,
  tenantLocation,
  withDatabaseName,
} from '@receptoria/db';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { AppError } from '../../lib/app-error';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { findPgTool, libpqArgs, serverMajor } from '../respaldos/pg-tools';
import type { DirectorioServidores } from './directorio';
import { findServidor } from './servidores.service';
import { type TrasladoLock, TrasladoLockLost, tryLockTraslado } from './traslado-lock';

const { tenants, traslados, servidores } = controlSchema;

export type TrasladoRow = typeof traslados.$inferSelect;

export interface TrasladoContext {
  controlDb: ControlDb;
  databaseConfig: DatabaseConfig;
  tenantPools: TenantPools;
  servidores: DirectorioServidores;
  /** Folder of pg_dump / pg_restore (PG_BIN_DIR); otherwise found from the servers' major version. */
  pgBinDir?: string;
  /** Drops every instance's cached receiver rows (NOTIFY), so the flag and the new server are seen at once. */
  clearSessions: () => void;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export interface TablaVerificada {
  tabla: string;
  filas: number;
  checksum: string;
}

function toEstado(row: TrasladoRow): TrasladoEstado {
  return {
    id: row.id,
    estado: row.estado,
    detalle: row.detalle,
    origen_servidor_id: row.origenServidorId,
    destino_servidor_id: row.destinoServidorId,
    base_anterior_eliminada: row.baseAnteriorEliminadaEn !== null,
    tablas: row.tablas as TablaVerificada[],
  };
}

async function lastTraslado(db: ControlDb, tenantId: number): Promise<TrasladoRow | undefined> {
  const [row] = await db.select().from(traslados).where(eq(traslados.tenantId, tenantId)).orderBy(desc(traslados.id)).limit(1);
  return row;
}

export async function estadoTraslado(db: ControlDb, tenantId: number): Promise<TrasladoEstado> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', 'Cliente no encontrado.');
  const row = await lastTraslado(db, tenantId);
  if (!row) throw new AppError('NOT_FOUND', m.sinTraslado);
  return toEstado(row);
}

/** The latest moves of every receiver, newest first, with the receiver's and both servers' names. */
export async function listTraslados(db: ControlDb): Promise<TrasladoListItem[]> {
  const origen = alias(servidores, 'origen');
  const destino = alias(servidores, 'destino');
  const rows = await db
    .select({
      id: traslados.id,
      receptorId: traslados.tenantId,
      receptorNombre: tenants.nombre,
      origenId: traslados.origenServidorId,
      origenNombre: origen.nombre,
      destinoId: traslados.destinoServidorId,
      destinoNombre: destino.nombre,
      estado: traslados.estado,
      detalle: traslados.detalle,
      creado: traslados.iniciadoEn,
      terminado: traslados.terminadoEn,
    })
    .from(traslados)
    .innerJoin(tenants, eq(tenants.id, traslados.tenantId))
    .innerJoin(origen, eq(origen.id, traslados.origenServidorId))
    .innerJoin(destino, eq(destino.id, traslados.destinoServidorId))
    .orderBy(desc(traslados.iniciadoEn), desc(traslados.id))
    .limit(TRASLADOS_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    receptor_id: row.receptorId,
    receptor_nombre: row.receptorNombre,
    origen_id: row.origenId,
    origen_nombre: row.origenNombre,
    destino_id: row.destinoId,
    destino_nombre: row.destinoNombre,
    estado: row.estado,
    detalle: row.detalle,
    creado: row.creado.toISOString(),
    terminado: row.terminado?.toISOString() ?? null,
  }));
}

/**
 * Starts moving a receiver's database to another server: records the move ('copiando') and sets the
 * receiver's `moviendo_desde` in one transaction (its writes get 503 from then on); the copy itself
 * runs as a job (`runTraslado`).
 */
export async function iniciarTraslado(
  ctx: TrasladoContext,
  tenantId: number,
  servidorId: number,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<TrasladoRow> {
  if (!ctx.servidores.postgres) throw new AppError('BAD_REQUEST', m.soloPostgres);
  const badServer = (detail: string) => new AppError('BAD_REQUEST', detail, { errors: { servidor_id: [detail] } });
  const row = await ctx.controlDb.transaction(async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!tenant) throw new AppError('NOT_FOUND', 'Cliente no encontrado.');
    const [destino] = await tx.select().from(servidores).where(eq(servidores.id, servidorId)).for('update');
    if (!destino) throw badServer(m.servidorNoEncontrado);
    if (!destino.activo) throw badServer(m.servidorInactivo);
    if (tenant.servidorId === destino.id && !tenant.databaseUrl) throw badServer(m.mismoServidor);
    const [enCurso] = await tx
      .select({ id: traslados.id })
      .from(traslados)
      .where(and(eq(traslados.tenantId, tenantId), eq(traslados.estado, 'copiando')));
    if (enCurso || tenant.moviendoDesde || tenant.mantenimientoDesde) throw new AppError('CONFLICT', m.trasladoEnCurso);
    // Confirming acts on the latest move only: a new one would leave this one's old database out of reach.
    const [sinConfirmar] = await tx
      .select({ id: traslados.id })
      .from(traslados)
      .where(and(eq(traslados.tenantId, tenantId), eq(traslados.estado, 'activo'), isNull(traslados.baseAnteriorEliminadaEn)));
    if (sinConfirmar) throw new AppError('CONFLICT', m.trasladoSinConfirmar);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(tenants).where(eq(tenants.servidorId, destino.id));
    if (n >= destino.capacidad) throw badServer(m.servidorLleno(destino.nombre));
    const [created] = await tx
      .insert(traslados)
      .values({
        tenantId,
        origenServidorId: tenant.servidorId,
        origenBase: tenant.databaseName,
        destinoServidorId: destino.id,
        detalle: m.copiando(destino.nombre),
      })
      .returning();
    await tx.update(tenants).set({ moviendoDesde: new Date() }).where(eq(tenants.id, tenantId));
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'receptor',
      entidadId: tenantId,
      accion: 'trasladar',
      cambios: { servidor_id: { antes: tenant.servidorId, despues: destino.id } },
    });
    return created!;
  });
  ctx.clearSessions();
  return row;
}

/** Runs a statement on a server's maintenance database (`postgres`). */
async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes a database refuse writes (or accept them again) and ends its other sessions, so every pooled
 * connection comes back under the new default: a write already past the receiver's flag fails
 * (503, retried by the client) instead of landing in a copy that is no longer read.
 */
export async function setReadOnly(databaseUrl: string, readOnly: boolean): Promise<void> {
  const name = quoteIdent(databaseNameOf(databaseUrl));
  await onServer(withDatabaseName(databaseUrl, 'postgres'), async (client) => {
    await client.query(readOnly ? `alter database ${name} set default_transaction_read_only = on` : `alter database ${name} reset default_transaction_read_only`);
    const { rows } = await client.query<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseNameOf(databaseUrl)],
    );
    // A session ends at its next interruption check: wait until those are gone, so none of them can
    // still commit after the copy's snapshot is taken.
    const pids = rows.map((row) => row.pid);
    const deadline = Date.now() + 10_000;
    while (pids.length > 0 && Date.now() < deadline) {
      const left = await client.query('select 1 from pg_stat_activity where pid = any($1::int[])', [pids]);
      if (left.rowCount === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

/**
 * pg_dump of one database piped into pg_restore of another; the tools' error output becomes the error.
 * Aborting `signal` (the move's lock lost) ends both tools and throws its reason.
 */
async function copyDatabase(fromUrl: string, toUrl: string, pgBinDir: string | undefined, signal: AbortSignal): Promise<void> {
  const major = Math.max(await serverMajor(fromUrl), await serverMajor(toUrl));
  const pgDump = await findPgTool('pg_dump', major, pgBinDir);
  const pgRestore = await findPgTool('pg_restore', major, pgBinDir);
  const from = libpqArgs(fromUrl);
  const to = libpqArgs(toUrl);
  const dump = spawn(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${from.dbname}`], { env: from.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const restore = spawn(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${to.dbname}`], {
    env: to.env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  dump.stdout.pipe(restore.stdin);
  restore.stdin.on('error', () => undefined);
  const errors = { dump: '', restore: '' };
  dump.stderr.on('data', (chunk: Buffer) => (errors.dump += chunk.toString()));
  restore.stderr.on('data', (chunk: Buffer) => (errors.restore += chunk.toString()));
  const exit = (child: ReturnType<typeof spawn>) =>
    new Promise<number>((resolve) => {
      child.on('error', () => resolve(-1));
      child.on('close', (code) => resolve(code ?? -1));
    });
  const stop = () => {
    dump.kill();
    restore.kill();
  };
  signal.addEventListener('abort', stop, { once: true });
  const [dumpCode, restoreCode] = await Promise.all([exit(dump), exit(restore)]).finally(() => signal.removeEventListener('abort', stop));
  signal.throwIfAborted();
  if (dumpCode !== 0) throw new Error(`pg_dump falló: ${errors.dump.trim().slice(0, 500)}`);
  if (restoreCode !== 0) throw new Error(`pg_restore falló: ${errors.restore.trim().slice(0, 500)}`);
}

/**
 * Per table (every schema but the system's): its row count and an MD5 over the MD5 of every row's
 * text, sorted, so the order rows happen to be stored in does not matter. Text forms are fixed first
 * (time zone, date style, float digits), so two servers configured apart still agree.
 */
export async function tableChecksums(databaseUrl: string, signal?: AbortSignal): Promise<TablaVerificada[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query("set timezone = 'UTC'; set datestyle = 'ISO, MDY'; set intervalstyle = 'postgres'; set extra_float_digits = 3; set bytea_output = 'hex'");
    const { rows: tables } = await client.query<{ schema: string; tabla: string }>(
      `select n.nspname as schema, c.relname as tabla from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        order by 1, 2`,
    );
    const result: TablaVerificada[] = [];
    for (const { schema, tabla } of tables) {
      signal?.throwIfAborted();
      const { rows } = await client.query<{ filas: string; checksum: string }>(
        `select count(*)::bigint as filas, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
           from (select md5(t::text) as h from ${quoteIdent(schema)}.${quoteIdent(tabla)} t) rows`,
      );
      result.push({ tabla: `${schema}.${tabla}`, filas: Number(rows[0]!.filas), checksum: rows[0]!.checksum });
    }
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The first difference between two verifications (a missing table counts), or null when they agree. */
export function firstDifference(before: TablaVerificada[], after: TablaVerificada[]): string | null {
  const copied = new Map(after.map((row) => [row.tabla, row]));
  for (const row of before) {
    const other = copied.get(row.tabla);
    if (!other || other.filas !== row.filas || other.checksum !== row.checksum) return row.tabla;
  }
  if (after.length !== before.length) return after.find((row) => !before.some((b) => b.tabla === row.tabla))?.tabla ?? '?';
  return null;
}

/**
 * The move itself (a job): freezes the old database, copies it to the destination server under a free
 * name, verifies every table's rows and checksum, and switches the receiver's row. Any failure leaves
 * the receiver on its old database, writable again, and the half-made copy removed. The whole run holds
 * the move's lock: a second run of it (a retry beside a copy still running) leaves without touching
 * anything, and does not mark the move failed. A run that loses its lock (its connection cut) stops at
 * the next step — the dump and restore are ended at once — and undoes the move only once it holds the
 * lock again; when someone else holds it by then, the move is theirs to finish or undo.
 */
export async function runTraslado(ctx: TrasladoContext, trasladoId: number): Promise<void> {
  const lock = await tryLockTraslado(ctx.databaseConfig, trasladoId);
  if (!lock) {
    ctx.log.info({ traslado: trasladoId }, 'receiver move already running elsewhere: this run leaves it alone');
    return;
  }
  try {
    await moveReceiver(ctx, trasladoId, lock);
  } finally {
    await lock.release();
  }
}

async function moveReceiver(ctx: TrasladoContext, trasladoId: number, lock: TrasladoLock): Promise<void> {
  const [traslado] = await ctx.controlDb.select().from(traslados).where(eq(traslados.id, trasladoId));
  if (!traslado || traslado.estado !== 'copiando') return;
  const [tenant] = await ctx.controlDb.select().from(tenants).where(eq(tenants.id, traslado.tenantId));
  if (!tenant) return;
  await ctx.servidores.ensure(traslado.destinoServidorId);
  const destino = await findServidor(ctx.controlDb, traslado.destinoServidorId);
  const source = tenantLocation(ctx.databaseConfig, tenant);
  let createdUrl: string | null = null;
  let frozen = false;
  // Set once the switch committed: from then on the move is done, and nothing below may undo it.
  let switched: Switched | null = null;
  try {
    if (source.kind !== 'postgres' || !destino) throw new Error(m.soloPostgres);
    // Between steps (and during the copy, through its signal) the lock must still be this run's.
    await lock.assertHeld();
    // A retried job starts over: the copy a previous attempt left is dropped first.
    if (traslado.destinoBase) {
      const previous = ctx.servidores.databaseUrlOn(destino.id, traslado.destinoBase);
      if (previous) await dropDatabase({ kind: 'postgres', url: previous });
    }
    await setReadOnly(source.url, true);
    frozen = true;
    await lock.assertHeld();
    // The same name when the destination has none of it; otherwise one of its own.
    let targetName = tenant.databaseName;
    let targetUrl = ctx.servidores.databaseUrlOn(destino.id, targetName)!;
    if (targetUrl === source.url || !(await createDatabaseIfAbsent({ kind: 'postgres', url: targetUrl }))) {
      targetName = `${tenant.databaseName.slice(0, 52)}_t${traslado.id}`;
      targetUrl = ctx.servidores.databaseUrlOn(destino.id, targetName)!;
      if (!(await createDatabaseIfAbsent({ kind: 'postgres', url: targetUrl }))) throw new Error(`la base ${targetName} ya existe en el servidor ${destino.nombre}`);
    }
    createdUrl = targetUrl;
    await ctx.controlDb.update(traslados).set({ destinoBase: targetName }).where(eq(traslados.id, traslado.id));
    await lock.assertHeld();
    await copyDatabase(source.url, targetUrl, ctx.pgBinDir, lock.signal);
    await lock.assertHeld();
    const [before, after] = await Promise.all([tableChecksums(source.url, lock.signal), tableChecksums(targetUrl, lock.signal)]);
    const different = firstDifference(before, after);
    if (different) throw new Error(m.diferencia(different));
    await ctx.controlDb.transaction(async (tx) => {
      // Switched only while still 'copiando' and held here (a sweep skips a row held), under the lock.
      const [still] = await tx
        .select({ id: traslados.id })
        .from(traslados)
        .where(and(eq(traslados.id, traslado.id), eq(traslados.estado, 'copiando')))
        .for('update');
      if (!still) throw new TrasladoLockLost(new Error('move no longer copying'));
      await lock.assertHeld();
      await tx
        .update(tenants)
        .set({ servidorId: destino.id, databaseName: targetName, databaseUrl: null, moviendoDesde: null })
        .where(eq(tenants.id, tenant.id));
      await tx
        .update(traslados)
        .set({ estado: 'activo', detalle: m.activo(destino.nombre, before.length), tablas: before, terminadoEn: new Date() })
        .where(eq(traslados.id, traslado.id));
    });
    switched = { receptor: tenant.id, servidorId: destino.id, servidor: destino.nombre, tablas: before.length };
  } catch (error) {
    ctx.log.error({ err: error, receptor: tenant.id }, 'receiver database move failed');
    // The commit's answer lost (the control database gone at that moment): the switch may have
    // happened, and then the copy is the receiver's database. Undone only once seen still 'copiando'.
    if (!lock.signal.aborted && !(error instanceof TrasladoLockLost)) {
      const [row] = await ctx.controlDb.select({ estado: traslados.estado }).from(traslados).where(eq(traslados.id, traslado.id));
      if (row?.estado !== 'copiando') return;
    }
    const undo = async () => {
      const motivo = lock.signal.aborted || error instanceof TrasladoLockLost ? m.bloqueoPerdido : (error as Error).message || String(error);
      if (createdUrl) await dropDatabase({ kind: 'postgres', url: createdUrl }).catch(() => undefined);
      if (frozen && source.kind === 'postgres') await setReadOnly(source.url, false).catch(() => undefined);
      await ctx.controlDb.transaction(async (tx) => {
        await tx.update(tenants).set({ moviendoDesde: null }).where(eq(tenants.id, tenant.id));
        await tx
          .update(traslados)
          .set({ estado: 'fallido', detalle: m.fallido(motivo.slice(0, 500)), terminadoEn: new Date() })
          .where(eq(traslados.id, traslado.id));
      });
      ctx.clearSessions();
    };
    if (!lock.signal.aborted && !(error instanceof TrasladoLockLost)) {
      await undo();
      return;
    }
    await undoWithoutLock(ctx, traslado.id, source.kind === 'postgres' ? source.url : null, createdUrl, undo);
    return;
  }
  if (switched) await afterSwitch(ctx, traslado.id, source, switched);
}

interface Switched {
  receptor: number;
  servidorId: number;
  servidor: string;
  tablas: number;
}

/**
 * What follows a committed switch: every instance told to drop its cached receiver rows, and the old
 * database's pools closed. The move is done by then — its receiver served from the new server, its old
 * database read-only as the way back — so a failure here is only logged and kept as a note on the move;
 * it never marks the move failed or touches either database.
 */
async function afterSwitch(
  ctx: TrasladoContext,
  trasladoId: number,
  source: ReturnType<typeof tenantLocation>,
  switched: Switched,
): Promise<void> {
  ctx.log.info({ receptor: switched.receptor, servidor: switched.servidorId, tablas: switched.tablas }, 'receiver database moved');
  const failures: string[] = [];
  const step = async (what: string, work: () => unknown) => {
    try {
      await work();
    } catch (error) {
      failures.push((error as Error)?.message || String(error));
      ctx.log.error({ err: error, traslado: trasladoId }, `receiver moved, but ${what} failed`);
    }
  };
  await step('telling the instances to drop their cached receivers', () => ctx.clearSessions());
  await step('closing the old database’s pools', () => ctx.tenantPools.evict(source, 2_000));
  if (failures.length === 0) return;
  await step('keeping the note on the move', () =>
    ctx.controlDb
      .update(traslados)
      .set({ detalle: `${m.activo(switched.servidor, switched.tablas)} ${m.limpiezaFallida(failures.join('; ').slice(0, 300))}` })
      .where(and(eq(traslados.id, trasladoId), eq(traslados.estado, 'activo'))),
  );
}

/**
 * After the lock was lost: the move is undone only under the lock taken again and while it is still
 * 'copiando' (no other run finished or undid it meanwhile), and then the copy the last run recorded
 * is dropped too. When the lock is someone else's, or the control database does not answer, the move
 * is left to them: the lock's holder ends it, and otherwise the sweep of stuck moves undoes it.
 */
async function undoWithoutLock(
  ctx: TrasladoContext,
  trasladoId: number,
  sourceUrl: string | null,
  createdUrl: string | null,
  undo: () => Promise<void>,
): Promise<void> {
  const again = await tryLockTraslado(ctx.databaseConfig, trasladoId).catch(() => null);
  if (!again) {
    ctx.log.error({ traslado: trasladoId }, 'receiver move lost its lock: left to the lock’s holder or the sweep of stuck moves');
    return;
  }
  try {
    const [row] = await ctx.controlDb.select().from(traslados).where(eq(traslados.id, trasladoId));
    if (!row || row.estado !== 'copiando') return;
    if (row.destinoBase) {
      await ctx.servidores.ensure(row.destinoServidorId);
      const recorded = ctx.servidores.databaseUrlOn(row.destinoServidorId, row.destinoBase);
      if (recorded && recorded !== sourceUrl && recorded !== createdUrl) await dropDatabase({ kind: 'postgres', url: recorded }).catch(() => undefined);
    }
    await again.assertHeld();
    await undo();
  } finally {
    await again.release();
  }
}

/** Drops the old database of the receiver's last finished move (kept until now as the way back). */
export async function confirmarTraslado(ctx: TrasladoContext, tenantId: number, actor: AuditActor = SYSTEM_ACTOR): Promise<TrasladoEstado> {
  const [tenant] = await ctx.controlDb.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', 'Cliente no encontrado.');
  const row = await lastTraslado(ctx.controlDb, tenantId);
  if (!row || row.estado !== 'activo' || row.baseAnteriorEliminadaEn) throw new AppError('CONFLICT', m.nadaQueConfirmar);
  await ctx.servidores.ensure(row.origenServidorId);
  const oldUrl = ctx.servidores.databaseUrlOn(row.origenServidorId, row.origenBase);
  const destino = await findServidor(ctx.controlDb, row.destinoServidorId);
  const updated = await ctx.controlDb.transaction(async (tx) => {
    const [claimed] = await tx
      .update(traslados)
      .set({ baseAnteriorEliminadaEn: new Date(), detalle: m.confirmado(destino?.nombre ?? '', (row.tablas as unknown[]).length) })
      .where(and(eq(traslados.id, row.id), isNull(traslados.baseAnteriorEliminadaEn)))
      .returning();
    if (!claimed) throw new AppError('CONFLICT', m.nadaQueConfirmar);
    await recordControlAudit(tx, tenantId, actor, {
      entidad: 'receptor',
      entidadId: tenantId,
      accion: 'confirmar_traslado',
      cambios: { base_anterior: { antes: row.origenBase, despues: null } },
    });
    return claimed;
  });
  if (oldUrl) await dropDatabase({ kind: 'postgres', url: oldUrl });
  return toEstado(updated);
}
