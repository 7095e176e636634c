/**
 * Text helpers for reading court documents: accent folding, OCR clean-up, Spanish dates (in figures
 * and in words) and ordinal numbers. Pure functions.
 */
import { foldText } from '@receptoria/contracts';

export { foldText };

/** Upper-case letters of names as they appear in Chilean documents. */
export const MAYUS = 'A-ZÁÉÍÓÚÑÜ';
export const LETRA = 'A-Za-zÁÉÍÓÚÑÜáéíóúñü';

/**
 * A page's text as one line: dashes unified, 'N°' spellings unified (OCR reads the degree sign as
 * ?, *, º, o or '), spaces collapsed and paragraph breaks kept as ' ¶ '.
 */
export function aplanar(texto: string, ocr: boolean): string {
  let t = ocr ? limpiarLineasOcr(texto) : texto;
  t = t.replace(/\r/g, '').replace(/[\u2010-\u2015\u2212]/g, '-').replace(/[\u00a0\u2007\u202f]/g, ' ');
  t = t.replace(/[“”„«»]/g, '"').replace(/[‘’]/g, "'");
  // Words cut at the end of a line: 'deman-\nda' → 'demanda' (only between lower-case letters).
  t = t.replace(/([a-záéíóúñ])-\n\s*([a-záéíóúñ])/g, '$1$2');
  t = t.replace(/\n[ \t]*\n(?:[ \t]*\n)*/g, ' ¶ ');
  t = t.replace(/[ \t\n]+/g, ' ');
  t = t.replace(/\b(N|n)\s*(?:°|º|\?|\*|'|"|o\.|ro\.?|o(?=\s*\d)|\.)\s*(?=\d|[A-Z]-)/g, 'N° ');
  t = t.replace(/\b(N|n)(?:úmero|umero)\s+(?=\d)/g, 'N° ');
  t = t.replace(/(\d)\s*(?:º|\?|\*|o|>|'|"|\^)(?=\s*\)|\s+(?:Juzgado|JUZGADO|juzgado))/g, '$1°');
  // OCR reads the degree sign of '14° Juzgado' as a digit: no court has a three-digit number.
  if (ocr) t = t.replace(/\b(\d{1,2})[0-9](?=\s*\)?\s+(?:Juzgado|JUZGADO|juzgado)|\s*\)\s+(?:de|DE)\b)/g, (all, n: string) => (all.length === 3 ? `${n}°` : all));
  t = t.replace(/(\d)º/g, '$1°');
  if (ocr) {
    // '$7.008:000' and '$ 1,850.000': a peso amount's thousands are separated by dots.
    t = t.replace(/\$\s?\d{1,3}(?:[.,:;]\s?\d{3})+/g, (monto) => monto.replace(/[,:;]\s?/g, '.').replace(/\.\s/g, '.'));
    // Two words glued by a stray mark: 'CIVIL'DE SANTIAGO' (one-letter prefixes such as O'Higgins stay).
    t = t.replace(/(\p{L}{2,})['`´](\p{L}{2,})/gu, '$1 $2');
    // 'yen contra de' (y en): the space lost between two short words.
    t = t.replace(/\byen(?=\s+contra\b)/g, 'y en');
  }
  if (ocr) t = corregirDigitosOcr(t).replace(/(^|\s)[€%|~^_<>=•·©®™¢£¥§]+(?=\s|$)/g, '$1').replace(/\s{2,}/g, ' ');
  return t.trim();
}

/**
 * Specks of a scan read as marks at a line's ends ('… digo: . o', '- en Bandera 140'): punctuation-only
 * tokens and a lone 'o' there are dropped.
 */
export function limpiarLineasOcr(texto: string): string {
  const basura = /^(?:[^\p{L}\p{N}$(]{1,3}|o|oo)$/u;
  return texto
    .split('\n')
    .map((linea) => {
      const tokens = linea.trim().split(/\s+/);
      while (tokens.length > 1 && basura.test(tokens[0] as string)) tokens.shift();
      while (tokens.length > 1 && basura.test(tokens.at(-1) as string)) tokens.pop();
      return tokens.length === 1 && basura.test(tokens[0] as string) ? '' : tokens.join(' ');
    })
    .join('\n');
}

/** In tokens that are clearly numbers, OCR's O/o → 0 and l/I/| → 1 ('1.850.0O0' → '1.850.000'). */
export function corregirDigitosOcr(texto: string): string {
  return texto.replace(/(?<![A-Za-zÁÉÍÓÚÑáéíóúñ])[\dOoIl|][\dOoIl|.,]*[\dOoIl|](?![A-Za-zÁÉÍÓÚÑáéíóúñ])/g, (token) => {
    const digits = (token.match(/\d/g) ?? []).length;
    const letters = (token.match(/[OoIl|]/g) ?? []).length;
    if (digits < 2 || letters > digits / 2) return token;
    return token.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
  });
}

export const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const UNIDADES: Record<string, number> = {
  uno: 1, un: 1, primero: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
  once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19,
  veinte: 20, veintiuno: 21, veintiun: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25, veintiseis: 26,
  veintisiete: 27, veintiocho: 28, veintinueve: 29, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70,
  ochenta: 80, noventa: 90,
};

/** 'doce' → 12, 'treinta y uno' → 31, 'veinticinco' → 25; null when not a number in words below 100. */
export function numeroEnPalabras(texto: string): number | null {
  const palabras = foldText(texto).split(/\s+/).filter((w) => w !== 'y');
  if (palabras.length === 0 || palabras.length > 2) return null;
  let total = 0;
  for (const palabra of palabras) {
    const valor = UNIDADES[palabra];
    if (valor === undefined) return null;
    total += valor;
  }
  return total;
}

/** 'dos mil veinticinco' → 2025; 'dos mil' → 2000. */
export function anioEnPalabras(texto: string): number | null {
  const t = foldText(texto).trim();
  const match = /^dos mil(?:\s+(.+))?$/.exec(t);
  if (!match) return null;
  if (!match[1]) return 2000;
  const resto = numeroEnPalabras(match[1]);
  return resto === null ? null : 2000 + resto;
}

function isoSiValida(anio: number, mes: number, dia: number): string | null {
  if (anio < 1990 || anio > 2100 || mes < 1 || mes > 12 || dia < 1 || dia > 31) return null;
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  if (fecha.getUTCMonth() !== mes - 1) return null;
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

const PALABRA_NUM = '(?:[a-záéíóú]+(?:\\s+y\\s+[a-záéíóú]+)?)';
const MES = `(${MESES.join('|')})`;
/** Date expressions: 03/03/2025, 3 de marzo de 2025, doce de marzo de dos mil veinticinco. */
export const FECHA_RE = new RegExp(
  [
    '(\\d{1,2})\\s*[/.-]\\s*(\\d{1,2})\\s*[/.-]\\s*(\\d{4})',
    `(\\d{1,2}|${PALABRA_NUM})\\s+de\\s+${MES}\\s+(?:de|del)\\s+(\\d{4}|dos\\s+mil(?:\\s+[a-záéíóú]+(?:\\s+y\\s+[a-záéíóú]+)?)?)`,
  ].join('|'),
  'giu',
);

/** The ISO date of one FECHA_RE match, or null when it is not a real date. */
export function fechaDeCoincidencia(match: RegExpExecArray): string | null {
  if (match[1] !== undefined) return isoSiValida(Number(match[3]), Number(match[2]), Number(match[1]));
  const diaTexto = match[4] as string;
  const dia = /^\d+$/.test(diaTexto) ? Number(diaTexto) : numeroEnPalabras(diaTexto);
  const mes = MESES.indexOf(foldText(match[5] as string)) + 1;
  const anioTexto = match[6] as string;
  const anio = /^\d+$/.test(anioTexto) ? Number(anioTexto) : anioEnPalabras(anioTexto.replace(/\s+/g, ' '));
  if (dia === null || anio === null || mes < 1) return null;
  return isoSiValida(anio, mes, dia);
}

const ORDINALES: [string, number][] = [
  ['primer', 1], ['primero', 1], ['segundo', 2], ['tercer', 3], ['tercero', 3], ['cuarto', 4], ['quinto', 5],
  ['sexto', 6], ['septimo', 7], ['setimo', 7], ['octavo', 8], ['noveno', 9], ['decimo', 10], ['undecimo', 11],
  ['duodecimo', 12], ['vigesimo', 20], ['trigesimo', 30],
];
const ORDINAL_VALOR = new Map(ORDINALES);

/**
 * Folded text with ordinals as figures: 'decimo quinto juzgado' → '15 juzgado', 'primer juzgado' →
 * '1 juzgado', '1° juzgado' / '1er juzgado' / '(1°)' → '1 juzgado' / '(1)'.
 */
export function ordinalesANumeros(folded: string): string {
  let t = folded.replace(/(\d{1,2})\s*(?:°|º|o|er|ero|do|ro|to|vo|no|mo)\b\.?/g, '$1').replace(/(\d{1,2})\s*°/g, '$1');
  const palabras = ORDINALES.map(([p]) => p).join('|');
  t = t.replace(new RegExp(`\\b(${palabras})(?:\\s*-?\\s*(${palabras}))?\\b`, 'g'), (_all, a: string, b?: string) => {
    const primero = ORDINAL_VALOR.get(a) ?? 0;
    const segundo = b ? (ORDINAL_VALOR.get(b) ?? 0) : 0;
    if (b && primero >= 10 && segundo < 10) return String(primero + segundo);
    if (b) return `${primero} ${segundo}`;
    return String(primero);
  });
  return t;
}

/** A window of the page's text around [inicio, fin), at most `max` characters, cut at word boundaries. */
export function extracto(texto: string, inicio: number, fin: number, max = 200): string {
  const limpio = (s: string) => s.replace(/\s*¶\s*/g, ' ').replace(/\s+/g, ' ');
  const largo = fin - inicio;
  if (largo >= max) return limpio(texto.slice(inicio, inicio + max)).slice(0, max).trim();
  const margen = Math.floor((max - largo) / 2);
  let a = Math.max(0, inicio - margen);
  let b = Math.min(texto.length, fin + margen);
  if (a > 0) {
    const espacio = texto.indexOf(' ', a);
    if (espacio !== -1 && espacio < inicio) a = espacio + 1;
  }
  if (b < texto.length) {
    const espacio = texto.lastIndexOf(' ', b);
    if (espacio > fin) b = espacio;
  }
  return limpio(texto.slice(a, b)).slice(0, max).trim();
}
