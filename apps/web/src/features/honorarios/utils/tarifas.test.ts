import { type ArancelFila, type Tarifa, TarifasPutSchema } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { arancelDe, filaDeTarifa, filaVacia, listaCompleta, pesosDeUtm } from './tarifas';

const tarifa = (id: number, estudio_id: number | null, desde: number, hasta: number | null, monto: number | null, utm: number | null = null): Tarifa => ({
  id,
  estudio_id,
  tipo_estampado_id: 3,
  cuantia_desde: desde,
  cuantia_hasta: hasta,
  monto_clp: monto,
  porcentaje_utm: utm,
  recargos: id === 1 ? [{ comuna: 'Puente Alto', monto_clp: 5000 }] : [],
});

describe('price list rows', () => {
  it("keeps every other list as it is and replaces only this firm's rows", () => {
    const todas = [tarifa(1, null, 0, null, 30_000), tarifa(2, 7, 0, 1_000_000, 40_000), tarifa(3, 8, 0, null, null, 50)];
    const filas = [filaDeTarifa(todas[1]!), { ...filaVacia(), cuantia_desde: 1_000_000, modo: 'utm' as const, porcentaje_utm: 75 }];
    const body = listaCompleta(todas, 7, filas);
    expect(body).toEqual([
      { estudio_id: 7, tipo_estampado_id: 3, cuantia_desde: 0, cuantia_hasta: 1_000_000, monto_clp: 40_000, porcentaje_utm: null, recargos: [] },
      { estudio_id: 7, tipo_estampado_id: null, cuantia_desde: 1_000_000, cuantia_hasta: null, monto_clp: null, porcentaje_utm: 75, recargos: [] },
      { estudio_id: null, tipo_estampado_id: 3, cuantia_desde: 0, cuantia_hasta: null, monto_clp: 30_000, porcentaje_utm: null, recargos: [{ comuna: 'Puente Alto', monto_clp: 5000 }] },
      { estudio_id: 8, tipo_estampado_id: 3, cuantia_desde: 0, cuantia_hasta: null, monto_clp: null, porcentaje_utm: 50, recargos: [] },
    ]);
    expect(TarifasPutSchema.safeParse(body).success).toBe(true);
  });

  it('finds the schedule row by the stamp type name and the cuantía band', () => {
    const arancel: ArancelFila[] = [
      { id: 1, actuacion: 'Notificación personal', cuantia_desde: 0, cuantia_hasta: 5_000_000, porcentaje_utm: 50 },
      { id: 2, actuacion: 'Notificación personal', cuantia_desde: 5_000_000, cuantia_hasta: null, porcentaje_utm: 80 },
    ];
    expect(arancelDe({ cuantia_desde: 0 }, 'notificacion personal', arancel)?.id).toBe(1);
    expect(arancelDe({ cuantia_desde: 6_000_000 }, 'Notificación Personal', arancel)?.id).toBe(2);
    expect(arancelDe({ cuantia_desde: 0 }, 'Búsqueda positiva', arancel)).toBeNull();
    expect(arancelDe({ cuantia_desde: 0 }, null, arancel)).toBeNull();
    expect(pesosDeUtm(50, 69_265)).toBe(34_633);
  });
});
