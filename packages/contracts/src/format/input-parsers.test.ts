import { describe, expect, it } from 'vitest';
import { dateInputMessages, readFechaCL } from './dates-input';
import { moneyMessages, readMontoCLP } from './money-input';
import { foldText } from './text';

describe('readMontoCLP', () => {
  it('reads dots as thousands separators', () => {
    expect(readMontoCLP('1.500.000')).toEqual({ ok: true, value: 1500000 });
    expect(readMontoCLP('$ 1.500.000')).toEqual({ ok: true, value: 1500000 });
    expect(readMontoCLP('1.500')).toEqual({ ok: true, value: 1500 });
  });
  it('reads plain digits', () => {
    expect(readMontoCLP('1500000')).toEqual({ ok: true, value: 1500000 });
    expect(readMontoCLP('0')).toEqual({ ok: true, value: 0 });
  });
  it('accepts zero decimals after a comma', () => {
    expect(readMontoCLP('1.500.000,00')).toEqual({ ok: true, value: 1500000 });
    expect(readMontoCLP('1500000,0')).toEqual({ ok: true, value: 1500000 });
  });
  it('refuses real decimals, saying CLP has none', () => {
    expect(readMontoCLP('1.500.000,50')).toEqual({ ok: false, message: moneyMessages.decimales('1.500.000,50') });
    expect(readMontoCLP('1500000,5')).toMatchObject({ ok: false });
  });
  it('refuses a dot that does not group thousands', () => {
    expect(readMontoCLP('1500000.00')).toEqual({ ok: false, message: moneyMessages.formato });
    expect(readMontoCLP('1.50')).toEqual({ ok: false, message: moneyMessages.formato });
    expect(readMontoCLP('1.5000.000')).toEqual({ ok: false, message: moneyMessages.formato });
  });
  it('refuses text, negatives and blank', () => {
    expect(readMontoCLP('abc')).toEqual({ ok: false, message: moneyMessages.formato });
    expect(readMontoCLP('-5.000')).toEqual({ ok: false, message: moneyMessages.negativo });
    expect(readMontoCLP('   ')).toBeNull();
  });
});

describe('readFechaCL', () => {
  it('reads dd/mm/aaaa, dd-mm-aaaa, dd.mm.aaaa and ddmmaaaa', () => {
    for (const typed of ['15/03/2024', '15-03-2024', '15.03.2024', '15032024', '2024-03-15', '15/3/2024']) {
      expect(readFechaCL(typed)).toEqual({ ok: true, date: '2024-03-15', time: null });
    }
  });
  it('reads an optional time', () => {
    expect(readFechaCL('15/03/2024 09:30')).toEqual({ ok: true, date: '2024-03-15', time: '09:30' });
    expect(readFechaCL('15032024 1745')).toEqual({ ok: true, date: '2024-03-15', time: '17:45' });
    expect(readFechaCL('15-03-2024 7:05')).toEqual({ ok: true, date: '2024-03-15', time: '07:05' });
  });
  it('refuses days that do not exist', () => {
    expect(readFechaCL('31/02/2024')).toEqual({ ok: false, message: dateInputMessages.noExiste('31/02/2024') });
    expect(readFechaCL('29/02/2023')).toMatchObject({ ok: false });
    expect(readFechaCL('29/02/2024')).toMatchObject({ ok: true, date: '2024-02-29' });
  });
  it('refuses two-digit years', () => {
    expect(readFechaCL('15/03/24')).toEqual({ ok: false, message: dateInputMessages.anioCorto });
    expect(readFechaCL('150324')).toEqual({ ok: false, message: dateInputMessages.anioCorto });
  });
  it('refuses bad times and unknown text', () => {
    expect(readFechaCL('15/03/2024 25:00')).toEqual({ ok: false, message: dateInputMessages.hora });
    expect(readFechaCL('15/03/2024 10:75')).toEqual({ ok: false, message: dateInputMessages.hora });
    expect(readFechaCL('mañana')).toEqual({ ok: false, message: dateInputMessages.formato });
    expect(readFechaCL('')).toBeNull();
  });
});

describe('foldText', () => {
  it('ignores accents, tildes and case', () => {
    expect(foldText('Ñuñoa')).toBe('nunoa');
    expect(foldText('Maipú')).toBe('maipu');
    expect(foldText('  Peñalolén ')).toBe('penalolen');
  });
});
