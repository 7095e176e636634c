import type { EventInput } from '@fullcalendar/core';
import { type AlarmaCalendario, santiagoWallClock } from '@receptoria/contracts';
import { ALARMA_TIPO_LABELS } from '@receptoria/contracts/alarmas/constants';
import { type PlazoItem, TIPO_PLAZO_LABELS, type TipoPlazo } from '@receptoria/contracts/calendario/constants';
import { calendarioScreenMessages as m } from '../messages';
import { colorDePlazo, cssColor } from './plazos';

/** What the calendar's filter by kind offers: each kind of deadline, and the hearings' alarms. */
export type FiltroTipo = TipoPlazo | 'alarmas';

export interface FeriadoItem {
  id: number | null;
  fecha: string;
  nombre: string;
  tipo: string;
}

/** What a click on an event needs (FullCalendar's extendedProps). */
export type EventoInfo =
  | { clase: 'plazo'; plazo: PlazoItem }
  | { clase: 'alarma'; alarma: AlarmaCalendario }
  | { clase: 'feriado'; feriado: FeriadoItem };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the Santiago wall clock without an offset: the calendar runs in "local" time and a
 * floating time is shown as written, so every browser sees the hearing at its Santiago hour.
 */
export function horaSantiago(iso: string): string {
  const w = santiagoWallClock(new Date(iso));
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Holidays the calendar shades: every kind but the library days the receiver marked as hábiles. */
export function esFeriadoSombreado(feriado: Pick<FeriadoItem, 'tipo'>): boolean {
  return feriado.tipo !== 'no_feriado';
}

/** The shade of a holiday's day: the receiver's own days apart from the law's. */
export function colorFeriado(feriado: Pick<FeriadoItem, 'tipo'>): string {
  return feriado.tipo === 'propio' ? cssColor('orange', 1) : cssColor('indigo', 1);
}

export interface EventosOpciones {
  plazos: readonly PlazoItem[];
  feriados: readonly FeriadoItem[];
  alarmas: readonly AlarmaCalendario[];
  /** The kinds shown. */
  tipos: ReadonlySet<FiltroTipo>;
  /** The chosen firm's id; null = every firm. */
  estudio: number | null;
  /** The agenda lists holidays as rows (a list view draws no background). */
  agenda: boolean;
}

/** The calendar's events: holidays shaded, deadlines coloured by kind (red overdue, grey met), alarms at their hour. */
export function eventosCalendario({ plazos, feriados, alarmas, tipos, estudio, agenda }: EventosOpciones): EventInput[] {
  const events: EventInput[] = [];
  for (const feriado of feriados) {
    if (!esFeriadoSombreado(feriado)) continue;
    const info: EventoInfo = { clase: 'feriado', feriado };
    events.push({
      id: `feriado-${feriado.fecha}`,
      title: m.feriado(feriado.nombre),
      start: feriado.fecha,
      allDay: true,
      display: agenda ? 'auto' : 'background',
      backgroundColor: colorFeriado(feriado),
      // The agenda draws a holiday as a dot of this colour: a stronger shade of the same hue.
      borderColor: agenda ? cssColor(feriado.tipo === 'propio' ? 'orange' : 'indigo', 5) : colorFeriado(feriado),
      textColor: 'var(--mantine-color-dark-7)',
      classNames: ['cal-feriado', `cal-feriado-${feriado.tipo}`],
      extendedProps: info,
    });
  }
  for (const plazo of plazos) {
    if (!tipos.has(plazo.tipo)) continue;
    if (estudio !== null && plazo.estudio_id !== estudio) continue;
    const color = colorDePlazo(plazo);
    const info: EventoInfo = { clase: 'plazo', plazo };
    events.push({
      id: `plazo-${plazo.id}`,
      title: m.plazoTitulo(TIPO_PLAZO_LABELS[plazo.tipo], plazo.numero_rol),
      start: plazo.vence,
      allDay: true,
      backgroundColor: cssColor(color, plazo.estado === 'cumplido' ? 3 : 6),
      borderColor: cssColor(color, plazo.estado === 'cumplido' ? 3 : 6),
      textColor: plazo.estado === 'cumplido' ? 'var(--mantine-color-dark-4)' : 'white',
      classNames: ['cal-plazo', `cal-plazo-${plazo.estado}`, `cal-plazo-${plazo.tipo}`],
      extendedProps: info,
    });
  }
  if (tipos.has('alarmas')) {
    for (const alarma of alarmas) {
      if (estudio !== null && alarma.estudio_id !== estudio) continue;
      const info: EventoInfo = { clase: 'alarma', alarma };
      events.push({
        id: `alarma-${alarma.id}`,
        title: m.alarmaTitulo(ALARMA_TIPO_LABELS[alarma.tipo], alarma.numero_rol),
        start: horaSantiago(alarma.fecha_hora),
        allDay: false,
        backgroundColor: cssColor('orange', 6),
        borderColor: cssColor('orange', 6),
        textColor: 'white',
        classNames: ['cal-alarma'],
        extendedProps: info,
      });
    }
  }
  return events;
}

/** The years a range of dates touches (the holidays are read per year). */
export function aniosDelRango(desde: string, hasta: string): number[] {
  const first = Number(desde.slice(0, 4));
  const last = Number(hasta.slice(0, 4));
  const years: number[] = [];
  for (let y = first; y <= last; y += 1) years.push(y);
  return years;
}
