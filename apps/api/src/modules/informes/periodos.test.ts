import { describe, expect, it } from 'vitest';
import { reportPeriod, santiagoToday } from './periodos';

describe('report periods (America/Santiago)', () => {
  it('daily is the previous day, also across a year boundary', () => {
    expect(reportPeriod('diario', '2026-01-01')).toMatchObject({
      fecha_inicio: '2025-12-31',
      fecha_fin: '2025-12-31',
      descripcion: '31-12-2025',
    });
    const p = reportPeriod('diario', '2026-03-01');
    expect([p.fecha_inicio, p.fecha_fin]).toEqual(['2026-02-28', '2026-02-28']);
    // Summer time (UTC-3): the day runs 03:00Z to 03:00Z.
    expect(p.desde.toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(p.hasta.toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('weekly is the previous Monday–Sunday week, whatever the weekday of the reference', () => {
    for (const ref of ['2026-11-23', '2026-11-25', '2026-11-29']) {
      expect(reportPeriod('semanal', ref)).toMatchObject({ fecha_inicio: '2026-11-16', fecha_fin: '2026-11-22' });
    }
    expect(reportPeriod('semanal', '2026-01-05')).toMatchObject({
      fecha_inicio: '2025-12-29',
      fecha_fin: '2026-01-04',
      descripcion: '29-12-2025 al 04-01-2026',
    });
  });

  it('monthly is the previous calendar month, February and year boundaries included', () => {
    expect(reportPeriod('mensual', '2026-01-15')).toMatchObject({ fecha_inicio: '2025-12-01', fecha_fin: '2025-12-31' });
    expect(reportPeriod('mensual', '2024-03-01')).toMatchObject({ fecha_inicio: '2024-02-01', fecha_fin: '2024-02-29' });
    expect(reportPeriod('mensual', '2026-03-31')).toMatchObject({ fecha_inicio: '2026-02-01', fecha_fin: '2026-02-28' });
  });

  it('the April change (24:00 → 23:00) gives a 25-hour day', () => {
    // Chile leaves summer time at the end of Saturday 4 April 2026.
    const p = reportPeriod('diario', '2026-04-05');
    expect(p.fecha_inicio).toBe('2026-04-04');
    expect(p.desde.toISOString()).toBe('2026-04-04T03:00:00.000Z');
    expect(p.hasta.toISOString()).toBe('2026-04-05T04:00:00.000Z');
    expect(p.hasta.getTime() - p.desde.getTime()).toBe(25 * 3_600_000);
  });

  it('the September change (00:00 → 01:00) gives a 23-hour day that starts at 01:00', () => {
    // Chile enters summer time at the start of Sunday 6 September 2026: midnight does not exist.
    const sunday = reportPeriod('diario', '2026-09-07');
    expect(sunday.fecha_inicio).toBe('2026-09-06');
    expect(sunday.desde.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(sunday.hasta.toISOString()).toBe('2026-09-07T03:00:00.000Z');
    expect(sunday.hasta.getTime() - sunday.desde.getTime()).toBe(23 * 3_600_000);
    const week = reportPeriod('semanal', '2026-09-07');
    expect([week.fecha_inicio, week.fecha_fin]).toEqual(['2026-08-31', '2026-09-06']);
    expect(week.hasta.getTime() - week.desde.getTime()).toBe((7 * 24 - 1) * 3_600_000);
    const april = reportPeriod('mensual', '2026-05-01');
    expect(april.hasta.getTime() - april.desde.getTime()).toBe((30 * 24 + 1) * 3_600_000);
  });

  it('today is the Santiago calendar date, not the UTC one', () => {
    expect(santiagoToday(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23');
    expect(santiagoToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(santiagoToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});
