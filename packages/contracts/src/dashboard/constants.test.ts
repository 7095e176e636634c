import { describe, expect, it } from 'vitest';
import * as withoutZod from './constants';
import * as detalle from './detalle';
import * as schemas from './schemas';

describe('the dashboard values without zod', () => {
  it('are the very ones schemas.ts and detalle.ts hand out (one definition)', () => {
    expect(schemas.INDICADOR_CODIGOS).toBe(withoutZod.INDICADOR_CODIGOS);
    expect(schemas.INDICADOR_FUENTES).toBe(withoutZod.INDICADOR_FUENTES);
    expect(schemas.INDICADORES_POR_DEFECTO).toBe(withoutZod.INDICADORES_POR_DEFECTO);
    expect(schemas.FLUJO_TRABAJO_ESTADOS).toBe(withoutZod.FLUJO_TRABAJO_ESTADOS);
    expect(detalle.DETALLE_CLAVES).toBe(withoutZod.DETALLE_CLAVES);
    expect(detalle.DETALLE_TEXTOS).toBe(withoutZod.DETALLE_TEXTOS);
    expect(schemas.indicadoresPorDefecto()).toEqual(withoutZod.indicadoresPorDefecto());
  });

  it('match the zod types built from them', () => {
    expect(withoutZod.INDICADOR_FUENTES).toEqual(schemas.IndicadorFuenteSchema.options);
    expect(withoutZod.DETALLE_CLAVES).toEqual(detalle.DetalleClaveSchema.options);
    expect(withoutZod.FLUJO_TRABAJO_ESTADOS).toEqual(Object.keys(schemas.DashboardEstadisticasSchema.shape.flujo_trabajo.shape));
  });

  it('hand out a fresh copy of the default indicators', () => {
    const first = withoutZod.indicadoresPorDefecto();
    first.uf.valor = 1;
    expect(withoutZod.indicadoresPorDefecto().uf.valor).toBe(withoutZod.INDICADORES_POR_DEFECTO.uf);
  });
});
