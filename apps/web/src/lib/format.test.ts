import { describe, expect, it } from 'vitest';
import { diasAntes, fechaGuion, pesos } from './format';

describe('collection formats', () => {
  it('shows pesos with dots for thousands and a space after the sign', () => {
    expect(pesos(1234567)).toBe('$ 1.234.567');
    expect(pesos(0)).toBe('$ 0');
    expect(pesos(-5000)).toBe('-$ 5.000');
    expect(pesos(null)).toBe('—');
  });

  it('shows dates as DD-MM-YYYY', () => {
    expect(fechaGuion('2026-03-09')).toBe('09-03-2026');
    expect(fechaGuion('2026-03-09T10:00:00-03:00')).toBe('09-03-2026');
    expect(fechaGuion(null)).toBe('—');
  });

  it('counts calendar days back across months and years', () => {
    expect(diasAntes('2026-03-01', 1)).toBe('2026-02-28');
    expect(diasAntes('2026-01-15', 30)).toBe('2025-12-16');
  });
});
