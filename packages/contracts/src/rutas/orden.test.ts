import { describe, expect, it } from 'vitest';
import { compararTextoEs, ordenarComunas } from './orden';

describe('Spanish order of comunas', () => {
  it('puts Ñuñoa after Nogales and accented names where a reader expects them', () => {
    expect(ordenarComunas(['Ñuñoa', 'Providencia', 'Nogales', 'Maipú', 'Las Condes', 'Ñuñoa', 'Estación Central'])).toEqual([
      'Estación Central',
      'Las Condes',
      'Maipú',
      'Nogales',
      'Ñuñoa',
      'Providencia',
    ]);
    expect(compararTextoEs('Ñuñoa', 'Nunoa')).toBeGreaterThan(0);
    expect(compararTextoEs('Maipú', 'maipu')).toBe(0);
  });
});
