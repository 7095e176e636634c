import { describe, expect, it } from 'vitest';
import { cleanRut, computeRutDv, formatRutWithDots, isValidRut, normalizeRut } from './rut';

describe('computeRutDv', () => {
  it.each([
    ['12345678', '5'],
    ['11111111', '1'],
    ['76086428', '5'],
    ['10000013', 'K'],
    ['1000005', 'K'],
    ['11222333', '9'],
    ['10000004', '0'],
    ['20000003', 'K'],
    ['7654321', '6'],
  ])('gives the check digit of %s as %s', (body, dv) => {
    expect(computeRutDv(body)).toBe(dv);
  });
});

describe('isValidRut', () => {
  it('accepts a RUT with the right check digit', () => {
    expect(isValidRut('12345678-5')).toBe(true);
    expect(isValidRut('7654321-6')).toBe(true);
  });

  it('accepts K in either case and 0 as check digits', () => {
    expect(isValidRut('10000013-K')).toBe(true);
    expect(isValidRut('10000013-k')).toBe(true);
    expect(isValidRut('10000004-0')).toBe(true);
  });

  it('rejects a RUT with a wrong check digit', () => {
    expect(isValidRut('12345678-9')).toBe(false);
    expect(isValidRut('10000013-0')).toBe(false);
    expect(isValidRut('10000004-K')).toBe(false);
  });

  it('rejects RUTs without a dash, with dots or with a body outside 7-8 digits', () => {
    expect(isValidRut('123456785')).toBe(false);
    expect(isValidRut('12.345.678-5')).toBe(false);
    expect(isValidRut('123456-0')).toBe(false);
    expect(isValidRut('123456789-2')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut(null)).toBe(false);
  });
});

describe('normalizeRut', () => {
  it('strips everything but digits and K and puts a dash before the last character', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('10000013k')).toBe('10000013-K');
    expect(normalizeRut(' 7.654.321-6 ')).toBe('7654321-6');
  });

  it('leaves short values without a dash', () => {
    expect(normalizeRut('1234567')).toBe('1234567');
    expect(cleanRut('12-3a')).toBe('123');
  });

  it('shows a RUT with thousands dots', () => {
    expect(formatRutWithDots('12345678-5')).toBe('12.345.678-5');
    expect(formatRutWithDots('7654321-6')).toBe('7.654.321-6');
  });
});
