import { describe, expect, it } from 'vitest';
import { diaLeido, filtrosDeConsulta, rangoInvertido } from './filtros';

describe('the collection filters sent to the preview', () => {
  it('sends a date only once it is read whole, never the text being typed', () => {
    for (const typed of ['2', '25/', '25/11', '25/11/2', '25/11/202', 'Fecha no reconocida']) expect(diaLeido(typed)).toBe('');
    expect(diaLeido('2026-11-25')).toBe('2026-11-25');
    expect(diaLeido(null)).toBe('');
  });

  it('lets a specific date win over a range and keeps the firm as chosen', () => {
    expect(filtrosDeConsulta('5', { fechaEspecifica: '2026-11-25', fechaInicio: '2026-11-01', fechaFin: null })).toEqual({
      estudio: '5',
      fechaEspecifica: '2026-11-25',
      fechaInicio: '',
      fechaFin: '',
    });
    expect(filtrosDeConsulta(null, { fechaEspecifica: null, fechaInicio: '2026-11-01', fechaFin: '25/11/20' })).toEqual({
      estudio: null,
      fechaEspecifica: '',
      fechaInicio: '2026-11-01',
      fechaFin: '',
    });
  });

  it('tells an inverted range', () => {
    const base = { estudio: null, fechaEspecifica: '' };
    expect(rangoInvertido({ ...base, fechaInicio: '2026-11-25', fechaFin: '2026-11-01' })).toBe(true);
    expect(rangoInvertido({ ...base, fechaInicio: '2026-11-01', fechaFin: '2026-11-25' })).toBe(false);
    expect(rangoInvertido({ ...base, fechaInicio: '2026-11-01', fechaFin: '' })).toBe(false);
  });
});
