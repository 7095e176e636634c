import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';

const { plantillas, tiposEstampado } = tenantSchema;

export type PlantillaInsert = typeof plantillas.$inferInsert;

const selection = {
  id: plantillas.id,
  nombre: plantillas.nombre,
  tipoEstampadoId: plantillas.tipoEstampadoId,
  tipoNombre: tiposEstampado.nombre,
  plantillaBase: plantillas.plantillaBase,
  personalizada: sql<boolean>`${plantillas.archivo} is not null`,
  googleDocumentId: plantillas.googleDocumentId,
  googleDocumentUrl: plantillas.googleDocumentUrl,
  fechaModificacion: plantillas.fechaModificacion,
  modificadoPor: plantillas.modificadoPor,
};

function selectPlantillas(db: TenantDb) {
  return db.select(selection).from(plantillas).leftJoin(tiposEstampado, eq(tiposEstampado.id, plantillas.tipoEstampadoId));
}

export type PlantillaListRow = Awaited<ReturnType<ReturnType<typeof selectPlantillas>['execute']>>[number];

/** Templates in stamp-type order, then the receiver's own ones by name. */
export async function listPlantillas(db: TenantDb): Promise<PlantillaListRow[]> {
  return selectPlantillas(db).orderBy(asc(tiposEstampado.orden), asc(plantillas.nombre));
}

export async function findPlantilla(db: TenantDb, id: number): Promise<PlantillaListRow | undefined> {
  const [row] = await selectPlantillas(db).where(eq(plantillas.id, id));
  return row;
}

export async function findPlantillaRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(plantillas).where(eq(plantillas.id, id));
  return row;
}

export async function insertPlantilla(db: TenantDb, values: PlantillaInsert): Promise<number | undefined> {
  const [row] = await db.insert(plantillas).values(values).onConflictDoNothing().returning({ id: plantillas.id });
  return row?.id;
}

export async function updatePlantillaArchivo(db: TenantDb, id: number, archivo: Buffer, usuario: string, now: Date): Promise<void> {
  await db.update(plantillas).set({ archivo, modificadoPor: usuario, fechaModificacion: now }).where(eq(plantillas.id, id));
}
