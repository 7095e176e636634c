import type { RecibosPeriodoResponse } from '@receptoria/contracts';
import { diasAntes } from '../../../lib/format';

export const TRAMOS = ['d0_30', 'd31_60', 'd61_90', 'd90_mas'] as const;
export type Tramo = (typeof TRAMOS)[number];

/** The first day receipts can carry (FechaReciboSchema's lower bound). */
const DESDE_SIEMPRE = '2000-01-01';

/** The receipt-date range of each ageing bucket as of `hoy` (days counted from the receipt's fecha). */
export function rangosTramos(hoy: string): Record<Tramo, { desde: string; hasta: string }> {
  return {
    d0_30: { desde: diasAntes(hoy, 30), hasta: hoy },
    d31_60: { desde: diasAntes(hoy, 60), hasta: diasAntes(hoy, 31) },
    d61_90: { desde: diasAntes(hoy, 90), hasta: diasAntes(hoy, 61) },
    d90_mas: { desde: DESDE_SIEMPRE, hasta: diasAntes(hoy, 91) },
  };
}

export interface PorCobrar {
  total: number;
  tramos: Record<Tramo, number>;
  /** The five firms that owe most, largest first. */
  top: { estudio_id: number; nombre: string; saldo: number }[];
}

/** Adds up the open balance of each bucket's period summary, in total and per firm. */
export function sumarPorCobrar(periodos: Record<Tramo, RecibosPeriodoResponse>): PorCobrar {
  const porEstudio = new Map<number, { estudio_id: number; nombre: string; saldo: number }>();
  const tramos = { d0_30: 0, d31_60: 0, d61_90: 0, d90_mas: 0 } as Record<Tramo, number>;
  for (const tramo of TRAMOS) {
    const periodo = periodos[tramo];
    tramos[tramo] = periodo.total.saldo;
    for (const estudio of periodo.estudios) {
      if (estudio.saldo === 0) continue;
      const acc = porEstudio.get(estudio.estudio_id) ?? { estudio_id: estudio.estudio_id, nombre: estudio.estudio_nombre, saldo: 0 };
      acc.saldo += estudio.saldo;
      porEstudio.set(estudio.estudio_id, acc);
    }
  }
  const top = [...porEstudio.values()]
    .filter((e) => e.saldo > 0)
    .sort((a, b) => b.saldo - a.saldo || a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, 5);
  return { total: TRAMOS.reduce((sum, t) => sum + tramos[t], 0), tramos, top };
}
