import { diaSemana, sumarDias, todayIso } from '@receptoria/contracts';
import { type PlazoItem, TIPOS_PLAZO, type TipoPlazo } from '@receptoria/contracts/calendario/constants';

/**
 * Pure rules of the legal calendar's screens (colours, this week in Santiago, the dashboard's counts).
 * No zod and no calendar library here: the dashboard card imports this file.
 */

/** One Mantine colour per kind of deadline (the calendar's events and the card's badges). */
export const COLOR_TIPO_PLAZO: Record<TipoPlazo, string> = {
  excepciones: 'grape',
  carta_art_46: 'blue',
  subida_estampado: 'teal',
};

/** Overdue deadlines are red whatever their kind; met ones are grey. */
export const COLOR_VENCIDO = 'red';
export const COLOR_CUMPLIDO = 'gray';

/** The Mantine colour a deadline is shown in: red when overdue, grey when met, else its kind's. */
export function colorDePlazo(plazo: Pick<PlazoItem, 'tipo' | 'estado'>): string {
  if (plazo.estado === 'vencido') return COLOR_VENCIDO;
  if (plazo.estado === 'cumplido') return COLOR_CUMPLIDO;
  return COLOR_TIPO_PLAZO[plazo.tipo];
}

/** A Mantine colour as a CSS value (shade 6 for a filled event, 1 for a light one). */
export function cssColor(color: string, shade = 6): string {
  return `var(--mantine-color-${color}-${shade})`;
}

export interface Rango {
  desde: string;
  hasta: string;
}

/** This week in Santiago, Monday to Sunday, as YYYY-MM-DD (the 'Vencen esta semana' card). */
export function semanaSantiago(now: Date = new Date()): Rango {
  const hoy = todayIso(now);
  // diaSemana: 0 = Sunday … 6 = Saturday; weeks start on Monday.
  const desde = sumarDias(hoy, -((diaSemana(hoy) + 6) % 7));
  return { desde, hasta: sumarDias(desde, 6) };
}

/** How many deadlines of each kind, every kind present (0 when none). */
export function contarPorTipo(plazos: readonly Pick<PlazoItem, 'tipo'>[]): Record<TipoPlazo, number> {
  const counts = Object.fromEntries(TIPOS_PLAZO.map((tipo) => [tipo, 0])) as Record<TipoPlazo, number>;
  for (const plazo of plazos) counts[plazo.tipo] += 1;
  return counts;
}

/**
 * The card's list: the overdue deadlines (any date) first, then this week's open ones, each group by
 * due date; a deadline is listed once even when both answers hold it. Met ones are left out.
 */
export function vencenEstaSemana(semana: readonly PlazoItem[], vencidos: readonly PlazoItem[]): PlazoItem[] {
  const byId = new Map<number, PlazoItem>();
  for (const plazo of [...vencidos, ...semana]) if (plazo.estado !== 'cumplido' && !byId.has(plazo.id)) byId.set(plazo.id, plazo);
  const rank = (plazo: PlazoItem) => (plazo.estado === 'vencido' ? 0 : 1);
  return [...byId.values()].sort((a, b) => rank(a) - rank(b) || a.vence.localeCompare(b.vence) || a.id - b.id);
}

/** dd-mm-yyyy, as the results form says 'Vence excepciones'. */
export function fechaCorta(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** The address of an assignment: Re-encargos opens it by its rol and id. */
export function encargoHref(base: string, numeroRol: string, encargoId: number): string {
  return `${base}?rol=${encodeURIComponent(numeroRol)}&id=${encargoId}`;
}
