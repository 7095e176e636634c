import { type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';

const { apuntesPersonales } = tenantSchema;

export async function getApunte(db: TenantDb, userId: number) {
  const [row] = await db.select().from(apuntesPersonales).where(eq(apuntesPersonales.usuarioId, userId));
  return { texto: row?.texto ?? '', fecha_actualizacion: row?.fechaActualizacion.toISOString() ?? null };
}

/** One note per user: saving replaces it; a text of only blanks erases it (saved as ''). */
export async function saveApunte(db: TenantDb, userId: number, input: string) {
  const texto = input.trim() === '' ? '' : input;
  const now = new Date();
  await db
    .insert(apuntesPersonales)
    .values({ usuarioId: userId, texto, fechaActualizacion: now })
    .onConflictDoUpdate({ target: apuntesPersonales.usuarioId, set: { texto, fechaActualizacion: now } });
  return { fecha_actualizacion: now.toISOString() };
}
