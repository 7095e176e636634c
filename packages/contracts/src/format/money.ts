/** Chilean thousands separator: 1234567 → '1.234.567' (CLP has no decimals). */
export function formatThousands(value: number): string {
  const rounded = Math.round(Math.abs(value));
  const text = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return value < 0 && rounded !== 0 ? `-${text}` : text;
}

/**
 * CLP amount for display: '$1.234.567'. Empty values give the fallback ('No especificada' by default);
 * text that is not a number is shown as it came.
 */
export function formatCLP(
  value: number | string | null | undefined,
  fallback = 'No especificada',
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const amount = typeof value === 'number' ? value : parseCLP(value);
  if (amount === null || !Number.isFinite(amount)) return String(value);
  return `$${formatThousands(amount)}`;
}

/**
 * Reads an amount typed with Chilean separators ('$ 1.500.000', '1500000', '1.500.000,00').
 * Returns null when the text holds no number.
 */
export function parseCLP(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : null;
  const text = value.trim().replace(/^\$\s*/, '').replace(/\s/g, '');
  if (text === '') return null;
  // Dots group thousands; a comma separates decimals, which CLP does not use.
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(text) && !/^-?\d+(,\d+)?$/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) {
    return null;
  }
  if (/^-?\d+\.\d{1,2}$/.test(text)) return Math.round(Number(text));
  const normalized = text.replace(/\./g, '').replace(',', '.');
  const amount = Number(normalized);
  return Number.isFinite(amount) ? Math.round(amount) : null;
}
