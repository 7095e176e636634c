// Plain functions with no contract imports: the dashboard's lazy cards use them without pulling zod.

function thousands(value: number): string {
  return String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Whole Chilean pesos as the collection screens show them: '$ 1.234.567' (negative: '-$ 1.234'). */
export function pesos(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value < 0 && Math.round(value) !== 0 ? `-$ ${thousands(value)}` : `$ ${thousands(value)}`;
}

/** A calendar date YYYY-MM-DD (or the date part of an ISO instant) as DD-MM-YYYY; '—' when empty. */
export function fechaGuion(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** YYYY-MM-DD of the day `days` before an ISO date (calendar arithmetic, no time zone involved). */
export function diasAntes(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
