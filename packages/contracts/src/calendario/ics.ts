import { z } from 'zod';

/** Texts of the phone-calendar feed (issue 24). */
export const calendarioIcsMessages = {
  noEncontrado: 'Calendario no encontrado: el enlace no existe o fue reemplazado por uno nuevo',
  enlaceNuevo: 'Enlace del calendario renovado; el anterior dejó de funcionar',
  nombreCalendario: (receptor: string) => (receptor ? `Receptoría · ${receptor}` : 'Receptoría'),
  feriado: (nombre: string) => `Feriado: ${nombre}`,
  feriadoPropio: (nombre: string) => `Feriado propio: ${nombre}`,
  alarma: (tipo: string, rol: string) => `${tipo} · rol ${rol}`,
  plazo: (tipo: string, rol: string) => `Vence: ${tipo} · rol ${rol}`,
} as const;

/** `GET /calendario/ics/` and `POST /calendario/ics/rotar/`: the user's feed link. */
export const CalendarioIcsUrlSchema = z.object({ url: z.string() });
export type CalendarioIcsUrl = z.output<typeof CalendarioIcsUrlSchema>;
