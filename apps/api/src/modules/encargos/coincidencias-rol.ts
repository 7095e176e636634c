import { type EncargoConResultados, normalizeRol } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { findEncargosByRol } from './encargos.repository';

/** Every assignment with the rol (several when it was re-assigned); [] when there is none. */
export function listCoincidenciasRol(db: TenantDb, numeroRol: string): Promise<EncargoConResultados[]> {
  return findEncargosByRol(db, normalizeRol(numeroRol));
}
