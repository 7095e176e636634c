import { z } from 'zod';
import { boundedString } from '../common/text';
import { isValidIsoDate } from '../format/dates';
import { estadisticaMessages as m } from './messages';

/**
 * Profitability traffic light of a firm in a month: its average value per assignment against the
 * month's average over all firms. verde: at least the average; amarillo: at least 75% of it;
 * rojo: below that.
 */
export const SEMAFORO_UMBRALES = { verde: 1, amarillo: 0.75 } as const;
export const SEMAFOROS = ['verde', 'amarillo', 'rojo'] as const;
export type Semaforo = (typeof SEMAFOROS)[number];

export function semaforoDe(promedioEstudio: number, promedioGeneral: number): Semaforo {
  if (promedioGeneral <= 0) return 'verde';
  const ratio = promedioEstudio / promedioGeneral;
  if (ratio >= SEMAFORO_UMBRALES.verde) return 'verde';
  if (ratio >= SEMAFORO_UMBRALES.amarillo) return 'amarillo';
  return 'rojo';
}

/** Alert rules of the monthly report. */
export const ALERTA_UMBRALES = {
  /** Pending or prepared assignments older than this many days: critical. */
  diasEsperaCritica: 30,
  /** Ready-to-stamp assignments (by their last diligence) older than this: warning. */
  diasSinEstampar: 7,
  /** A firm with at least this many assignments last month … */
  volumenMinimoComparable: 3,
  /** … whose volume fell by at least this percentage: warning. */
  caidaVolumenPorcentaje: 50,
} as const;

export const ESTADISTICAS_ESTADOS = ['estampado', 'listo_para_estampar'] as const;

export const EstadisticasDiariasQuerySchema = z.object({
  fecha: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    boundedString(10, { tooLong: m.fechaInvalida }).refine(isValidIsoDate, { error: m.fechaInvalida }).optional(),
  ),
});
export type EstadisticasDiariasQuery = z.output<typeof EstadisticasDiariasQuerySchema>;

const MES_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const EstadisticasMensualesQuerySchema = z.object({
  mes: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    boundedString(7, { tooLong: m.mesInvalido }).regex(MES_PATTERN, { error: m.mesInvalido }).optional(),
  ),
});
export type EstadisticasMensualesQuery = z.output<typeof EstadisticasMensualesQuerySchema>;

const int = z.number().int();

export const EstadisticasDiariasSchema = z.object({
  fecha: z.string(),
  encargos: z.object({
    total: int,
    por_estado: z.object({ estampado: int, listo_para_estampar: int }),
    detalle: z.array(
      z.object({
        id: int,
        numero_rol: z.string(),
        estado: z.enum(ESTADISTICAS_ESTADOS),
        valor_cobrado: int,
        estudio_juridico: z.string(),
        tipo_estampado: z.string(),
        hora: z.string(),
      }),
    ),
  }),
  valor: z.object({ total_facturado: int, promedio_por_encargo: int }),
  por_estudio: z.array(z.object({ nombre: z.string(), encargos: int, valor_total: int })),
  por_hora: z.array(z.object({ hora: int, encargos: int })),
});
export type EstadisticasDiarias = z.infer<typeof EstadisticasDiariasSchema>;

export const ALERTA_TIPOS = ['critica', 'advertencia', 'info'] as const;

export const EstadisticasMensualesSchema = z.object({
  mes: z.string(),
  periodo: z.object({ desde: z.string(), hasta: z.string() }),
  resumen: z.object({
    total_encargos: int,
    valor_total: int,
    promedio_por_encargo: int,
    dias_activos: int,
    estudios_activos: int,
  }),
  rentabilidad_estudios: z.array(
    z.object({ nombre: z.string(), encargos: int, valor_total: int, promedio_por_encargo: int, semaforo: z.enum(SEMAFOROS) }),
  ),
  top_estudios: z.object({
    por_volumen: z.array(z.object({ nombre: z.string(), cantidad: int })),
    por_valor: z.array(z.object({ nombre: z.string(), valor: int })),
  }),
  alertas: z.array(z.object({ tipo: z.enum(ALERTA_TIPOS), mensaje: z.string() })),
  analisis_predictivo: z.object({
    dia_mayor_actividad: z.string().nullable(),
    promedio_dia_activo: z.number(),
    estudios_recomendados: z.array(z.string()),
  }),
  comparativa: z.object({
    encargos_porcentaje: z.number().nullable(),
    ingresos_porcentaje: z.number().nullable(),
    mes_anterior: z.object({ mes: z.string(), total_encargos: int, valor_total: int }),
  }),
  por_dia: z.array(z.object({ fecha: z.string(), encargos: int, valor: int })),
  umbrales: z.object({ semaforo: z.object({ verde: z.number(), amarillo: z.number() }), alertas: z.record(z.string(), z.number()) }),
});
export type EstadisticasMensuales = z.infer<typeof EstadisticasMensualesSchema>;

export const DIAS_SEMANA = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;

/** Percentage change, one decimal; null when there is nothing to compare with. */
export function variacionPorcentual(actual: number, anterior: number): number | null {
  if (anterior === 0) return actual === 0 ? 0 : null;
  return Math.round(((actual - anterior) / anterior) * 1000) / 10;
}
