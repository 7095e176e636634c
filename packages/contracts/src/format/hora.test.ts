import { describe, expect, it } from 'vitest';
import { formatDateTime, formatHora } from './dates';

describe('formatHora', () => {
  it('writes afternoon hours on the 24-hour clock, never with a.m./p.m.', () => {
    expect(formatHora('2025-11-20T22:25:00Z')).toBe('19:25');
    expect(formatHora(new Date('2025-11-20T10:05:00Z'))).toBe('07:05');
    expect(formatHora(Date.parse('2025-11-20T22:25:00Z'))).toBe('19:25');
    expect(formatHora('2025-11-20T22:25:00Z')).not.toMatch(/[ap]\.\s?m\./i);
  });
  it('reads Santiago wall time and follows daylight saving time', () => {
    expect(formatHora('2025-03-10 19:24:54')).toBe('19:24');
    expect(formatHora('2025-07-01T23:30:00Z')).toBe('19:30');
  });
  it('gives the fallback for empty or unreadable values', () => {
    expect(formatHora(null)).toBe('—');
    expect(formatHora('', 'sin hora')).toBe('sin hora');
    expect(formatHora('mañana')).toBe('—');
  });
  it('agrees with formatDateTime on the hour it prints', () => {
    const value = '2025-12-31T23:59:00-03:00';
    expect(formatDateTime(value).endsWith(formatHora(value))).toBe(true);
  });
});
