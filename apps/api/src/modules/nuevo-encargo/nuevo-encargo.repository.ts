import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';

const { estudios, tribunales } = tenantSchema;

export async function findEstudioName(db: TenantDb, id: number): Promise<string | undefined> {
  const [row] = await db.select({ nombre: estudios.nombre }).from(estudios).where(eq(estudios.id, id));
  return row?.nombre;
}

export async function findTribunalName(db: TenantDb, id: number): Promise<string | undefined> {
  const [row] = await db.select({ nombre: tribunales.nombre }).from(tribunales).where(eq(tribunales.id, id));
  return row?.nombre;
}
