import { z } from 'zod';
import { sumarDias } from '../calendario/dias-habiles';
import { FechaCalendarioSchema } from '../calendario/schemas';
import { alarmaMessages as m } from './constants';

export { ALARMA_TIPO_LABELS, alarmaMessages } from './constants';

export const AlarmaProximaSchema = z.object({
  id: z.number().int(),
  encargo_id: z.number().int(),
  numero_rol: z.string(),
  tipo: z.enum(['comparendo', 'prueba']),
  fecha_hora: z.string(),
  mensaje: z.string(),
  /** True within the 24 hours before the alarm (the reminder window). */
  recordatorio: z.boolean(),
});
export type AlarmaProxima = z.infer<typeof AlarmaProximaSchema>;

export const AlarmasProximasSchema = z.object({
  total: z.number().int(),
  recordatorios: z.number().int(),
  alarmas: z.array(AlarmaProximaSchema),
});
export type AlarmasProximas = z.infer<typeof AlarmasProximasSchema>;

/** The longest range `GET /alarmas/` answers, in days (both ends counted). */
export const ALARMAS_RANGO_MAX_DIAS = 366;

/** Both ends are real dates: the range checks run only then (a field's own error is already reported). */
const fechasValidas = (q: { desde: string; hasta: string }) =>
  FechaCalendarioSchema.safeParse(q.desde).success && FechaCalendarioSchema.safeParse(q.hasta).success;

/** `GET /alarmas/?desde=&hasta=`: Santiago dates, both included, between 2000 and 2100, at most 366 days. */
export const AlarmasRangoQuerySchema = z
  .object({ desde: FechaCalendarioSchema, hasta: FechaCalendarioSchema })
  .refine((q) => !fechasValidas(q) || q.hasta >= q.desde, { error: m.rangoInvalido, path: ['hasta'] })
  .refine((q) => !fechasValidas(q) || q.hasta < q.desde || q.hasta <= sumarDias(q.desde, ALARMAS_RANGO_MAX_DIAS - 1), {
    error: m.rangoDemasiadoLargo,
    path: ['hasta'],
  });
export type AlarmasRangoQuery = z.output<typeof AlarmasRangoQuerySchema>;

/** An alarm of the calendar: the bell's item plus its assignment's firm (the calendar filters by it). */
export const AlarmaCalendarioSchema = AlarmaProximaSchema.extend({
  estudio_id: z.number().int(),
  estudio: z.string(),
});
export type AlarmaCalendario = z.infer<typeof AlarmaCalendarioSchema>;
export const AlarmaCalendarioListSchema = z.array(AlarmaCalendarioSchema);
