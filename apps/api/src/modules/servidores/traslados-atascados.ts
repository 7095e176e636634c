import { servidoresMessages as m } from '@receptoria/contracts';
import { type ControlDb, controlSchema, dropDatabase, tenantLocation } from '@receptoria/db';
import { and, eq, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { recordControlAudit } from '../auditoria/auditoria.service';
import { TrasladoLockLost, tryLockTraslado } from './traslado-lock';
import { setReadOnly, type TrasladoContext } from './traslados';

const { tenants, traslados } = controlSchema;

/** The pg-boss queue of receiver moves (the routes queue each move there). */
export const TRASLADO_QUEUE = 'receptor-traslado';
/** The sweep of stuck moves: every minute, one instance (pg-boss schedule), on its own queue. */
export const TRASLADOS_ATASCADOS_QUEUE = 'traslados-atascados';
export const TRASLADOS_ATASCADOS_CRON = '* * * * *';
export const MOVE_STUCK_MINUTES = 30;
/**
 * pg-boss expires a job held past its expiry and retries it, even while its worker still runs it (the
 * retry then finds the move's lock taken and leaves). Its expiry is set to outlast the longest copy
 * (pg-boss's default is 15 minutes). The sweeper leaves moves with a held job alone, so this is also how
 * long a move whose worker died keeps its receiver's writes waiting before the retry.
 */
export const MOVE_JOB_EXPIRE_MINUTES = 240;

/**
 * Moves whose job is still queued, waiting for a retry or held by a worker (pg-boss's own table on the
 * control database). A worker that died holds its job until pg-boss expires it; then it is retried or
 * failed, and only then is its move taken for stuck.
 */
export async function liveTrasladoJobs(db: ControlDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(
    sql`select distinct (data->>'id')::int as id from pgboss.job
         where name = ${TRASLADO_QUEUE} and state in ('created', 'retry', 'active')
           and (data->>'id')::int in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Set((result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id)));
}

/**
 * Moves one of whose jobs pg-boss recorded as completed: its run returned. A run returns with its move
 * still 'copiando' only when it lost its lock and could not take it again to undo (the control database
 * down at that moment), or when it found the lock taken (a retry beside a copy still running, which the
 * sweep skips while it holds the lock); no run of it comes after (a completed job is not retried, and no
 * new move of the receiver is accepted while this one is 'copiando'). A job still 'active' is never taken
 * for ended: its run may be between losing its lock and noticing it.
 */
export async function endedTrasladoJobs(db: ControlDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(
    sql`select distinct (data->>'id')::int as id from pgboss.job
         where name = ${TRASLADO_QUEUE} and state = 'completed'
           and (data->>'id')::int in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Set((result as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id)));
}

/**
 * Moves still 'copiando' after `minutes` with no live job (its job and its retry both died, or it was
 * never queued) are marked 'fallido' and undone: the receiver's old database writable again, the
 * half-made copy dropped, its writes unblocked. Each move is taken under its lock (skipped while a copy
 * holds it) and a row lock (SKIP LOCKED), only while still 'copiando', so two instances sweeping at once
 * undo it once and never under a running copy. A younger move is taken too when `hasEnded`
 * says its job completed (its run returned without finishing or undoing it: see endedTrasladoJobs), and
 * again only with no live job and its lock free. The moved ids.
 */
export async function sweepStuckTraslados(
  ctx: TrasladoContext,
  options: { minutes: number; isLive: (ids: number[]) => Promise<Set<number>>; hasEnded?: (ids: number[]) => Promise<Set<number>> },
): Promise<number[]> {
  const limit = new Date(Date.now() - options.minutes * 60_000);
  const copying = await ctx.controlDb.select({ id: traslados.id, iniciadoEn: traslados.iniciadoEn }).from(traslados).where(eq(traslados.estado, 'copiando'));
  const young = copying.filter((row) => row.iniciadoEn >= limit).map((row) => row.id);
  const ended = young.length > 0 && options.hasEnded ? await options.hasEnded(young) : new Set<number>();
  const candidates = copying.filter((row) => row.iniciadoEn < limit || ended.has(row.id));
  if (candidates.length === 0) return [];
  const live = await options.isLive(candidates.map((row) => row.id));
  const swept: number[] = [];
  for (const { id } of candidates) {
    if (live.has(id)) continue;
    // A copy still running holds its move's lock, whatever its job row says.
    const lock = await tryLockTraslado(ctx.databaseConfig, id);
    if (!lock) continue;
    const done = await ctx.controlDb.transaction(async (tx) => {
      const [traslado] = await tx
        .select()
        .from(traslados)
        .where(and(eq(traslados.id, id), eq(traslados.estado, 'copiando')))
        .for('update', { skipLocked: true });
      if (!traslado) return false;
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, traslado.tenantId));
      if (tenant) {
        await ctx.servidores.ensure(tenant.servidorId);
        const source = tenantLocation(ctx.databaseConfig, tenant);
        // The receiver's row still names its old database (a move switches it only once verified).
        if (source.kind === 'postgres') {
          // Before each step that changes a database, the lock must still be this sweep's (the same
          // watch a run uses): once its connection is cut, a run may hold it and be copying.
          await lock.assertHeld();
          await setReadOnly(source.url, false);
          await ctx.servidores.ensure(traslado.destinoServidorId);
          const copy = traslado.destinoBase ? ctx.servidores.databaseUrlOn(traslado.destinoServidorId, traslado.destinoBase) : null;
          if (copy && copy !== source.url) {
            await lock.assertHeld();
            await dropDatabase({ kind: 'postgres', url: copy }).catch((error: unknown) =>
              ctx.log.error({ err: error, traslado: id }, 'the stuck move’s half-made copy could not be dropped'),
            );
          }
        }
        await tx.update(tenants).set({ moviendoDesde: null }).where(eq(tenants.id, tenant.id));
      }
      await tx
        .update(traslados)
        .set({ estado: 'fallido', detalle: m.fallido(ended.has(id) ? m.trabajoTerminado : m.atascado(options.minutes)), terminadoEn: new Date() })
        .where(eq(traslados.id, id));
      await recordControlAudit(tx, traslado.tenantId, SYSTEM_ACTOR, {
        entidad: 'receptor',
        entidadId: traslado.tenantId,
        accion: 'traslado_atascado',
        cambios: { traslado: { antes: 'copiando', despues: 'fallido' } },
      });
      await lock.assertHeld();
      return true;
    })
      .catch((error: unknown) => {
        if (!(error instanceof TrasladoLockLost)) throw error;
        // Rolled back: the move stays 'copiando' for the lock's next holder, or the next sweep.
        ctx.log.error({ traslado: id }, 'the sweep lost the stuck move’s lock: left to the lock’s holder or the next sweep');
        return false;
      })
      .finally(() => lock.release());
    if (done) swept.push(id);
  }
  if (swept.length > 0) {
    ctx.clearSessions();
    ctx.log.error({ traslados: swept }, 'stuck receiver moves marked failed and reverted');
  }
  return swept;
}
