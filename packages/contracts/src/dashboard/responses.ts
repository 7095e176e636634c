import { boolean, type Check, nonNegativeInteger, nullable, number, object, oneOf, string } from '../common/response-checks';
import { INDICADOR_FUENTES } from './constants';
import type { DashboardEstadisticasResponse, IndicadoresResponse } from './schemas';

/**
 * The dashboard's answers checked without zod, so the dashboard downloads none of it: the same rules as
 * `IndicadoresResponseSchema` and `DashboardEstadisticasResponseSchema` (schemas.ts), which
 * responses.test.ts keeps in step. Imported on its own: `@receptoria/contracts/dashboard/responses`.
 */

const indicador = object({ valor: number, fecha: nullable(string) });

const indicadoresResponse: Check<IndicadoresResponse> = object({
  success: boolean,
  fuente: oneOf(INDICADOR_FUENTES),
  indicadores: object({ uf: indicador, ipc: indicador, dolar: indicador }),
});

const contador = object({ valor: nonNegativeInteger });

const estadisticasResponse: Check<DashboardEstadisticasResponse> = object({
  estadisticas: object({
    flujo_trabajo: object({ preparado: contador, listo_para_estampar: contador, estampado: contador }),
    encargos_activos: contador,
    diligencias_pendientes: contador,
    diligencias_completadas: contador,
    estudios_registrados: contador,
  }),
});

/** `IndicadoresResponseSchema.parse` without zod; throws `UnexpectedResponseError`. */
export function parseIndicadoresResponse(body: unknown): IndicadoresResponse {
  return indicadoresResponse(body, '');
}

/** `DashboardEstadisticasResponseSchema.parse` without zod; throws `UnexpectedResponseError`. */
export function parseDashboardEstadisticasResponse(body: unknown): DashboardEstadisticasResponse {
  return estadisticasResponse(body, '');
}
