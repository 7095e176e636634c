import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq } from 'drizzle-orm';

const { tiposCausa, tiposEncargo, tribunales } = tenantSchema;

export function listTribunales(db: TenantDb) {
  return db
    .select({ id: tribunales.id, nombre: tribunales.nombre })
    .from(tribunales)
    .where(eq(tribunales.activo, true))
    .orderBy(asc(tribunales.orden), asc(tribunales.nombre));
}

export function listTiposCausa(db: TenantDb) {
  return db
    .select({ id: tiposCausa.id, nombre: tiposCausa.nombre })
    .from(tiposCausa)
    .where(eq(tiposCausa.activo, true))
    .orderBy(asc(tiposCausa.orden), asc(tiposCausa.nombre));
}

export function listTiposEncargo(db: TenantDb) {
  return db
    .select({ id: tiposEncargo.id, nombre: tiposEncargo.nombre })
    .from(tiposEncargo)
    .where(eq(tiposEncargo.activo, true))
    .orderBy(asc(tiposEncargo.orden), asc(tiposEncargo.nombre));
}
