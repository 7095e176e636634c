import { formatCLP, formatDate, formatRutWithDots, isValidIsoDate, parseCLP } from '@receptoria/contracts';

/** Dates in documents: ISO dates and instants become dd/mm/yyyy; other text stays as written. */
export function documentDate(value: string): string {
  const text = value.trim();
  if (!text) return '';
  if (isValidIsoDate(text) || /^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const formatted = formatDate(text);
    return formatted === 'Fecha inválida' ? text : formatted;
  }
  return text;
}

export function documentMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : parseCLP(value);
  return amount === null ? String(value) : formatCLP(amount);
}

/** RUTs are printed with thousands dots: 12.345.678-5. */
export function documentRut(value: string): string {
  const text = value.trim();
  return /^[\d.]+-?[\dkK]$/.test(text) ? formatRutWithDots(text) : text;
}

/** Long Spanish date for the place-and-date line: '5 de marzo de 2025'. */
export function longDate(isoDate: string): string {
  const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} de ${months[month - 1]} de ${year}`;
}
