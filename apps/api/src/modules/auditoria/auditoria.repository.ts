import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, count, desc, eq } from 'drizzle-orm';

const { auditoria } = tenantSchema;

export type AuditRow = typeof auditoria.$inferSelect;
export type AuditInsert = typeof auditoria.$inferInsert;

export async function insertAudit(db: TenantDb, values: AuditInsert | AuditInsert[]): Promise<void> {
  await db.insert(auditoria).values(Array.isArray(values) ? values : [values]);
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
