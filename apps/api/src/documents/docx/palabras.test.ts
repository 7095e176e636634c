import { describe, expect, it } from 'vitest';
import { fechaEnPalabras, numeroEnPalabras } from './palabras';

describe('numbers and dates in Spanish words', () => {
  it('writes numbers as a certificate does', () => {
    expect(numeroEnPalabras(1)).toBe('uno');
    expect(numeroEnPalabras(16)).toBe('dieciséis');
    expect(numeroEnPalabras(21)).toBe('veintiuno');
    expect(numeroEnPalabras(31)).toBe('treinta y uno');
    expect(numeroEnPalabras(100)).toBe('cien');
    expect(numeroEnPalabras(115)).toBe('ciento quince');
    expect(numeroEnPalabras(1999)).toBe('mil novecientos noventa y nueve');
    expect(numeroEnPalabras(2025)).toBe('dos mil veinticinco');
    expect(numeroEnPalabras(21_000)).toBe('veintiún mil');
    expect(numeroEnPalabras(31_000)).toBe('treinta y un mil');
  });

  it('writes dates with the month name, and the first of the month as primero', () => {
    expect(fechaEnPalabras('2025-03-10')).toBe('diez de marzo de dos mil veinticinco');
    expect(fechaEnPalabras('2024-12-22')).toBe('veintidós de diciembre de dos mil veinticuatro');
    expect(fechaEnPalabras('2026-09-01')).toBe('primero de septiembre de dos mil veintiséis');
    expect(fechaEnPalabras('10/03/2025')).toBe('');
  });
});
