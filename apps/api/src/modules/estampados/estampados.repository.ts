import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';

const { encargos, estampados, plantillas, tiposEstampado } = tenantSchema;
const { estampadoDocumentos, tenants } = controlSchema;

export type PlantillaRow = typeof plantillas.$inferSelect;
export type EstampadoRow = typeof estampados.$inferSelect;
export type EstampadoInsert = typeof estampados.$inferInsert;

/** The template a stamp type uses: the most recently modified one linked to it. */
export async function findPlantillaForTipo(db: TenantDb, tipoId: number): Promise<PlantillaRow | undefined> {
  const [row] = await db
    .select()
    .from(plantillas)
    .where(eq(plantillas.tipoEstampadoId, tipoId))
    .orderBy(desc(plantillas.fechaModificacion), desc(plantillas.id))
    .limit(1);
  return row;
}

/** Ids of the stamp types that have a template. */
export async function tiposConPlantilla(db: TenantDb): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: plantillas.tipoEstampadoId })
    .from(plantillas)
    .where(isNotNull(plantillas.tipoEstampadoId));
  return new Set(rows.map((r) => r.id as number));
}

export async function insertEstampado(db: TenantDb, values: EstampadoInsert): Promise<EstampadoRow> {
  const [row] = await db.insert(estampados).values(values).returning();
  return row as EstampadoRow;
}

export async function findEstampado(db: TenantDb, id: string) {
  const [row] = await db
    .select({ doc: estampados, tipoNombre: tiposEstampado.nombre })
    .from(estampados)
    .leftJoin(tiposEstampado, eq(tiposEstampado.id, estampados.tipoEstampadoId))
    .where(eq(estampados.id, id));
  return row;
}

export async function deleteEstampado(db: TenantDb, id: string): Promise<boolean> {
  const rows = await db.delete(estampados).where(eq(estampados.id, id)).returning({ id: estampados.id });
  return rows.length > 0;
}

export async function markEstampadoNotificado(db: TenantDb, id: string, at: Date): Promise<void> {
  await db.update(estampados).set({ fechaNotificacion: at }).where(eq(estampados.id, id));
}

/**
 * An assignment's documents, newest first (without their files): those naming it, and older ones that
 * name only its rol. Null when the assignment does not exist.
 */
export async function listEstampadosDeEncargo(db: TenantDb, encargoId: number) {
  const [encargo] = await db.select({ numeroRol: encargos.numeroRol }).from(encargos).where(eq(encargos.id, encargoId));
  if (!encargo) return null;
  return db
    .select({
      id: estampados.id,
      encargoId: estampados.encargoId,
      numeroRol: estampados.numeroRol,
      tipoEstampadoId: estampados.tipoEstampadoId,
      tipoNombre: tiposEstampado.nombre,
      titulo: estampados.titulo,
      motor: estampados.motor,
      urlExterna: estampados.urlExterna,
      hasPdf: sql<boolean>`${estampados.archivoPdf} is not null`,
      creadoPor: estampados.creadoPor,
      fechaCreacion: estampados.fechaCreacion,
      fechaNotificacion: estampados.fechaNotificacion,
    })
    .from(estampados)
    .leftJoin(tiposEstampado, eq(tiposEstampado.id, estampados.tipoEstampadoId))
    .where(or(eq(estampados.encargoId, encargoId), and(isNull(estampados.encargoId), eq(estampados.numeroRol, encargo.numeroRol))))
    .orderBy(desc(estampados.fechaCreacion), desc(estampados.id));
}

export async function listEstampadosDeRol(db: TenantDb, numeroRol: string) {
  return db
    .select({ id: estampados.id, titulo: estampados.titulo, fechaCreacion: estampados.fechaCreacion })
    .from(estampados)
    .where(eq(estampados.numeroRol, numeroRol))
    .orderBy(asc(estampados.fechaCreacion));
}

// ---------------------------------------------------------------------------------------------
// Control database: which receiver generated a document

export async function indexDocumento(db: ControlDb, documentoId: string, tenantId: number): Promise<void> {
  await db.insert(estampadoDocumentos).values({ documentoId, tenantId }).onConflictDoNothing();
}

export async function unindexDocumento(db: ControlDb, documentoId: string): Promise<void> {
  await db.delete(estampadoDocumentos).where(eq(estampadoDocumentos.documentoId, documentoId));
}

/** The active receiver that generated a document, if any. */
export async function findDocumentoTenant(db: ControlDb, documentoId: string) {
  const [row] = await db
    .select({ tenant: tenants })
    .from(estampadoDocumentos)
    .innerJoin(tenants, eq(tenants.id, estampadoDocumentos.tenantId))
    .where(and(eq(estampadoDocumentos.documentoId, documentoId), eq(tenants.activo, true)));
  return row?.tenant;
}

/** A per-installation secret kept in the control database (created on first use). */
export async function resolveSetting(db: ControlDb, key: string, fresh: () => string): Promise<string> {
  await db.insert(controlSchema.appSettings).values({ key, value: fresh() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: controlSchema.appSettings.value })
    .from(controlSchema.appSettings)
    .where(eq(controlSchema.appSettings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}

