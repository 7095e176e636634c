import { describe, expect, it } from 'vitest';
import * as withoutZod from './constants';
import * as detalle from './detalle';
import * as schemas from './schemas';

describe('the dashboard values without zod', () => {
  it('are the ones schemas.ts and detalle.ts define', () => {
    expect(withoutZod.INDICADOR_CODIGOS).toEqual(schemas.INDICADOR_CODIGOS);
    expect(withoutZod.INDICADOR_FUENTES).toEqual(schemas.INDICADOR_FUENTES);
    expect(withoutZod.INDICADORES_POR_DEFECTO).toEqual(schemas.INDICADORES_POR_DEFECTO);
    expect(withoutZod.indicadoresPorDefecto()).toEqual(schemas.indicadoresPorDefecto());
    expect(withoutZod.FLUJO_TRABAJO_ESTADOS).toEqual(schemas.FLUJO_TRABAJO_ESTADOS);
    expect(withoutZod.DETALLE_CLAVES).toEqual(detalle.DETALLE_CLAVES);
    expect(withoutZod.DETALLE_TEXTOS).toEqual(detalle.DETALLE_TEXTOS);
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
