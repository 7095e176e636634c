import { buscarComunas, type Comuna, type TipoCausa, type TipoEncargo, type Tribunal } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { listTiposCausa, listTiposEncargo, listTribunales } from './lookups.repository';

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

/** Chile's 346 comunas (CUT), the spec's 16 first; `q` keeps those whose name contains it (accents ignored). */
export function getComunas(q?: string): Comuna[] {
  return buscarComunas(q);
}
