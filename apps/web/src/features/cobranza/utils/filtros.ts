import type { CobranzaFilters } from '../api/cobranza-api';

/** The date fields as the form holds them: an ISO day once read, the typed text until then, null when empty. */
export interface CobranzaFechasForm {
  fechaEspecifica: string | null;
  fechaInicio: string | null;
  fechaFin: string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A field's day only once the typed text reads as a whole date: half-typed text never reaches a request. */
export const diaLeido = (value: string | null | undefined): string => (typeof value === 'string' && ISO_DAY.test(value) ? value : '');

/** What the preview asks for: the chosen firm and the dates already read (a specific date wins over the range). */
export function filtrosDeConsulta(estudio: string | null, fechas: CobranzaFechasForm): CobranzaFilters {
  const fechaEspecifica = diaLeido(fechas.fechaEspecifica);
  return {
    estudio,
    fechaEspecifica,
    fechaInicio: fechaEspecifica ? '' : diaLeido(fechas.fechaInicio),
    fechaFin: fechaEspecifica ? '' : diaLeido(fechas.fechaFin),
  };
}

/** A range whose start is after its end: not asked for (the field says why). */
export const rangoInvertido = (filters: CobranzaFilters): boolean =>
  filters.fechaInicio !== '' && filters.fechaFin !== '' && filters.fechaInicio > filters.fechaFin;
