import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';

const { auditoria } = tenantSchema;

export type AuditRow = typeof auditoria.$inferSelect;
export type AuditInsert = typeof auditoria.$inferInsert;

/** The columns one change writes; the rest (id, fecha) take their defaults. */
const AUDIT_COLUMNS = ['usuarioId', 'usuario', 'entidad', 'entidadId', 'accion', 'cambios', 'ip', 'userAgent'] as const;

/**
 * Appends audit rows. One row with the usual columns (every change's audit) goes through a statement
 * prepared once, so no request builds the insert again; several rows, or one naming other columns, are
 * built for the call.
 */
export async function insertAudit(db: TenantDb, values: AuditInsert | AuditInsert[]): Promise<void> {
  const list = Array.isArray(values) ? values : [values];
  const one = list.length === 1 ? (list[0] as AuditInsert) : undefined;
  if (!one || Object.keys(one).some((key) => !(AUDIT_COLUMNS as readonly string[]).includes(key))) {
    await db.insert(auditoria).values(list);
    return;
  }
  await prepared(db, 'auditoria_nueva', () =>
    db
      .insert(auditoria)
      .values(Object.fromEntries(AUDIT_COLUMNS.map((key) => [key, sql.placeholder(key)])) as unknown as AuditInsert)
      .prepare('auditoria_nueva'),
  ).execute({
    usuarioId: one.usuarioId ?? null,
    usuario: one.usuario ?? '',
    entidad: one.entidad,
    entidadId: one.entidadId,
    accion: one.accion,
    cambios: one.cambios ?? {},
    ip: one.ip ?? '',
    userAgent: one.userAgent ?? '',
  });
}

export async function listAudit(db: TenantDb, entidad: string, entidadId: number, limit: number, offset: number) {
  const where = and(eq(auditoria.entidad, entidad), eq(auditoria.entidadId, entidadId));
  const [total] = await db.select({ n: count() }).from(auditoria).where(where);
  const rows = await db.select().from(auditoria).where(where).orderBy(desc(auditoria.id)).limit(limit).offset(offset);
  return { count: Number(total?.n ?? 0), rows };
}

const controlAudit = controlSchema.auditoria;

export type ControlAuditInsert = typeof controlAudit.$inferInsert;

export async function insertControlAudit(db: ControlDb, values: ControlAuditInsert): Promise<void> {
  await db.insert(controlAudit).values(values);
}

/** Control-database history, always limited to one receiver's rows unless `tenantId` is null (platform admin). */
export async function listControlAudit(
  db: ControlDb,
  tenantId: number | null,
  entidad: string,
  entidadId: number,
  limit: number,
  offset: number,
) {
  const conditions = [eq(controlAudit.entidad, entidad), eq(controlAudit.entidadId, entidadId)];
  if (tenantId !== null) conditions.push(eq(controlAudit.tenantId, tenantId));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(controlAudit).where(where);
  const rows = await db.select().from(controlAudit).where(where).orderBy(desc(controlAudit.id)).limit(limit).offset(offset);
  return { count: Number(total?.n ?? 0), rows };
}
