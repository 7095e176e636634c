import { TZDate } from '@date-fns/tz';
import { type Frecuencia, type Periodo, TIME_ZONE } from '@receptoria/contracts';
import { addDays, addMonths, format, startOfMonth, startOfWeek, subDays } from 'date-fns';

/** A report period: Santiago calendar days [fecha_inicio, fecha_fin] and the instants that bound them. */
export interface PeriodoInforme extends Periodo {
  /** First instant of fecha_inicio in Santiago. */
  desde: Date;
  /** First instant of the day after fecha_fin in Santiago (exclusive). */
  hasta: Date;
}

const tzDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, TIME_ZONE);
};

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const ddmmyyyy = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** Today's date in Santiago (YYYY-MM-DD). */
export function santiagoToday(now: Date = new Date()): string {
  return iso(new TZDate(now.getTime(), TIME_ZONE));
}

/**
 * The period a report covers, counted back from a Santiago date (spec 01 §9): daily = the previous
 * day, weekly = the previous Monday–Sunday week, monthly = the previous calendar month.
 */
export function reportPeriod(frecuencia: Frecuencia, fechaReferencia: string): PeriodoInforme {
  const ref = tzDate(fechaReferencia);
  let inicio: Date;
  let fin: Date;
  if (frecuencia === 'diario') {
    inicio = subDays(ref, 1);
    fin = inicio;
  } else if (frecuencia === 'semanal') {
    inicio = subDays(startOfWeek(ref, { weekStartsOn: 1 }), 7);
    fin = addDays(inicio, 6);
  } else {
    inicio = startOfMonth(addMonths(ref, -1));
    fin = subDays(startOfMonth(ref), 1);
  }
  const fechaInicio = iso(inicio);
  const fechaFin = iso(fin);
  return {
    frecuencia,
    fecha_inicio: fechaInicio,
    fecha_fin: fechaFin,
    descripcion: fechaInicio === fechaFin ? ddmmyyyy(fechaInicio) : `${ddmmyyyy(fechaInicio)} al ${ddmmyyyy(fechaFin)}`,
    // new TZDate(y, m, d) is the day's first existing instant (01:00 on the September change day).
    desde: new Date(tzDate(fechaInicio).getTime()),
    hasta: new Date(tzDate(iso(addDays(fin, 1))).getTime()),
  };
}
