import { isValidIsoDate } from './dates';

/**
 * Reading a date (and optional time) as a Chilean user types it: dd/mm/aaaa, dd-mm-aaaa,
 * dd.mm.aaaa, ddmmaaaa or aaaa-mm-dd, optionally followed by HH:MM (or HHMM).
 */

export const dateInputMessages = {
  formato: 'Fecha no reconocida: escriba dd/mm/aaaa (ej: 15/03/2024)',
  anioCorto: 'El año debe tener 4 dígitos: escriba dd/mm/aaaa (ej: 15/03/2024)',
  noExiste: (typed: string) => `La fecha ${typed} no existe`,
  hora: 'Hora inválida: use HH:MM entre 00:00 y 23:59',
  conHora: 'Escriba la fecha y la hora: dd/mm/aaaa HH:MM (ej: 15/03/2024 09:30)',
} as const;

export type DateReading = { ok: true; date: string; time: string | null } | { ok: false; message: string };

function pad(value: string): string {
  return value.padStart(2, '0');
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d+)$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const SHORT_COMPACT = /^\d{6}$/;
const TIME = /^(\d{1,2}):?(\d{2})$/;

function readDay(text: string): { ok: true; date: string } | { ok: false; message: string } {
  let day: string | undefined;
  let month: string | undefined;
  let year: string | undefined;
  const dmy = DMY.exec(text) ?? COMPACT.exec(text);
  const iso = ISO.exec(text);
  if (dmy) [, day, month, year] = dmy;
  else if (iso) [, year, month, day] = iso;
  else if (SHORT_COMPACT.test(text)) return { ok: false, message: dateInputMessages.anioCorto };
  else return { ok: false, message: dateInputMessages.formato };
  if (!day || !month || !year) return { ok: false, message: dateInputMessages.formato };
  if (year.length !== 4) return { ok: false, message: dateInputMessages.anioCorto };
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!isValidIsoDate(date)) return { ok: false, message: dateInputMessages.noExiste(`${pad(day)}/${pad(month)}/${year}`) };
  return { ok: true, date };
}

/**
 * Reads a typed date with an optional time. Returns the ISO day and 'HH:MM' (or null when no time
 * was typed), or a Spanish message saying what is wrong. Blank text gives null.
 */
export function readFechaCL(typed: string): DateReading | null {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const [dayPart = '', timePart, ...rest] = text.split(/[ T]/);
  if (rest.length > 0) return { ok: false, message: dateInputMessages.formato };
  const day = readDay(dayPart);
  if (!day.ok) return day;
  if (timePart === undefined) return { ok: true, date: day.date, time: null };
  const time = TIME.exec(timePart);
  const hour = Number(time?.[1]);
  const minute = Number(time?.[2]);
  if (!time || hour > 23 || minute > 59) return { ok: false, message: dateInputMessages.hora };
  return { ok: true, date: day.date, time: `${pad(String(hour))}:${pad(String(minute))}` };
}

/** dd/mm/aaaa of an ISO day. */
export function isoToDmy(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}
