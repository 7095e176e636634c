import { describe, expect, it } from 'vitest';
import { formatIndicators } from './indicators-widget';

describe('formatIndicators', () => {
  it('shows UF in pesos without decimals, IPC as a percent and the dollar with one decimal', () => {
    const items = formatIndicators({
      uf: { valor: 39215.62, fecha: '2025-11-21' },
      ipc: { valor: 0.3, fecha: '2025-10-01' },
      dolar: { valor: 950, fecha: '2025-11-21' },
    });
    expect(items.map((item) => [item.label, item.value])).toEqual([
      ['UF', '$39.216'],
      ['IPC', '0,3%'],
      ['Dólar', '$950,0'],
    ]);
  });

  it('uses Chilean separators for large dollar values', () => {
    const [, , dolar] = formatIndicators({
      uf: { valor: 1 },
      ipc: { valor: -0.15 },
      dolar: { valor: 1234.56 },
    });
    expect(dolar?.value).toBe('$1.234,6');
  });
});
