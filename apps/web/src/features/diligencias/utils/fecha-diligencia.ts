import {
  fechaTieneHora,
  formatDate,
  formatDateTime,
  parseFechaDiligencia,
  santiagoWallClock,
  toSantiagoIso,
} from '@receptoria/contracts';

/**
 * The diligence date as typed on the stamp screen (YYYY-MM-DD, DD/MM/YYYY, DD/MM/YYYY HH:MM), rewritten
 * as DD/MM/YYYY HH:MM once read, or DD/MM/YYYY when no time was typed: the spec stores such a date at
 * 09:00, but the hour is not shown as if it had been given (the certificate asks for it); text that is
 * not a date stays.
 */
export function normalizeFechaDiligencia(text: string): string {
  const instant = parseFechaDiligencia(text);
  if (!instant) return text;
  return fechaTieneHora(text) ? formatDateTime(instant) : formatDate(instant);
}

/** Whether the typed diligence date carried its hour (guardar_resultados' hora_informada). */
export function horaInformada(text: string): boolean {
  return fechaTieneHora(text.trim());
}

/** An hour typed as 'HH:MM', 'H:MM', 'HHMM' or 'HH.MM', as HH:MM (00:00–23:59); null when it is not one. */
export function normalizeHora(text: string): string | null {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** The typed date as the API reads it (ISO with the Santiago offset), or null. */
export function fechaDiligenciaToWire(text: string): string | null {
  const instant = parseFechaDiligencia(text);
  return instant ? toSantiagoIso(instant) : null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** DD-MM-YYYY and HH:MM of an instant in Santiago (the stamp payload's formats). */
export function stampDateParts(instant: Date): { fecha: string; hora: string } {
  const wall = santiagoWallClock(instant);
  return {
    fecha: `${pad(wall.day)}-${pad(wall.month)}-${wall.year}`,
    hora: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/** Document title: 'Estampado {type with spaces} - {rol} - {dd-mm-yyyy}' (spec 02 §5). */
export function tituloEstampado(tipo: string, rol: string, today: Date = new Date()): string {
  return `Estampado ${tipo.replace(/_/g, ' ').trim()} - ${rol} - ${stampDateParts(today).fecha}`;
}
