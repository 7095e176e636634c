import { describe, expect, it } from 'vitest';
import { calcularRetencion, TarifasPutSchema } from '../honorarios/schemas';
import { PagoCreateSchema } from '../pagos/schemas';
import { ReciboCreateSchema, ReciboPatchSchema, RecibosListQuerySchema } from './schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('receipt contracts', () => {
  it('accepts a receipt and refuses an empty or repeated list of diligences in Spanish', () => {
    expect(ReciboCreateSchema.parse({ estudio_id: 1, diligencia_ids: [3, 4], fecha: '2026-03-01' })).toEqual({
      estudio_id: 1,
      diligencia_ids: [3, 4],
      fecha: '2026-03-01',
    });
    expect(messagesOf(ReciboCreateSchema.safeParse({ estudio_id: 1, diligencia_ids: [], fecha: '2026-03-01' }))).toEqual([
      'Debe seleccionar al menos una diligencia',
    ]);
    expect(messagesOf(ReciboCreateSchema.safeParse({ estudio_id: 1, diligencia_ids: [2, 2], fecha: '2026-02-30' }))).toEqual([
      'Hay diligencias repetidas en la lista',
      'Fecha inválida: use el formato AAAA-MM-DD',
    ]);
  });

  it('asks for something to add or remove', () => {
    expect(messagesOf(ReciboPatchSchema.safeParse({}))).toEqual(['Indique diligencias para agregar o quitar']);
    expect(ReciboPatchSchema.parse({ quitar: [5] })).toEqual({ agregar: [], quitar: [5] });
  });

  it('reads list filters from the query string', () => {
    expect(RecibosListQuerySchema.parse({ estudio: '4', estado: 'pagado', page: '2', desde: '' })).toEqual({
      estudio: 4,
      estado: 'pagado',
      page: 2,
    });
    expect(messagesOf(RecibosListQuerySchema.safeParse({ estado: 'nada' }))).toEqual(['Estado inválido']);
  });
});

describe('payment contracts', () => {
  it('refuses applications beyond the payment', () => {
    const result = PagoCreateSchema.safeParse({
      estudio_id: 1,
      fecha: '2026-03-01',
      monto: 1000,
      medio: 'transferencia',
      aplicaciones: [{ recibo_id: 1, monto: 800 }, { recibo_id: 2, monto: 300 }],
    });
    expect(messagesOf(result)).toEqual(['Las aplicaciones superan el monto disponible del pago']);
  });
});

describe('fee contracts', () => {
  it('computes the 2026 retention rounded to the peso', () => {
    expect(calcularRetencion(100_003, 15.25)).toEqual({ bruto: 100_003, tasa: 15.25, retencion: 15_250, liquido: 84_753 });
    expect(calcularRetencion(10_001, 14.5)).toEqual({ bruto: 10_001, tasa: 14.5, retencion: 1_450, liquido: 8_551 });
  });

  it('refuses overlapping rows of one firm and type', () => {
    const rows = [
      { estudio_id: 1, tipo_estampado_id: 2, cuantia_desde: 0, cuantia_hasta: 1_000_000, monto_clp: 20_000 },
      { estudio_id: 1, tipo_estampado_id: 2, cuantia_desde: 500_000, monto_clp: 30_000 },
      { estudio_id: 2, tipo_estampado_id: 2, cuantia_desde: 500_000, monto_clp: 30_000 },
    ];
    expect(messagesOf(TarifasPutSchema.safeParse(rows))).toEqual([
      'Las tarifas 1 y 2 se superponen para el mismo estudio y tipo de estampado',
    ]);
    expect(TarifasPutSchema.parse([rows[0], rows[2]])).toHaveLength(2);
    expect(messagesOf(TarifasPutSchema.safeParse([{ monto_clp: 1, porcentaje_utm: 2 }]))).toEqual([
      'Indique un monto en pesos o un porcentaje de la UTM (sólo uno)',
    ]);
  });
});
