/** Dates of the product: ISO `YYYY-MM-DD` on the wire, dd/mm/yyyy on screen, America/Santiago time. */

export const TIME_ZONE = 'America/Santiago';
export const INVALID_DATE_TEXT = 'Fecha inválida';
export const DATE_ERROR_TEXT = 'Error en fecha';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const OFFSET_SUFFIX = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function pad(value: number, size = 2): string {
  return String(value).padStart(size, '0');
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isValidIsoDate(value: string | null | undefined): boolean {
  const match = ISO_DATE.exec(value ?? '');
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClockFromFormatter(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const HOUR_MS = 3_600_000;
/** Santiago's UTC offset per UTC hour: it only changes on whole hours, and Intl is slow. */
const offsetCache = new Map<number, number>();

function offsetAt(instantMs: number): number {
  const hour = Math.floor(instantMs / HOUR_MS);
  const cached = offsetCache.get(hour);
  if (cached !== undefined) return cached;
  const probe = hour * HOUR_MS;
  const wall = wallClockFromFormatter(new Date(probe));
  const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - probe;
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(hour, offset);
  return offset;
}

/** The Santiago wall clock at an instant. */
export function santiagoWallClock(instant: Date): WallClock {
  const ms = instant.getTime();
  const shifted = new Date(ms + offsetAt(ms));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * Reads a date-time: with an offset (ISO) it is taken as is; without one ('2025-03-10 09:30',
 * '2025-03-10T09:30:00') it is Santiago wall time. Returns null when it is not a date-time.
 */
export function parseDateTime(value: string | null | undefined): Date | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (OFFSET_SUFFIX.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = NAIVE_DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isValidIsoDate(`${match[1]}-${match[2]}-${match[3]}`) || hour > 23 || minute > 59 || second > 59) return null;
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** Today's date in Santiago as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const wall = santiagoWallClock(now);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** An instant as ISO 8601 with the Santiago offset: 2025-03-10T09:30:00-03:00. */
export function toSantiagoIso(instant: Date): string {
  const wall = santiagoWallClock(instant);
  const offsetMinutes = Math.round(offsetAt(instant.getTime()) / 60000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * dd/mm/yyyy for display. Empty values give the fallback; text that is not a date gives
 * 'Fecha inválida'; anything that throws while reading gives 'Error en fecha'.
 */
export function formatDate(value: string | Date | null | undefined, fallback = 'No especificada'): string {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) return INVALID_DATE_TEXT;
      const wall = santiagoWallClock(value);
      return `${pad(wall.day)}/${pad(wall.month)}/${wall.year}`;
    }
    if (typeof value !== 'string') return DATE_ERROR_TEXT;
    const text = value.trim();
    const dateOnly = ISO_DATE.exec(text);
    if (dateOnly) {
      return isValidIsoDate(text) ? `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}` : INVALID_DATE_TEXT;
    }
    const instant = parseDateTime(text) ?? new Date(text);
    if (Number.isNaN(instant.getTime())) return INVALID_DATE_TEXT;
    const wall = santiagoWallClock(instant);
    return `${pad(wall.day)}/${pad(wall.month)}/${wall.year}`;
  } catch {
    return DATE_ERROR_TEXT;
  }
}

/** dd/mm/yyyy HH:mm in Santiago time, with the same fallbacks as formatDate. */
export function formatDateTime(value: string | Date | null | undefined, fallback = 'No especificada'): string {
  if (value === null || value === undefined || value === '') return fallback;
  try {
    const instant = value instanceof Date ? value : parseDateTime(value) ?? new Date(value);
    if (Number.isNaN(instant.getTime())) return INVALID_DATE_TEXT;
    const wall = santiagoWallClock(instant);
    return `${pad(wall.day)}/${pad(wall.month)}/${wall.year} ${pad(wall.hour)}:${pad(wall.minute)}`;
  } catch {
    return DATE_ERROR_TEXT;
  }
}

/** HH:mm (24 hours) in Santiago time; the fallback when the value is empty or not an instant. */
export function formatHora(value: string | number | Date | null | undefined, fallback = '—'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const instant = value instanceof Date || typeof value === 'number' ? new Date(value) : parseDateTime(value) ?? new Date(value);
  if (Number.isNaN(instant.getTime())) return fallback;
  const wall = santiagoWallClock(instant);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}
