import type { EstudioEmailInputRow, ParteTipo } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

const { estudioEmails, estudios, partesDemandantes } = tenantSchema;

export type EstudioRow = typeof estudios.$inferSelect;
export type EstudioInsert = typeof estudios.$inferInsert;
export type EstudioEmailRow = typeof estudioEmails.$inferSelect;
export type ParteRow = typeof partesDemandantes.$inferSelect;

export async function findEstudios(db: TenantDb, filter: { search?: string; activo?: boolean }): Promise<EstudioRow[]> {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(${estudios.nombre}) like ${pattern} or lower(${estudios.rutEstudio}) like ${pattern})`);
  }
  if (filter.activo !== undefined) conditions.push(eq(estudios.activo, filter.activo));
  return db
    .select()
    .from(estudios)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(sql`lower(${estudios.nombre})`), asc(estudios.id));
}

export async function findEstudioById(db: TenantDb, id: number): Promise<EstudioRow | undefined> {
  const [row] = await db.select().from(estudios).where(eq(estudios.id, id));
  return row;
}

export async function findEstudioByRut(db: TenantDb, rut: string): Promise<EstudioRow | undefined> {
  const [row] = await db.select().from(estudios).where(sql`upper(${estudios.rutEstudio}) = ${rut.toUpperCase()}`);
  return row;
}

export function findEmails(db: TenantDb, estudioIds: number[]): Promise<EstudioEmailRow[]> {
  if (estudioIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(estudioEmails)
    .where(inArray(estudioEmails.estudioId, estudioIds))
    .orderBy(asc(estudioEmails.id));
}

export function findPartes(db: TenantDb, estudioIds: number[], onlyActive = false): Promise<ParteRow[]> {
  if (estudioIds.length === 0) return Promise.resolve([]);
  const where = inArray(partesDemandantes.estudioId, estudioIds);
  return db
    .select()
    .from(partesDemandantes)
    .where(onlyActive ? and(where, eq(partesDemandantes.activo, true)) : where)
    .orderBy(asc(partesDemandantes.id));
}

export async function insertEstudio(db: TenantDb, values: EstudioInsert): Promise<number> {
  const [row] = await db.insert(estudios).values(values).returning({ id: estudios.id });
  return (row as { id: number }).id;
}

export function insertEmails(db: TenantDb, estudioId: number, rows: EstudioEmailInputRow[]): Promise<EstudioEmailRow[]> {
  return db
    .insert(estudioEmails)
    .values(rows.map((row) => ({ estudioId, email: row.email, tipo: row.tipo, activo: row.activo })))
    .returning();
}

export function insertPartes(
  db: TenantDb,
  estudioId: number,
  rows: { nombre: string; tipo: ParteTipo; activo: boolean }[],
): Promise<ParteRow[]> {
  return db
    .insert(partesDemandantes)
    .values(rows.map((row) => ({ estudioId, nombre: row.nombre, tipo: row.tipo, activo: row.activo })))
    .returning();
}

/** Locks the firm row so concurrent additions to it are serialised. */
export async function lockEstudio(db: TenantDb, id: number): Promise<EstudioRow | undefined> {
  const [row] = await db.select().from(estudios).where(eq(estudios.id, id)).for('update');
  return row;
}

/** Marks the firm changed (its trigger raises the version), e.g. after e-mails or parties are added. */
export async function touchEstudio(db: TenantDb, id: number): Promise<void> {
  await db.update(estudios).set({ fechaModificacion: new Date() }).where(eq(estudios.id, id));
}
