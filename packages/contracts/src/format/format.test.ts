import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isValidIsoDate, parseDateTime, todayIso, toSantiagoIso } from './dates';
import { CIUDADES, CIUDADES_ESTUDIO, COMUNAS, OBSERVACIONES_SUGERIDAS } from './lists';
import { formatCLP, parseCLP } from './money';
import { isValidRol, normalizeRol } from './rol';

describe('rol', () => {
  it('accepts letter-number-year', () => {
    expect(isValidRol('C-123-2024')).toBe(true);
    expect(isValidRol('E-1-1999')).toBe(true);
  });
  it('rejects other shapes', () => {
    expect(isValidRol('c-123-2024')).toBe(false);
    expect(isValidRol('C-123-24')).toBe(false);
    expect(isValidRol('CC-123-2024')).toBe(false);
    expect(isValidRol('C123-2024')).toBe(false);
  });
  it('normalises by trimming and upper-casing', () => {
    expect(normalizeRol('  c-55-2023 ')).toBe('C-55-2023');
  });
});

describe('money', () => {
  it('formats CLP with Chilean thousands separators', () => {
    expect(formatCLP(1500000)).toBe('$1.500.000');
    expect(formatCLP(999)).toBe('$999');
    expect(formatCLP(0)).toBe('$0');
    expect(formatCLP('2500000')).toBe('$2.500.000');
  });
  it('shows the fallback for empty values', () => {
    expect(formatCLP(null)).toBe('No especificada');
    expect(formatCLP(undefined, 'No especificado')).toBe('No especificado');
  });
  it('reads amounts typed with separators', () => {
    expect(parseCLP('$ 1.500.000')).toBe(1500000);
    expect(parseCLP('1500000')).toBe(1500000);
    expect(parseCLP('abc')).toBeNull();
    expect(parseCLP('')).toBeNull();
  });
});

describe('dates', () => {
  it('formats ISO dates as dd/mm/yyyy without shifting the day', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });
  it('formats instants in Santiago time', () => {
    expect(formatDate('2024-07-01T02:00:00Z')).toBe('30/06/2024');
    expect(formatDateTime('2024-07-01T14:30:00-04:00')).toBe('01/07/2024 14:30');
  });
  it("says 'Fecha inválida' for text that is not a date and uses the fallback when empty", () => {
    expect(formatDate('2024-02-30')).toBe('Fecha inválida');
    expect(formatDate('mañana')).toBe('Fecha inválida');
    expect(formatDate('')).toBe('No especificada');
    expect(formatDate(null, 'No especificado')).toBe('No especificado');
  });
  it("says 'Error en fecha' when the value cannot be read at all", () => {
    expect(formatDate(42 as unknown as string)).toBe('Error en fecha');
  });
  it('validates calendar dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('29/02/2024')).toBe(false);
  });
  it('reads naive date-times as Santiago wall time in winter and summer', () => {
    expect(parseDateTime('2024-07-10 09:30')?.toISOString()).toBe('2024-07-10T13:30:00.000Z');
    expect(parseDateTime('2024-01-10T09:30:00')?.toISOString()).toBe('2024-01-10T12:30:00.000Z');
    expect(parseDateTime('2024-01-10T09:30:00Z')?.toISOString()).toBe('2024-01-10T09:30:00.000Z');
    expect(parseDateTime('not a date')).toBeNull();
  });
  it('writes instants with the Santiago offset', () => {
    expect(toSantiagoIso(new Date('2024-07-10T13:30:00Z'))).toBe('2024-07-10T09:30:00-04:00');
    expect(toSantiagoIso(new Date('2024-01-10T12:30:00Z'))).toBe('2024-01-10T09:30:00-03:00');
  });
  it('follows the change of offset when summer time ends', () => {
    expect(toSantiagoIso(new Date('2024-04-07T02:59:59Z'))).toBe('2024-04-06T23:59:59-03:00');
    expect(toSantiagoIso(new Date('2024-04-07T03:00:00Z'))).toBe('2024-04-06T23:00:00-04:00');
    expect(toSantiagoIso(new Date('2024-09-08T04:00:00Z'))).toBe('2024-09-08T01:00:00-03:00');
  });
  it('gives today in Santiago', () => {
    expect(todayIso(new Date('2024-07-01T02:00:00Z'))).toBe('2024-06-30');
  });
});

describe('lists', () => {
  it('holds the 16 comunas, 11 firm cities and about 46 cities ending in San Javier', () => {
    expect(COMUNAS).toHaveLength(16);
    expect(CIUDADES_ESTUDIO).toHaveLength(11);
    expect(CIUDADES.length).toBeGreaterThanOrEqual(45);
    expect(CIUDADES.length).toBeLessThanOrEqual(47);
    expect(CIUDADES.at(-1)).toBe('San Javier');
    expect(new Set(CIUDADES).size).toBe(CIUDADES.length);
    expect(OBSERVACIONES_SUGERIDAS).toContain('Es muy urgente');
  });
});
