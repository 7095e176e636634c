import { describe, expect, it } from 'vitest';
import { diaSemana, diasHabiles, motivoNoHabil, sumarDias } from './dias-habiles';
import { CalendarioConfiguracionUpdateSchema, DiasHabilesQuerySchema, FeriadoPropioCreateSchema, FeriadosQuerySchema } from './schemas';
import { calendarioMessages as m } from './messages';

// 2026 holidays around the dated cases (checked by hand: receptor-practice brief §3).
const FERIADOS_2026 = new Map([
  ['2026-04-03', 'Viernes Santo'],
  ['2026-04-04', 'Sábado Santo'],
  ['2026-09-18', 'Independencia Nacional'],
  ['2026-09-19', 'Día de las Glorias del Ejército'],
  ['2026-12-08', 'Inmaculada Concepción'],
]);

describe('diasHabiles', () => {
  it('starts the day after the act and skips Sundays and holidays', () => {
    // Wednesday 16-9-2026: Thu 17 (1), Fri 18 and Sat 19 holidays, Sun 20, Mon 21 (2), Tue 22 (3), Wed 23 (4).
    const r = diasHabiles('2026-09-16', 4, { feriados: FERIADOS_2026, sabadoHabil: true });
    expect(r.vence).toBe('2026-09-23');
    expect(r.excluidos).toEqual([
      { fecha: '2026-09-18', motivo: 'Independencia Nacional' },
      { fecha: '2026-09-19', motivo: 'Día de las Glorias del Ejército' },
      { fecha: '2026-09-20', motivo: 'Domingo' },
    ]);
  });

  it('counts Saturdays only when the setting says they are hábiles', () => {
    expect(diasHabiles('2026-11-25', 4, { feriados: FERIADOS_2026, sabadoHabil: true }).vence).toBe('2026-11-30');
    const sinSabado = diasHabiles('2026-11-25', 4, { feriados: FERIADOS_2026, sabadoHabil: false, motivos: { domingo: 'D', sabado: 'S' } });
    expect(sinSabado.vence).toBe('2026-12-01');
    expect(sinSabado.excluidos).toEqual([
      { fecha: '2026-11-28', motivo: 'S' },
      { fecha: '2026-11-29', motivo: 'D' },
    ]);
  });

  it('an own holiday moves the due date', () => {
    const propios = new Map([...FERIADOS_2026, ['2026-11-27', 'Feriado propio']]);
    expect(diasHabiles('2026-11-25', 4, { feriados: propios, sabadoHabil: true }).vence).toBe('2026-12-01');
  });

  it('Viernes and Sábado Santo 2026 are not hábiles; a term over Easter skips them', () => {
    expect(motivoNoHabil('2026-04-03', { feriados: FERIADOS_2026, sabadoHabil: true })).toBe('Viernes Santo');
    expect(motivoNoHabil('2026-04-04', { feriados: FERIADOS_2026, sabadoHabil: true })).toBe('Sábado Santo');
    // Thursday 2-4-2026 + 1 día hábil: Fri, Sat holidays, Sun → Monday 6.
    expect(diasHabiles('2026-04-02', 1, { feriados: FERIADOS_2026, sabadoHabil: true }).vence).toBe('2026-04-06');
  });

  it('crosses months and years; a holiday on a Sunday is listed once', () => {
    const feriados = new Map([['2026-12-25', 'Navidad'], ['2027-01-01', 'Año Nuevo'], ['2026-12-27', 'Domingo festivo']]);
    const r = diasHabiles('2026-12-24', 3, { feriados, sabadoHabil: false });
    // Fri 25 Navidad, Sat 26, Sun 27, Mon 28 (1), Tue 29 (2), Wed 30 (3).
    expect(r.vence).toBe('2026-12-30');
    expect(r.excluidos.map((e) => e.fecha)).toEqual(['2026-12-25', '2026-12-26', '2026-12-27']);
  });

  it('date helpers', () => {
    expect(sumarDias('2028-02-28', 1)).toBe('2028-02-29');
    expect(sumarDias('2027-03-01', -1)).toBe('2027-02-28');
    expect(diaSemana('2026-11-29')).toBe(0);
    expect(diaSemana('2026-11-28')).toBe(6);
  });
});

describe('calendar schemas', () => {
  it('refuse dates and years outside 2000–2100 in Spanish', () => {
    const fuera = DiasHabilesQuerySchema.safeParse({ desde: '1999-12-31', dias: '4' });
    expect(fuera.success).toBe(false);
    expect(fuera.error?.issues[0]?.message).toBe(m.fechaInvalida);
    expect(DiasHabilesQuerySchema.safeParse({ desde: '2101-01-01', dias: '4' }).success).toBe(false);
    expect(DiasHabilesQuerySchema.safeParse({ desde: '2026-02-30', dias: '4' }).success).toBe(false);
    expect(DiasHabilesQuerySchema.parse({ desde: '2100-12-31', dias: '365' })).toEqual({ desde: '2100-12-31', dias: 365 });
    expect(FeriadosQuerySchema.safeParse({ anio: '1999' }).error?.issues[0]?.message).toBe(m.anioInvalido);
    expect(FeriadosQuerySchema.parse({ anio: '2026', region: '' })).toEqual({ anio: 2026, region: undefined });
    expect(FeriadosQuerySchema.safeParse({ anio: '2026', region: 'CL-XX' }).error?.issues[0]?.message).toBe(m.regionInvalida);
  });

  it('dias is 1–365', () => {
    for (const dias of ['0', '366', '-1', '1.5', 'x', '']) {
      expect(DiasHabilesQuerySchema.safeParse({ desde: '2026-01-01', dias }).error?.issues[0]?.message).toBe(m.diasInvalidos);
    }
  });

  it('own holiday and settings bodies', () => {
    expect(FeriadoPropioCreateSchema.parse({ fecha: '2026-11-27', nombre: '  Elección  ' })).toEqual({ fecha: '2026-11-27', nombre: 'Elección', tipo: 'feriado' });
    expect(FeriadoPropioCreateSchema.safeParse({ fecha: '2026-11-27', nombre: '   ' }).error?.issues[0]?.message).toBe(m.nombreRequerido);
    expect(FeriadoPropioCreateSchema.parse({ fecha: '2027-06-21', nombre: 'Trasladado', tipo: 'no_feriado' }).tipo).toBe('no_feriado');
    expect(FeriadoPropioCreateSchema.parse({ fecha: '2027-06-21', nombre: 'X', tipo: '' }).tipo).toBe('feriado');
    expect(FeriadoPropioCreateSchema.safeParse({ fecha: '2027-06-21', nombre: 'X', tipo: 'x' }).error?.issues[0]?.message).toBe(m.tipoPropioInvalido);
    expect(CalendarioConfiguracionUpdateSchema.safeParse({ sabado_habil: true, region: 'CL-RM', dias_sla_subida: 31 }).success).toBe(false);
    expect(CalendarioConfiguracionUpdateSchema.parse({ sabado_habil: false, region: '', dias_sla_subida: 2 }).region).toBe('');
  });
});
