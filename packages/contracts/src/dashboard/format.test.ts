import { describe, expect, it } from 'vitest';
import { formatIndicadores, formatOneDecimal } from './format';
import { indicadoresPorDefecto } from './schemas';

describe('formatOneDecimal', () => {
  it('uses a comma for decimals and dots for thousands', () => {
    expect(formatOneDecimal(950)).toBe('950,0');
    expect(formatOneDecimal(1234.56)).toBe('1.234,6');
    expect(formatOneDecimal(1234567.04)).toBe('1.234.567,0');
  });

  it('rounds half up on the decimal value, not its binary approximation', () => {
    expect(formatOneDecimal(0.15)).toBe('0,2');
    expect(formatOneDecimal(943.25)).toBe('943,3');
    expect(formatOneDecimal(0.04)).toBe('0,0');
  });

  it('keeps the sign of negative values and drops it when they round to zero', () => {
    expect(formatOneDecimal(-0.15)).toBe('-0,2');
    expect(formatOneDecimal(-0.04)).toBe('0,0');
  });
});

describe('formatIndicadores', () => {
  it('shows UF in pesos without decimals, IPC as a percent and the dollar with one decimal', () => {
    expect(
      formatIndicadores({
        uf: { valor: 39215.62, fecha: '2025-11-21' },
        ipc: { valor: 0.3, fecha: '2025-10-01' },
        dolar: { valor: 943.58, fecha: '2025-11-21' },
      }),
    ).toEqual({ uf: '$39.216', ipc: '0,3%', dolar: '$943,6' });
  });

  it('formats the fixed defaults as the dashboard shows them', () => {
    expect(formatIndicadores(indicadoresPorDefecto())).toEqual({ uf: '$39.200', ipc: '0,3%', dolar: '$950,0' });
  });

  it('shows a negative IPC', () => {
    expect(formatIndicadores({ ...indicadoresPorDefecto(), ipc: { valor: -0.2, fecha: null } }).ipc).toBe('-0,2%');
  });
});
