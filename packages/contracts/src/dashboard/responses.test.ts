import { describe, expect, it } from 'vitest';
import { UnexpectedResponseError } from '../common/response-checks';
import { answerVariants } from '../common/response-variants';
import { parseDashboardEstadisticasResponse, parseIndicadoresResponse } from './responses';
import { DashboardEstadisticasResponseSchema, INDICADOR_FUENTES, IndicadoresResponseSchema } from './schemas';

type Schema = { safeParse(body: unknown): { success: boolean; data?: unknown } };

/** Both checks on one answer: accepted with the same result, or both refuse it. */
function judged(check: (body: unknown) => unknown, schema: Schema, body: unknown) {
  const expected = schema.safeParse(body);
  let actual: { success: boolean; data?: unknown };
  try {
    actual = { success: true, data: check(body) };
  } catch (error) {
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    actual = { success: false };
  }
  return { actual, expected: expected.success ? { success: true, data: expected.data } : { success: false } };
}

const indicadores = (fuente: string) => ({
  success: fuente === 'mindicador' || fuente === 'cache',
  fuente,
  indicadores: {
    uf: { valor: 39_512.34, fecha: '2026-03-02' },
    ipc: { valor: 0.3, fecha: '2026-02-01' },
    dolar: { valor: 948.6, fecha: null },
  },
});

const estadisticas = {
  estadisticas: {
    flujo_trabajo: { preparado: { valor: 3 }, listo_para_estampar: { valor: 0 }, estampado: { valor: 12 } },
    encargos_activos: { valor: 15 },
    diligencias_pendientes: { valor: 4 },
    diligencias_completadas: { valor: 9 },
    estudios_registrados: { valor: 2 },
  },
};

describe('the dashboard answers checked without zod', () => {
  it('judge every indicators answer as IndicadoresResponseSchema does', () => {
    let accepted = 0;
    for (const fuente of [...INDICADOR_FUENTES, 'otra']) {
      for (const body of answerVariants(indicadores(fuente))) {
        const { actual, expected } = judged(parseIndicadoresResponse, IndicadoresResponseSchema, body);
        expect(actual, JSON.stringify(body)).toEqual(expected);
        if (expected.success) accepted += 1;
      }
    }
    // The variants include accepted ones (every source, null dates, unknown keys), not only refusals.
    expect(accepted).toBeGreaterThan(INDICADOR_FUENTES.length * 5);
  });

  it('judge every statistics answer as DashboardEstadisticasResponseSchema does', () => {
    let accepted = 0;
    for (const body of answerVariants(estadisticas)) {
      const { actual, expected } = judged(parseDashboardEstadisticasResponse, DashboardEstadisticasResponseSchema, body);
      expect(actual, JSON.stringify(body)).toEqual(expected);
      if (expected.success) accepted += 1;
    }
    expect(accepted).toBeGreaterThan(5);
  });

  it('drop unknown keys and name the value that does not fit', () => {
    const body = { ...estadisticas, extra: true, estadisticas: { ...estadisticas.estadisticas, encargos_activos: { valor: 2, extra: 1 } } };
    expect(parseDashboardEstadisticasResponse(body)).toEqual({
      estadisticas: { ...estadisticas.estadisticas, encargos_activos: { valor: 2 } },
    });
    const wrong = { ...estadisticas, estadisticas: { ...estadisticas.estadisticas, diligencias_pendientes: { valor: -1 } } };
    expect(() => parseDashboardEstadisticasResponse(wrong)).toThrow('estadisticas.diligencias_pendientes.valor');
  });
});
