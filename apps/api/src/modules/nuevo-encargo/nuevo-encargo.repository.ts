import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, eq } from 'drizzle-orm';

const { estudios, tribunales } = tenantSchema;

export async function findEstudioName(db: TenantDb, id: number): Promise<string | undefined> {
  const [row] = await db.select({ nombre: estudios.nombre }).from(estudios).where(eq(estudios.id, id));
  return row?.nombre;
}

export async function findTribunalName(db: TenantDb, id: number): Promise<string | undefined> {
  const [row] = await db.select({ nombre: tribunales.nombre }).from(tribunales).where(eq(tribunales.id, id));
  return row?.nombre;
}

const { idempotenciaClaves } = tenantSchema;

export interface IdempotencyRow {
  id: number;
  huella: string;
  encargoId: number | null;
}

export async function findIdempotencyKey(db: TenantDb, operacion: string, clave: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select({ id: idempotenciaClaves.id, huella: idempotenciaClaves.huella, encargoId: idempotenciaClaves.encargoId })
    .from(idempotenciaClaves)
    .where(and(eq(idempotenciaClaves.operacion, operacion), eq(idempotenciaClaves.clave, clave)));
  return row;
}
