import type { CorreoEstado, CorreoSalienteQuery } from '@receptoria/contracts';
import { CORREO_PAGE_SIZE } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { correoSaliente, correoSalienteAdjuntos } = tenantSchema;
export type CorreoRow = typeof correoSaliente.$inferSelect;
export type CorreoInsert = typeof correoSaliente.$inferInsert;
export interface AdjuntoInsert {
  nombre: string;
  tipoContenido: string;
  contenido: Buffer;
}

/** A claimed mail not marked within this time (its sender died) may be taken again. */
export const TOMA_VENCE_MINUTOS = 10;
const libre = sql`(${correoSaliente.tomadoEn} is null or ${correoSaliente.tomadoEn} < now() - make_interval(mins => ${TOMA_VENCE_MINUTOS}))`;

/**
 * Writes a mail and its files. With a key already written, nothing is written and the existing row is
 * returned (a scheduled mail retried by its job is one mail).
 */
export async function insertCorreo(db: TenantDb, values: CorreoInsert, adjuntos: AdjuntoInsert[]): Promise<CorreoRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(correoSaliente).values(values).onConflictDoNothing().returning();
    if (!row) {
      const [existing] = await tx.select().from(correoSaliente).where(eq(correoSaliente.clave, values.clave!));
      return existing!;
    }
    if (adjuntos.length > 0) {
      await tx
        .insert(correoSalienteAdjuntos)
        .values(adjuntos.map((a) => ({ correoId: row.id, nombre: a.nombre, tipoContenido: a.tipoContenido, bytes: a.contenido.length, contenido: a.contenido })));
    }
    return row;
  });
}

/** Takes a mail for delivery (once among concurrent senders): pending or failed, not held by another sender. */
export async function claimCorreo(db: TenantDb, id: number): Promise<CorreoRow | undefined> {
  const [row] = await db
    .update(correoSaliente)
    .set({ tomadoEn: sql`now()`, intentos: sql`${correoSaliente.intentos} + 1` })
    .where(and(eq(correoSaliente.id, id), inArray(correoSaliente.estado, ['pendiente', 'fallido']), libre))
    .returning();
  return row;
}

export async function markCorreo(db: TenantDb, id: number, values: Partial<CorreoInsert>): Promise<void> {
  await db.update(correoSaliente).set({ ...values, tomadoEn: null }).where(eq(correoSaliente.id, id));
}

export async function findAdjuntos(db: TenantDb, correoIds: number[], withContent: boolean) {
  if (correoIds.length === 0) return [];
  return db
    .select({
      correoId: correoSalienteAdjuntos.correoId,
      nombre: correoSalienteAdjuntos.nombre,
      tipoContenido: correoSalienteAdjuntos.tipoContenido,
      bytes: correoSalienteAdjuntos.bytes,
      ...(withContent ? { contenido: correoSalienteAdjuntos.contenido } : {}),
    })
    .from(correoSalienteAdjuntos)
    .where(inArray(correoSalienteAdjuntos.correoId, correoIds))
    .orderBy(asc(correoSalienteAdjuntos.id)) as Promise<Array<{ correoId: number; nombre: string; tipoContenido: string; bytes: number; contenido?: Buffer }>>;
}

export async function findCorreo(db: TenantDb, id: number): Promise<CorreoRow | undefined> {
  const [row] = await db.select().from(correoSaliente).where(eq(correoSaliente.id, id));
  return row;
}

/** Pending mails nobody holds, written more than a minute ago (the writer's own attempt comes first). */
export async function findPendientes(db: TenantDb, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: correoSaliente.id })
    .from(correoSaliente)
    .where(and(eq(correoSaliente.estado, 'pendiente'), libre, sql`${correoSaliente.creadoEn} < now() - interval '1 minute'`))
    .orderBy(asc(correoSaliente.creadoEn), asc(correoSaliente.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function listCorreos(db: TenantDb, query: CorreoSalienteQuery) {
  const santiagoDate = sql`(${correoSaliente.creadoEn} at time zone 'America/Santiago')::date`;
  const where: SQL[] = [];
  if (query.estado) where.push(eq(correoSaliente.estado, query.estado as CorreoEstado));
  if (query.desde) where.push(sql`${santiagoDate} >= ${query.desde}::date`);
  if (query.hasta) where.push(sql`${santiagoDate} <= ${query.hasta}::date`);
  const filter = where.length > 0 ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(correoSaliente).where(filter);
  const rows = await db
    .select()
    .from(correoSaliente)
    .where(filter)
    .orderBy(desc(correoSaliente.creadoEn), desc(correoSaliente.id))
    .limit(CORREO_PAGE_SIZE)
    .offset((query.page - 1) * CORREO_PAGE_SIZE);
  return { count: total?.n ?? 0, rows };
}
