import { z } from 'zod';
import { INDICADOR_FUENTES } from './constants';

// The fixed values are defined without zod in constants.ts (the dashboard downloads no zod).
export {
  FLUJO_TRABAJO_ESTADOS,
  type FlujoTrabajoEstado,
  INDICADOR_CODIGOS,
  INDICADOR_FUENTES,
  INDICADORES_POR_DEFECTO,
  type IndicadorCodigo,
  indicadoresPorDefecto,
} from './constants';

// ---------------------------------------------------------------------------------------------
// Economic indicators (spec 01 §3, §7 Dashboard, §8 Dashboard)

export const IndicadorSchema = z.object({
  valor: z.number(),
  /** Day the value applies to (YYYY-MM-DD); null for the fixed defaults. */
  fecha: z.string().nullable(),
});
export type Indicador = z.infer<typeof IndicadorSchema>;

export const IndicadoresSchema = z.object({ uf: IndicadorSchema, ipc: IndicadorSchema, dolar: IndicadorSchema });
export type Indicadores = z.infer<typeof IndicadoresSchema>;

/**
 * Where the values came from: `mindicador` (just fetched), `cache` (fetched within the hour),
 * `respaldo` (last good values, older than an hour, because the source failed) and `defecto`
 * (the fixed defaults: the source failed and nothing was ever cached).
 */
export const IndicadorFuenteSchema = z.enum(INDICADOR_FUENTES);
export type IndicadorFuente = z.infer<typeof IndicadorFuenteSchema>;

/** `success` is false exactly when the values are a fallback (`respaldo` or `defecto`). */
export const IndicadoresResponseSchema = z.object({
  success: z.boolean(),
  fuente: IndicadorFuenteSchema,
  indicadores: IndicadoresSchema,
});
export type IndicadoresResponse = z.infer<typeof IndicadoresResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard statistics (spec 01 §3, §7 Dashboard)

export const ContadorSchema = z.object({ valor: z.number().int().nonnegative() });
export type Contador = z.infer<typeof ContadorSchema>;

export const DashboardEstadisticasSchema = z.object({
  flujo_trabajo: z.object({
    preparado: ContadorSchema,
    listo_para_estampar: ContadorSchema,
    estampado: ContadorSchema,
  }),
  encargos_activos: ContadorSchema,
  diligencias_pendientes: ContadorSchema,
  diligencias_completadas: ContadorSchema,
  /** Every registered law firm (the 'Estudios Registrados' card; its detail lists the same firms). */
  estudios_registrados: ContadorSchema,
});
export type DashboardEstadisticas = z.infer<typeof DashboardEstadisticasSchema>;

export const DashboardEstadisticasResponseSchema = z.object({ estadisticas: DashboardEstadisticasSchema });
export type DashboardEstadisticasResponse = z.infer<typeof DashboardEstadisticasResponseSchema>;
