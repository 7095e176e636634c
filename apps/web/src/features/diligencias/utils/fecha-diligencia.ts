import { formatDateTime, parseFechaDiligencia, santiagoWallClock, toSantiagoIso } from '@receptoria/contracts';

/**
 * The diligence date as typed on the stamp screen (YYYY-MM-DD, DD/MM/YYYY, DD/MM/YYYY HH:MM; 09:00
 * when no time, spec 02 §5), rewritten as DD/MM/YYYY HH:MM once read; text that is not a date stays.
 */
export function normalizeFechaDiligencia(text: string): string {
  const instant = parseFechaDiligencia(text);
  return instant ? formatDateTime(instant) : text;
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
