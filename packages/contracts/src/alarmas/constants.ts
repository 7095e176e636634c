/**
 * The alarm bell's texts without zod, so the top bar downloads none of it:
 * `@receptoria/contracts/alarmas/constants`. The one definition: schemas.ts hands out these same objects.
 */

/** Upcoming comparendo and prueba alarms (the bell in the top bar). */
export const ALARMA_TIPO_LABELS = { comparendo: 'Comparendo', prueba: 'Prueba' } as const;

export const alarmaMessages = {
  titulo: 'Alarmas próximas',
  sinAlarmas: 'No hay alarmas próximas',
  asuntoCorreo: (tipo: string, rol: string, cuando: string) => `Recordatorio: ${tipo} del rol ${rol} ${cuando}`,
  manana: 'mañana',
  enDosHoras: 'en dos horas',
  rangoInvalido: 'La fecha final debe ser igual o posterior a la fecha inicial',
  rangoDemasiadoLargo: 'El rango de fechas de las alarmas admite hasta 366 días',
} as const;
