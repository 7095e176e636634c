import { z } from 'zod';
import { DETALLE_CLAVES } from './constants';

// The keys and texts are defined without zod in constants.ts (the dashboard downloads no zod).
export { DETALLE_CLAVES, DETALLE_TEXTOS } from './constants';

export const DetalleClaveSchema = z.enum(DETALLE_CLAVES, { error: 'Detalle desconocido' });
export type DetalleClave = z.infer<typeof DetalleClaveSchema>;
export const DetalleParamsSchema = z.object({ clave: DetalleClaveSchema });

export const detalleMessages = {
  sinDatos: 'No hay datos para mostrar',
  volver: 'Volver al inicio',
  encargosEsteMes: 'Encargos este mes',
  diasPendiente: (dias: number) => (dias === 1 ? '1 día pendiente' : `${dias} días pendiente`),
} as const;

export const DetalleItemSchema = z.object({
  id: z.number().int(),
  /** Rol (or the firm's name for estudios-registrados). */
  titulo: z.string(),
  /** Caption under the title: type of assignment, or the firm's RUT. */
  subtitulo: z.string(),
  estado: z.string(),
  estudio: z.string().nullable(),
  ejecutado: z.string().nullable(),
  direccion: z.string().nullable(),
  fecha: z.string().nullable(),
  dias_pendiente: z.number().int().nullable(),
  resultado: z.string().nullable(),
  valor: z.number().int().nullable(),
  /** Firms only. */
  encargos_mes: z.number().int().nullable(),
});
export type DetalleItem = z.infer<typeof DetalleItemSchema>;

export const DashboardDetalleSchema = z.object({
  clave: DetalleClaveSchema,
  titulo: z.string(),
  descripcion: z.string(),
  total: z.number().int(),
  /** 'noviembre de 2026' for the monthly figures. */
  periodo: z.string().nullable(),
  vacio: z.string(),
  items: z.array(DetalleItemSchema),
});
export type DashboardDetalle = z.infer<typeof DashboardDetalleSchema>;
