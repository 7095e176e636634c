import type { ReciboAbierto } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { distribuir, revisarAplicaciones } from './aplicaciones';

const abierto = (id: number, numero: number, fecha: string, saldo: number): ReciboAbierto => ({ id, numero, fecha, total: saldo, pagado: 0, retenido: 0, saldo, dias: 0 });
const abiertos = [abierto(3, 12, '2026-10-01', 50_000), abierto(1, 10, '2026-08-01', 30_000), abierto(2, 11, '2026-09-01', 40_000)];

describe('applying a payment to open receipts', () => {
  it('fills the oldest receipts first and leaves the rest as credit', () => {
    expect(distribuir(50_000, abiertos)).toEqual({ 1: 30_000, 2: 20_000 });
    expect(distribuir(200_000, abiertos)).toEqual({ 1: 30_000, 2: 40_000, 3: 50_000 });
    expect(distribuir(0, abiertos)).toEqual({});
  });

  it('refuses an application over a receipt balance and a total over the money available', () => {
    expect(revisarAplicaciones({ 1: 30_001 }, 100_000, abiertos).problema).toEqual({ tipo: 'excede_saldo', numero: 10 });
    expect(revisarAplicaciones({ 1: 30_000, 2: 40_000 }, 60_000, abiertos).problema).toEqual({ tipo: 'excede_pago' });
    const ok = revisarAplicaciones({ 1: 30_000, 2: 0, 3: 10_000 }, 60_000, abiertos);
    expect(ok.problema).toBeNull();
    expect(ok.aplicado).toBe(40_000);
    expect(ok.aplicaciones).toEqual([
      { recibo_id: 3, monto: 10_000 },
      { recibo_id: 1, monto: 30_000 },
    ]);
  });
});
