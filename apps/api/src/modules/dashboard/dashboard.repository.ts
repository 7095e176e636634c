import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, count, gte, inArray, lt } from 'drizzle-orm';
import { readEncargoTotales as readCounters } from '../encargos/encargos.repository';

const { encargos, estudios } = tenantSchema;

/** Assignments per state, from the counters the encargos triggers keep; never below zero. */
export async function readEncargoTotales(db: TenantDb) {
  const totales = await readCounters(db);
  for (const estado of Object.keys(totales) as (keyof typeof totales)[]) totales[estado] = Math.max(0, totales[estado]);
  return totales;
}

/** Assignments per state among those received between two dates (`desde` included, `hasta` not). */
export async function countEncargosPorEstadoEntre(db: TenantDb, desde: string, hasta: string) {
  const rows = await db
    .select({ estado: encargos.estado, n: count() })
    .from(encargos)
    .where(
      and(
        gte(encargos.fechaEncargo, desde),
        lt(encargos.fechaEncargo, hasta),
        inArray(encargos.estado, ['preparado', 'listo_para_estampar', 'estampado']),
      ),
    )
    .groupBy(encargos.estado);
  const totales = { pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 };
  for (const row of rows) totales[row.estado] = Number(row.n);
  return totales;
}

/** Every registered law firm, active or not (the detail screen lists the same ones). */
export async function countEstudios(db: TenantDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(estudios);
  return Number(row?.n ?? 0);
}
