import type { AlarmaCalendario } from '@receptoria/contracts';
import type { PlazoItem } from '@receptoria/contracts/calendario/constants';
import { describe, expect, it } from 'vitest';
import { aniosDelRango, eventosCalendario, type FiltroTipo, horaSantiago } from './eventos';

const plazo = (id: number, tipo: PlazoItem['tipo'], estado: PlazoItem['estado'], estudio = 1): PlazoItem => ({
  id,
  encargo_id: 10 + id,
  numero_rol: `C-${id}-2026`,
  estudio_id: estudio,
  estudio: `Estudio ${estudio}`,
  tipo,
  vence: '2026-11-27',
  estado,
  origen: 'diligencia:1',
  cumplido_en: estado === 'cumplido' ? '2026-11-26' : null,
  referencia: null,
});
const alarma: AlarmaCalendario = {
  id: 3,
  encargo_id: 11,
  numero_rol: 'C-3-2026',
  estudio_id: 2,
  estudio: 'Estudio 2',
  tipo: 'comparendo',
  fecha_hora: '2026-11-27T13:30:00.000Z',
  mensaje: '',
  recordatorio: false,
};
const feriados = [
  { id: null, fecha: '2026-12-08', nombre: 'Inmaculada Concepción', tipo: 'nacional' },
  { id: 4, fecha: '2026-12-09', nombre: 'Elecciones', tipo: 'propio' },
  { id: 5, fecha: '2026-06-21', nombre: 'Pueblos Indígenas', tipo: 'no_feriado' },
];
const todos = new Set<FiltroTipo>(['excepciones', 'carta_art_46', 'subida_estampado', 'alarmas']);

describe('eventosCalendario', () => {
  it('shades the holidays (not the ones marked hábiles), colours deadlines by kind and state, alarms at their Santiago hour', () => {
    const events = eventosCalendario({
      plazos: [plazo(1, 'excepciones', 'pendiente'), plazo(2, 'carta_art_46', 'vencido'), plazo(3, 'subida_estampado', 'cumplido')],
      feriados,
      alarmas: [alarma],
      tipos: todos,
      estudio: null,
      agenda: false,
    });
    expect(events.map((e) => e.id)).toEqual(['feriado-2026-12-08', 'feriado-2026-12-09', 'plazo-1', 'plazo-2', 'plazo-3', 'alarma-3']);
    expect(events[0]).toMatchObject({ display: 'background', title: 'Feriado: Inmaculada Concepción', allDay: true });
    expect(events[1]?.classNames).toContain('cal-feriado-propio');
    expect(events[2]).toMatchObject({ backgroundColor: 'var(--mantine-color-grape-6)', title: 'Plazo para oponer excepciones · C-1-2026' });
    expect(events[3]?.backgroundColor).toBe('var(--mantine-color-red-6)');
    expect(events[4]?.backgroundColor).toBe('var(--mantine-color-gray-3)');
    // 13:30 UTC on 27-11-2026 is 10:30 in Santiago (summer time, UTC-3).
    expect(events[5]).toMatchObject({ start: '2026-11-27T10:30:00', allDay: false, title: 'Comparendo · C-3-2026' });
  });

  it('filters by kind and by the firm; the agenda lists holidays as rows', () => {
    const events = eventosCalendario({
      plazos: [plazo(1, 'excepciones', 'pendiente', 1), plazo(2, 'excepciones', 'pendiente', 2), plazo(3, 'carta_art_46', 'pendiente', 1)],
      feriados: feriados.slice(0, 1),
      alarmas: [alarma],
      tipos: new Set<FiltroTipo>(['excepciones', 'alarmas']),
      estudio: 1,
      agenda: true,
    });
    expect(events.map((e) => e.id)).toEqual(['feriado-2026-12-08', 'plazo-1']);
    expect(events[0]?.display).toBe('auto');
    // The alarm's firm chosen: its alarm and deadline, nothing of the other firm.
    const otro = eventosCalendario({
      plazos: [plazo(1, 'excepciones', 'pendiente', 1), plazo(2, 'excepciones', 'pendiente', 2)],
      feriados: [],
      alarmas: [alarma],
      tipos: todos,
      estudio: 2,
      agenda: false,
    });
    expect(otro.map((e) => e.id)).toEqual(['plazo-2', 'alarma-3']);
  });
});

describe('helpers', () => {
  it('horaSantiago keeps the wall clock in winter too', () => {
    expect(horaSantiago('2026-07-01T14:00:00Z')).toBe('2026-07-01T10:00:00');
  });
  it('aniosDelRango', () => {
    expect(aniosDelRango('2026-12-28', '2027-02-07')).toEqual([2026, 2027]);
    expect(aniosDelRango('2026-03-01', '2026-03-31')).toEqual([2026]);
  });
});
