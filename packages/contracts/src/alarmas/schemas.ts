import { z } from 'zod';

/** Upcoming comparendo and prueba alarms (the bell in the top bar). */
export const ALARMA_TIPO_LABELS = { comparendo: 'Comparendo', prueba: 'Prueba' } as const;

export const alarmaMessages = {
  titulo: 'Alarmas próximas',
  sinAlarmas: 'No hay alarmas próximas',
  asuntoCorreo: (tipo: string, rol: string, cuando: string) => `Recordatorio: ${tipo} del rol ${rol} ${cuando}`,
  manana: 'mañana',
  enDosHoras: 'en dos horas',
} as const;

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
