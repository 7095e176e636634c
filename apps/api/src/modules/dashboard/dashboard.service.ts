import { type DashboardEstadisticasResponse, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { countEncargosPorEstadoEntre, countEstudios, readEncargoTotales } from './dashboard.repository';

/** First day of the Santiago month of `now` and of the month after it (YYYY-MM-DD). */
export function santiagoMonthBounds(now: Date): { desde: string; hasta: string } {
  const [year, month] = todayIso(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const pad = (value: number) => String(value).padStart(2, '0');
  return { desde: `${year}-${pad(month)}-01`, hasta: `${next.year}-${pad(next.month)}-01` };
}

/**
 * The dashboard's counts for the receiver.
 * - flujo_trabajo: every assignment in each of the three workflow states.
 * - encargos_activos: assignments not yet stamped (pendiente, preparado, listo_para_estampar).
 * - Diligencias (field visits) are counted on the assignments received this month (fecha_encargo in
 *   the current month, America/Santiago): pendientes are those still preparado (waiting for the
 *   field visit), completadas those whose results are in (listo_para_estampar or estampado).
 * - estudios_registrados: every registered law firm.
 */
export async function getDashboardEstadisticas(db: TenantDb, now: Date = new Date()): Promise<DashboardEstadisticasResponse> {
  const { desde, hasta } = santiagoMonthBounds(now);
  const [totales, delMes, estudios] = await Promise.all([
    readEncargoTotales(db),
    countEncargosPorEstadoEntre(db, desde, hasta),
    countEstudios(db),
  ]);
  return {
    estadisticas: {
      flujo_trabajo: {
        preparado: { valor: totales.preparado },
        listo_para_estampar: { valor: totales.listo_para_estampar },
        estampado: { valor: totales.estampado },
      },
      encargos_activos: { valor: totales.pendiente + totales.preparado + totales.listo_para_estampar },
      diligencias_pendientes: { valor: delMes.preparado },
      diligencias_completadas: { valor: delMes.listo_para_estampar + delMes.estampado },
      estudios_registrados: { valor: estudios },
    },
  };
}
