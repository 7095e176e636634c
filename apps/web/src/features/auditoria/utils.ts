import { formatCLP, formatDate, formatDateTime } from '@receptoria/contracts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One before/after value as a person reads it. */
export function formatAuditValue(campo: string, value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return campo === 'cuantia' ? formatCLP(value) : String(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_DATE_TIME.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return empty;
    return value.map((item) => formatAuditValue(campo, item, empty)).join('; ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.nombre === 'string') return record.nombre;
    if (typeof record.direccion === 'string') {
      return [record.direccion, record.comuna, record.ciudad].filter(Boolean).join(', ') + (record.es_principal ? ' (principal)' : '');
    }
    if (typeof record.email === 'string') return record.email;
    return JSON.stringify(value);
  }
  return String(value);
}
