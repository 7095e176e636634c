import { formatCLP, formatThousands } from '../format/money';
import type { Indicadores } from './schemas';

/** One decimal with Chilean separators: 1234.56 → '1.234,6', -0.15 → '-0,2'. */
export function formatOneDecimal(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // Rounded through the decimal text so 0.15 gives 0,2 and not the binary 0,1.
  const tenths = Math.round(Number(`${Math.abs(value)}e1`));
  const sign = value < 0 && tenths !== 0 ? '-' : '';
  return `${sign}${formatThousands(Math.floor(tenths / 10))},${tenths % 10}`;
}

/** UF in pesos without decimals, IPC as a percent with one decimal, dollar with one decimal (spec 01 §9). */
export function formatIndicadores(indicadores: Indicadores): Record<keyof Indicadores, string> {
  return {
    uf: formatCLP(indicadores.uf.valor),
    ipc: `${formatOneDecimal(indicadores.ipc.valor)}%`,
    dolar: `$${formatOneDecimal(indicadores.dolar.valor)}`,
  };
}
