/**
 * Reading an amount of Chilean pesos as a Chilean user types it: dots group thousands, a comma
 * starts decimals, and CLP has no decimals ('1.500.000' → 1500000; '1.500.000,50' is refused).
 */

export const moneyMessages = {
  formato: 'Monto no reconocido: use puntos para los miles y sin decimales (ej: 1.500.000)',
  decimales: (typed: string) =>
    `Los pesos chilenos no tienen decimales: "${typed}" lleva centavos. Escriba el monto entero (ej: 1.500.000)`,
  negativo: 'El monto no puede ser negativo',
  noEntero: (value: number) => `El monto debe ser un número entero de pesos, sin decimales (se recibió ${value})`,
  entendido: (formatted: string) => `Se registrará: ${formatted}`,
} as const;

export type MoneyReading = { ok: true; value: number } | { ok: false; message: string };

const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
const PLAIN = /^\d+$/;

/**
 * Reads a CLP amount typed es-CL style. Accepts '1500000', '1.500.000', '$ 1.500.000' and zero
 * decimals ('1.500.000,00'); refuses real decimals, a dot not grouping thousands ('1500000.50')
 * and negative amounts, each with its own message. Blank text gives null.
 */
export function readMontoCLP(typed: string): MoneyReading | null {
  const text = typed.trim().replace(/^\$/, '').replace(/\s/g, '');
  if (text === '') return null;
  if (text.startsWith('-')) return { ok: false, message: moneyMessages.negativo };
  const [whole = '', decimals, ...rest] = text.split(',');
  if (rest.length > 0 || !(PLAIN.test(whole) || GROUPED.test(whole))) {
    return { ok: false, message: moneyMessages.formato };
  }
  if (decimals !== undefined) {
    if (!PLAIN.test(decimals)) return { ok: false, message: moneyMessages.formato };
    if (/[1-9]/.test(decimals)) return { ok: false, message: moneyMessages.decimales(typed.trim()) };
  }
  const value = Number(whole.replace(/\./g, ''));
  if (!Number.isSafeInteger(value)) return { ok: false, message: moneyMessages.formato };
  return { ok: true, value };
}
