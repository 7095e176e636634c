import { diasHabiles } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { aplicaEnComuna, CORRECCIONES_VERIFICADAS, feriadosLegales, regionDeComuna } from './feriados-cl';

/**
 * National holidays checked by hand. Sources: Ley 2.977 (base list, Viernes and Sábado Santo from the
 * Easter date), Ley 19.668 (San Pedro y San Pablo and Encuentro de Dos Mundos moved to Monday when they fall
 * Tuesday–Thursday, to the next Monday when Friday), Ley 20.299 (Iglesias Evangélicas: Tuesday → previous
 * Friday, Wednesday → next Friday), Ley 21.357 (Pueblos Indígenas on the winter solstice: 20-6-2025,
 * 21-6-2026, 21-6-2027 — verify yearly against the decree), Ley 20.148 (Virgen del Carmen), Ley 20.983
 * (17 September when 18–19 fall Saturday–Sunday: 17-9-2027), Ley 20.215 (17-9 Monday / 20-9 Friday: none
 * in these years). 2026 equals the receptor-practice brief §3 list. Election days (Sundays) are not in
 * the table: the receiver adds them as its own days.
 */
const NACIONALES: Record<number, string[]> = {
  2025: ['01-01', '04-18', '04-19', '05-01', '05-21', '06-20', '06-29', '07-16', '08-15', '09-18', '09-19', '10-12', '10-31', '11-01', '12-08', '12-25'],
  2026: ['01-01', '04-03', '04-04', '05-01', '05-21', '06-21', '06-29', '07-16', '08-15', '09-18', '09-19', '10-12', '10-31', '11-01', '12-08', '12-25'],
  2027: ['01-01', '03-26', '03-27', '05-01', '05-21', '06-21', '06-28', '07-16', '08-15', '09-17', '09-18', '09-19', '10-11', '10-31', '11-01', '12-08', '12-25'],
};

function mapa(anio: number, region: Parameters<typeof feriadosLegales>[1] = 'CL-RM', comuna = 'Santiago') {
  const feriados = new Map<string, string>();
  for (const a of [anio, anio + 1]) {
    for (const f of feriadosLegales(a, region)) if (f.tipo === 'nacional' || aplicaEnComuna(f, comuna)) feriados.set(f.fecha, f.nombre);
  }
  return feriados;
}

describe('feriadosLegales', () => {
  for (const [anio, dias] of Object.entries(NACIONALES)) {
    it(`national holidays of ${anio} equal the hand-checked table`, () => {
      const nacionales = feriadosLegales(Number(anio), 'CL-RM').filter((f) => f.tipo === 'nacional');
      expect(nacionales.map((f) => f.fecha)).toEqual(dias.map((d) => `${anio}-${d}`));
      for (const f of nacionales) {
        expect(f.fuente).toMatch(/^Ley /);
        expect(f.region).toBeNull();
      }
    });
  }

  it('adds Sábado Santo (missing in the library) on the checked dates, sourced', () => {
    for (const { fecha } of CORRECCIONES_VERIFICADAS) {
      const f = feriadosLegales(Number(fecha.slice(0, 4)), 'CL-RM').find((d) => d.fecha === fecha);
      expect(f).toMatchObject({ nombre: 'Sábado Santo', tipo: 'nacional', fuente: 'Ley 2.977' });
    }
    // Outside the checked years the same rule holds: Easter Sunday 2030 is 21 April.
    expect(feriadosLegales(2030, 'CL-RM').find((f) => f.nombre === 'Sábado Santo')?.fecha).toBe('2030-04-20');
  });

  it('names every day as the official list does, never with the library\'s wording', () => {
    const nombres = Object.fromEntries(feriadosLegales(2027, 'CL-RM').map((f) => [f.fecha.slice(5), f.nombre]));
    expect(nombres).toEqual({
      '01-01': 'Año Nuevo',
      '03-26': 'Viernes Santo',
      '03-27': 'Sábado Santo',
      '05-01': 'Día Nacional del Trabajo',
      '05-21': 'Día de las Glorias Navales',
      '06-21': 'Día Nacional de los Pueblos Indígenas',
      '06-28': 'San Pedro y San Pablo',
      '07-16': 'Día de la Virgen del Carmen',
      '08-15': 'Asunción de la Virgen',
      '09-17': 'Feriado adicional de Fiestas Patrias',
      '09-18': 'Independencia Nacional',
      '09-19': 'Día de las Glorias del Ejército',
      '10-11': 'Encuentro de Dos Mundos',
      '10-31': 'Día Nacional de las Iglesias Evangélicas y Protestantes',
      '11-01': 'Día de Todos los Santos',
      '12-08': 'Inmaculada Concepción',
      '12-25': 'Navidad',
    });
    expect(feriadosLegales(2026, 'CL-AP').find((f) => f.tipo === 'regional')?.nombre).toBe('Asalto y Toma del Morro de Arica');
    expect(feriadosLegales(2026, 'CL-NB').find((f) => f.tipo === 'regional')?.nombre).toMatch(/^Nacimiento del Prócer de la Independencia/);
    for (const anio of [2017, 2022, 2025, 2026, 2030]) {
      for (const f of [...feriadosLegales(anio, 'CL-RM'), ...feriadosLegales(anio, 'CL-NB')]) {
        expect(f.fuente).not.toMatch(/date-holidays|corrección verificada/);
        expect(f.nombre).not.toMatch(/^La |Día adicional/);
      }
    }
  });

  it('marks the irrenunciable days (Ley 19.973, Ley 20.629)', () => {
    const irrenunciables = feriadosLegales(2026, 'CL-RM').filter((f) => f.irrenunciable).map((f) => f.fecha);
    expect(irrenunciables).toEqual(['2026-01-01', '2026-05-01', '2026-09-18', '2026-09-19', '2026-12-25']);
  });

  it('adds the regional days of the region only', () => {
    const arica = feriadosLegales(2026, 'CL-AP').filter((f) => f.tipo === 'regional');
    expect(arica).toEqual([expect.objectContaining({ fecha: '2026-06-07', region: 'CL-AP', fuente: expect.stringContaining('Ley 20.663') })]);
    expect(feriadosLegales(2026, 'CL-RM').some((f) => f.tipo === 'regional')).toBe(false);
    const nuble = feriadosLegales(2026, 'CL-NB').filter((f) => f.tipo === 'regional');
    expect(nuble.map((f) => f.fecha)).toEqual(['2026-08-20']);
    expect(aplicaEnComuna(nuble[0]!, 'Chillán Viejo')).toBe(true);
    expect(aplicaEnComuna(nuble[0]!, 'San Carlos')).toBe(false);
  });

  it('maps the office comuna to its region; unknown → Región Metropolitana', () => {
    expect(regionDeComuna('Providencia')).toBe('CL-RM');
    expect(regionDeComuna('arica')).toBe('CL-AP');
    expect(regionDeComuna('Chillán Viejo')).toBe('CL-NB');
    expect(regionDeComuna('Concepción')).toBe('CL-BI');
    expect(regionDeComuna('Puerto Montt')).toBe('CL-LL');
    expect(regionDeComuna('Pica')).toBe('CL-TA');
    expect(regionDeComuna('san miguel')).toBe('CL-RM');
    expect(regionDeComuna('Ñiquén')).toBe('CL-NB');
    expect(regionDeComuna('Cabo de Hornos')).toBe('CL-MA');
    expect(regionDeComuna('')).toBe('CL-RM');
    expect(regionDeComuna('Comuna inexistente')).toBe('CL-RM');
  });
});

describe('días hábiles with the real holidays', () => {
  it('the dated cases of the issue', () => {
    const f2026 = mapa(2026);
    expect(f2026.has('2026-04-03')).toBe(true);
    expect(f2026.has('2026-04-04')).toBe(true);
    expect(diasHabiles('2026-09-16', 4, { feriados: f2026, sabadoHabil: true }).vence).toBe('2026-09-23');
    expect(diasHabiles('2026-11-25', 4, { feriados: f2026, sabadoHabil: true }).vence).toBe('2026-11-30');
    expect(diasHabiles('2026-11-25', 4, { feriados: f2026, sabadoHabil: false }).vence).toBe('2026-12-01');
    f2026.set('2026-11-27', 'Feriado propio');
    expect(diasHabiles('2026-11-25', 4, { feriados: f2026, sabadoHabil: true }).vence).toBe('2026-12-01');
  });

  it('a regional day moves a due date only in its region', () => {
    // Friday 4-6-2027 + 1 with Saturdays off: Monday 7 is the Arica y Parinacota day (Ley 20.663).
    expect(diasHabiles('2027-06-04', 1, { feriados: mapa(2027, 'CL-AP', 'Arica'), sabadoHabil: false }).vence).toBe('2027-06-08');
    expect(diasHabiles('2027-06-04', 1, { feriados: mapa(2027, 'CL-RM'), sabadoHabil: false }).vence).toBe('2027-06-07');
    // Wednesday 19-8-2026 + 1: Thursday 20 is a holiday only in Chillán and Chillán Viejo.
    expect(diasHabiles('2026-08-19', 1, { feriados: mapa(2026, 'CL-NB', 'Chillán'), sabadoHabil: true }).vence).toBe('2026-08-21');
    expect(diasHabiles('2026-08-19', 1, { feriados: mapa(2026, 'CL-NB', 'San Carlos'), sabadoHabil: true }).vence).toBe('2026-08-20');
    expect(diasHabiles('2026-08-19', 1, { feriados: mapa(2026, 'CL-RM'), sabadoHabil: true }).vence).toBe('2026-08-20');
  });
});
