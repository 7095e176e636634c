import type { RecibosPeriodoResponse } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { rangosTramos, sumarPorCobrar, TRAMOS } from './por-cobrar';

const vacio = { cantidad: 0, anulados: 0, subtotal: 0, rebaja: 0, total: 0, pagado: 0, saldo: 0 };
const periodo = (estudios: [number, string, number][]): RecibosPeriodoResponse => ({
  desde: '2000-01-01',
  hasta: '2026-11-26',
  estudios: estudios.map(([estudio_id, estudio_nombre, saldo]) => ({ ...vacio, estudio_id, estudio_nombre, saldo })),
  total: { ...vacio, saldo: estudios.reduce((sum, [, , saldo]) => sum + saldo, 0) },
});

describe('Por cobrar', () => {
  it('splits the receipt dates into the four ageing buckets without gaps', () => {
    const r = rangosTramos('2026-11-26');
    expect(r.d0_30).toEqual({ desde: '2026-10-27', hasta: '2026-11-26' });
    expect(r.d31_60).toEqual({ desde: '2026-09-27', hasta: '2026-10-26' });
    expect(r.d61_90).toEqual({ desde: '2026-08-28', hasta: '2026-09-26' });
    expect(r.d90_mas).toEqual({ desde: '2000-01-01', hasta: '2026-08-27' });
    expect(TRAMOS).toHaveLength(4);
  });

  it('adds the buckets, and ranks the five firms that owe most across them', () => {
    const result = sumarPorCobrar({
      d0_30: periodo([[1, 'Alfa', 100_000], [2, 'Beta', 50_000], [3, 'Gamma', 0]]),
      d31_60: periodo([[2, 'Beta', 80_000], [4, 'Delta', 10_000]]),
      d61_90: periodo([[5, 'Épsilon', 20_000], [6, 'Zeta', 5_000]]),
      d90_mas: periodo([[7, 'Eta', 1_000]]),
    });
    expect(result.total).toBe(266_000);
    expect(result.tramos).toEqual({ d0_30: 150_000, d31_60: 90_000, d61_90: 25_000, d90_mas: 1_000 });
    expect(result.top.map((e) => [e.nombre, e.saldo])).toEqual([
      ['Beta', 130_000],
      ['Alfa', 100_000],
      ['Épsilon', 20_000],
      ['Delta', 10_000],
      ['Zeta', 5_000],
    ]);
  });
});
