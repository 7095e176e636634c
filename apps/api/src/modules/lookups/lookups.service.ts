import type { Comuna, TipoCausa, TipoEncargo, Tribunal } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { listComunas, listTiposCausa, listTiposEncargo, listTribunales } from './lookups.repository';

export function getTribunales(db: TenantDb): Promise<Tribunal[]> {
  return listTribunales(db);
}

export function getTiposCausa(db: TenantDb): Promise<TipoCausa[]> {
  return listTiposCausa(db);
}

/** Assignment types carry value/label aliases for select inputs (spec 01 §3 lookups). */
export async function getTiposEncargo(db: TenantDb): Promise<TipoEncargo[]> {
  const rows = await listTiposEncargo(db);
  return rows.map((row) => ({ ...row, value: row.id, label: row.nombre }));
}

export function getComunas(db: TenantDb): Promise<Comuna[]> {
  return listComunas(db);
}
