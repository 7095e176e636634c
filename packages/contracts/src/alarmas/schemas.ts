import { z } from 'zod';

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
