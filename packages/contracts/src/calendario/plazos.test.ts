import { describe, expect, it } from 'vitest';
import { GuardarResultadosSchema } from '../diligencias/schemas';
import { diasExcepciones, plazoMessages as m, PlazosQuerySchema } from './plazos';

describe('diasExcepciones', () => {
  it('4 in the court comuna, 8 in its territory, 8 plus the tabla outside', () => {
    expect(diasExcepciones('comuna_tribunal', null)).toBe(4);
    expect(diasExcepciones('territorio_tribunal', 5)).toBe(8);
    expect(diasExcepciones('fuera_territorio', 3)).toBe(11);
  });
});

describe('GuardarResultadosSchema: the place of a requerimiento', () => {
  const base = { numero_rol: 'C-1-2026', resultado_id: 9, fecha_diligencia: '2026-09-16T10:30:00-03:00', apuntes_terreno: 'requerido' };

  it('is optional, and takes dias_tabla as a number or its digits', () => {
    expect(GuardarResultadosSchema.parse(base).lugar_requerimiento).toBeUndefined();
    const fuera = GuardarResultadosSchema.parse({ ...base, lugar_requerimiento: 'fuera_territorio', dias_tabla: '3' });
    expect(fuera).toMatchObject({ lugar_requerimiento: 'fuera_territorio', dias_tabla: 3 });
  });

  it('outside the territory needs dias_tabla between 0 and 60', () => {
    const sin = GuardarResultadosSchema.safeParse({ ...base, lugar_requerimiento: 'fuera_territorio' });
    expect(sin.error?.issues.map((i) => i.message)).toEqual([m.diasTablaRequeridos]);
    const mucho = GuardarResultadosSchema.safeParse({ ...base, lugar_requerimiento: 'fuera_territorio', dias_tabla: 61 });
    expect(mucho.error?.issues.map((i) => i.message)).toEqual([m.diasTablaInvalidos]);
  });
});

describe('PlazosQuerySchema', () => {
  it('refuses a range that ends before it starts', () => {
    const r = PlazosQuerySchema.safeParse({ desde: '2026-02-01', hasta: '2026-01-01' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([m.rangoInvalido]);
    expect(PlazosQuerySchema.parse({ desde: '2026-01-01', hasta: '2026-01-01', estado: '', encargo: '7' })).toEqual({
      desde: '2026-01-01',
      hasta: '2026-01-01',
      estado: undefined,
      encargo: 7,
    });
  });
});
