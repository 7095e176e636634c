/** Numbers and dates in Spanish words, as a certificate writes the date ('diez de marzo de dos mil veinticinco'). */

const UNIDADES = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete',
  'veintiocho', 'veintinueve',
];
const DECENAS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const CENTENAS = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos',
  'ochocientos', 'novecientos',
];
export const MESES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre',
  'diciembre',
];

function menorDeMil(n: number): string {
  if (n < 30) return UNIDADES[n] as string;
  if (n < 100) {
    const unidad = n % 10;
    return unidad === 0 ? (DECENAS[Math.floor(n / 10)] as string) : `${DECENAS[Math.floor(n / 10)]} y ${UNIDADES[unidad]}`;
  }
  if (n === 100) return 'cien';
  const resto = n % 100;
  const centena = CENTENAS[Math.floor(n / 100)] as string;
  return resto === 0 ? centena : `${centena} ${menorDeMil(resto)}`;
}

/** 0 … 999 999 in words ('dos mil veinticinco'). */
export function numeroEnPalabras(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return String(n);
  if (n < 1000) return menorDeMil(n);
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  const prefijo = miles === 1 ? 'mil' : `${menorDeMil(miles).replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un')} mil`;
  return resto === 0 ? prefijo : `${prefijo} ${menorDeMil(resto)}`;
}

/** 2025-03-10 → 'diez de marzo de dos mil veinticinco' (the first of the month reads 'primero'). */
export function fechaEnPalabras(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const dia = day === 1 ? 'primero' : numeroEnPalabras(day);
  return `${dia} de ${MESES[month - 1]} de ${numeroEnPalabras(year)}`;
}
