import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, count, gte, inArray, lt, sql } from 'drizzle-orm';

const { encargos, encargoTotales } = tenantSchema;

/** Assignments per state, from the counters the encargos triggers keep (summed over their shards). */
export async function readEncargoTotales(db: TenantDb) {
  const rows = await db
    .select({ estado: encargoTotales.estado, total: sql<string>`sum(${encargoTotales.total})` })
    .from(encargoTotales)
    .groupBy(encargoTotales.estado);
  const totales = { pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 };
  for (const row of rows) totales[row.estado] = Math.max(0, Number(row.total));
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
