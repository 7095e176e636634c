/**
 * Reading Nuevo Encargo's fields out of the text of a demanda and a resolución (issue 41 §1, §3).
 * Pure functions: pages in, `{propuesta, campos, advertencias}` out. Each rule yields candidates with
 * their page and offset; `leerDocumentos` chooses among them and gives each value a confianza:
 * - text layer: 0.95 for a labelled or repeated value, lower for heuristic ones;
 * - OCR: below 0.9 unless a second check confirms it — a RUT's check digit, the same value read on
 *   two pages (or in both documents), or a mention in a page with a text layer.
 * Nothing is invented: a RUT that fails modulo 11 is never proposed, a court is proposed only when it
 * names exactly one entry of the receiver's list, a comuna only from the official 346.
 */
import {
  type CampoLectura,
  type CampoLeido,
  comunaOficial,
  computeRutDv,
  type DomicilioLeido,
  type FuenteLectura,
  LECTURA_CONFIANZA_ALTA,
  LECTURA_EXTRACTO_MAX,
  type LecturaDocumento,
  lecturaMessages,
  type PropuestaLectura,
  ufAPesos,
} from '@receptoria/contracts';
import { aplanar, extracto, FECHA_RE, fechaDeCoincidencia, foldText, LETRA, MAYUS, ordinalesANumeros } from './texto';

export interface PaginaLeida {
  documento: LecturaDocumento;
  /** From 1. */
  pagina: number;
  texto: string;
  /** True when the text comes from OCR. */
  ocr: boolean;
}

export interface ItemLista {
  id: number;
  nombre: string;
}

export interface Catalogos {
  tribunales: readonly ItemLista[];
  tiposCausa: readonly ItemLista[];
  /** The chosen firm's parties; absent when no firm was given. */
  partes?: readonly ItemLista[];
  /** The stored UF value of a date (YYYY-MM-DD), or null when none is stored. */
  valorUf?: (fecha: string) => number | null;
}

export interface ResultadoLectura {
  propuesta: PropuestaLectura;
  campos: Partial<Record<CampoLectura, CampoLeido>>;
  advertencias: string[];
}

interface Pagina extends PaginaLeida {
  plano: string;
}

interface Candidato<T> {
  valor: T;
  /** Comparison key (same key = same value). */
  clave: string;
  confianza: number;
  pagina: Pagina;
  inicio: number;
  fin: number;
}

/** Confianza of an OCR value that no second check confirmed. */
const TOPE_OCR = 0.85;

function candidato<T>(pagina: Pagina, valor: T, clave: string, confianza: number, inicio: number, fin: number): Candidato<T> {
  return { valor, clave, confianza, pagina, inicio, fin };
}

function fuente(c: Candidato<unknown>, confianza: number): FuenteLectura {
  return {
    confianza: Math.round(confianza * 100) / 100,
    documento: c.pagina.documento,
    pagina: c.pagina.pagina,
    extracto: extracto(c.pagina.plano, c.inicio, c.fin, LECTURA_EXTRACTO_MAX),
    ocr: c.pagina.ocr,
  };
}

/**
 * The value chosen among candidates (the first by the order given, which is the rule's priority), its
 * confianza after the OCR rule: a value read only by OCR stays below 0.9 unless it was read on two
 * pages, or also on a text page, or `confirmado` says a check holds (a RUT's check digit).
 */
function elegir<T>(candidatos: Candidato<T>[], opciones: { confirmado?: boolean } = {}): { c: Candidato<T>; confianza: number } | null {
  const primero = candidatos[0];
  if (!primero) return null;
  const mismos = candidatos.filter((c) => c.clave === primero.clave);
  const distintos = candidatos.some((c) => c.clave !== primero.clave);
  const texto = mismos.find((c) => !c.pagina.ocr);
  const elegido = texto ?? primero;
  let confianza = elegido.confianza;
  const paginas = new Set(mismos.map((c) => `${c.pagina.documento}:${c.pagina.pagina}`));
  if (distintos) confianza = Math.min(confianza, 0.8);
  else if (paginas.size >= 2) confianza = Math.min(0.98, confianza + 0.03);
  if (!texto) {
    const confirmado = opciones.confirmado === true || (paginas.size >= 2 && !distintos);
    if (!confirmado) confianza = Math.min(confianza, TOPE_OCR);
  }
  return { c: elegido, confianza };
}

// ---------------------------------------------------------------------------------------------
// RUTs

const RUT_RE = /(?<![\d.])(\d{1,2}\.\d{3}\.\d{3}|\d{7,8})\s?-\s?([\dkK])(?![\dA-Za-z])/g;

interface RutEncontrado {
  rut: string;
  valido: boolean;
  inicio: number;
  fin: number;
}

export function rutsEn(texto: string, desde = 0, hasta = texto.length): RutEncontrado[] {
  const encontrados: RutEncontrado[] = [];
  const trozo = texto.slice(0, hasta);
  RUT_RE.lastIndex = desde;
  for (let m = RUT_RE.exec(trozo); m; m = RUT_RE.exec(trozo)) {
    const cuerpo = (m[1] as string).replace(/\./g, '');
    const dv = (m[2] as string).toUpperCase();
    encontrados.push({ rut: `${cuerpo}-${dv}`, valido: computeRutDv(cuerpo) === dv, inicio: m.index, fin: m.index + m[0].length });
  }
  return encontrados;
}

// ---------------------------------------------------------------------------------------------
// Rol

const LETRAS_CIVILES = 'CVEAPF';
/** Labour courts (O ordinario, T tutela, M monitorio, I/S/J cobranza) and family courts (X, Z, R). */
const LETRAS_ESPECIALES = 'OTMISJXZR';

function leerRoles(p: Pagina, especiales: boolean): Candidato<string>[] {
  const letras = especiales ? LETRAS_CIVILES + LETRAS_ESPECIALES : LETRAS_CIVILES;
  const out: Candidato<string>[] = [];
  const numero = '(\\d{1,3}(?:\\.\\d{3})+|\\d{1,6})';
  const conEtiqueta = new RegExp(`\\b(?:causa\\s+)?(?:rol|rit|r\\.i\\.t\\.)\\s*(?:N°\\s*)?:?\\s*([${letras}])\\s?-\\s?${numero}\\s?-\\s?(\\d{4})\\b`, 'gi');
  const suelto = new RegExp(`(?<![\\w-])([${letras}])-${numero}-(\\d{4})(?![\\w-])`, 'g');
  const vistos = new Set<number>();
  for (const m of p.plano.matchAll(conEtiqueta)) {
    const valor = `${(m[1] as string).toUpperCase()}-${(m[2] as string).replace(/\./g, '')}-${m[3]}`;
    if (!/^[A-Z]-\d+-(19|20)\d\d$/.test(valor)) continue;
    out.push(candidato(p, valor, valor, 0.95, m.index, m.index + m[0].length));
    vistos.add(m.index + m[0].length);
  }
  for (const m of p.plano.matchAll(suelto)) {
    if (vistos.has(m.index + m[0].length)) continue;
    const valor = `${m[1]}-${(m[2] as string).replace(/\./g, '')}-${m[3]}`;
    out.push(candidato(p, valor, valor, 0.85, m.index, m.index + m[0].length));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Court

type ClaseTribunal = 'civil' | 'letras' | 'trabajo' | 'familia' | 'cobranza' | 'garantia' | 'policia';

interface ClaveTribunal {
  numero: number | null;
  clase: ClaseTribunal;
  ciudad: string;
}

function claseDe(texto: string): ClaseTribunal | null {
  if (/cobranza laboral/.test(texto)) return 'cobranza';
  if (/trabajo|laboral/.test(texto)) return 'trabajo';
  if (/familia/.test(texto)) return 'familia';
  if (/garantia/.test(texto)) return 'garantia';
  if (/policia local/.test(texto)) return 'policia';
  if (/civil/.test(texto)) return 'civil';
  if (/letras/.test(texto)) return 'letras';
  return null;
}

/** '1° Juzgado Civil de Santiago' → {1, civil, 'santiago'}; list entries and mentions alike. */
export function claveTribunal(nombre: string): ClaveTribunal | null {
  const t = ordinalesANumeros(foldText(nombre)).replace(/[^a-z0-9() ]+/g, ' ').replace(/\s+/g, ' ').trim();
  // The class named whole first ('de Letras del Trabajo de Santiago' is labour, in Santiago), else up to the first 'de'.
  const m =
    /^(?:(\d{1,2})\s+)?juzgado\s+(de letras del trabajo|del trabajo|de cobranza laboral y previsional|de familia|de garantia|de policia local)\s+del?\s+([a-z ]+)$/.exec(t) ??
    /^(?:(\d{1,2})\s+)?juzgado\s+(.+?)\s+del?\s+([a-z ]+)$/.exec(t);
  if (!m) return null;
  const clase = claseDe(m[2] as string);
  if (!clase) return null;
  return { numero: m[1] ? Number(m[1]) : null, clase, ciudad: (m[3] as string).trim() };
}

interface MencionTribunal {
  numero: number | null;
  clase: ClaseTribunal;
  /** The folded words that follow 'de', where the city must start. */
  resto: string;
  inicio: number;
  fin: number;
}

/** Court mentions in a page: 'N Juzgado … de City', 'Juzgado … de City', 'S.J.L. en lo Civil (N) de City'. */
function mencionesTribunal(plano: string): MencionTribunal[] {
  // Folding keeps the length (one character per character for the Spanish letters), so offsets match.
  const folded = plano.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  if (folded.length !== plano.length) return [];
  const out: MencionTribunal[] = [];
  const ordinal =
    '(\\d{1,2}\\s*(?:°|º|o|er|ero|do|ro|to|vo|no|mo)?\\.?|(?:primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto|septimo|octavo|noveno|decimo|undecimo|duodecimo|vigesimo|trigesimo)(?:\\s*-?\\s*(?:primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto|septimo|octavo|noveno))?)';
  const clase = '(civil|de letras del trabajo|del trabajo|de letras|de familia|de cobranza laboral y previsional|de garantia)';
  const juzgado = new RegExp(`(?:${ordinal}\\s+)?juzgado\\s+${clase}(?:\\s+de\\s+letras)?\\s+del?\\s+([a-z ]{3,40})`, 'g');
  for (const m of folded.matchAll(juzgado)) {
    const numero = m[1] ? Number(ordinalesANumeros(m[1]).replace(/\D/g, '')) || null : null;
    const c = claseDe(m[2] as string);
    if (c) out.push({ numero, clase: c, resto: m[3] as string, inicio: m.index, fin: m.index + m[0].length });
  }
  const sjl = new RegExp(`s\\s*\\.?\\s*j\\s*\\.?\\s*l\\s*\\.?\\s*(?:en lo|de)\\s+(civil|letras|familia|laboral|del trabajo)\\s*(?:\\(\\s*${ordinal}\\s*\\)\\s*)?del?\\s+([a-z ]{3,40}?)(?:\\s*\\(\\s*${ordinal}\\s*\\))?(?=[^a-z ]|$)`, 'g');
  for (const m of folded.matchAll(sjl)) {
    const n = m[2] ?? m[4];
    const numero = n ? Number(ordinalesANumeros(n).replace(/\D/g, '')) || null : null;
    const c = claseDe(m[1] as string);
    if (c) out.push({ numero, clase: c, resto: m[3] as string, inicio: m.index, fin: m.index + m[0].length });
  }
  return out;
}

function tribunalDeMencion(m: MencionTribunal, lista: readonly { item: ItemLista; clave: ClaveTribunal }[]): ItemLista | null {
  const resto = `${m.resto.trim()} `;
  const compatibles = lista.filter(({ clave }) => {
    if (!resto.startsWith(`${clave.ciudad} `)) return false;
    if (clave.numero !== m.numero) return false;
    if (clave.clase === m.clase) return true;
    // A 'juzgado de letras' of a city without civil courts hears civil cases: 'S.J.L. en lo Civil de Colina'.
    return (clave.clase === 'letras' && m.clase === 'civil') || (clave.clase === 'trabajo' && m.clase === 'letras');
  });
  // The longest city wins ('San Miguel' over a shorter one), then exactly one entry is needed.
  const largo = Math.max(0, ...compatibles.map((c) => c.clave.ciudad.length));
  const mejores = compatibles.filter((c) => c.clave.ciudad.length === largo);
  const exactos = mejores.filter((c) => c.clave.clase === m.clase);
  const elegidos = exactos.length > 0 ? exactos : mejores;
  return elegidos.length === 1 ? (elegidos[0] as { item: ItemLista }).item : null;
}

// ---------------------------------------------------------------------------------------------
// Dates: a place and a date ('Santiago, doce de marzo de dos mil veinticinco.', 'En Colina, a 3 de marzo de 2025')

function fechasConLugar(p: Pagina): Candidato<string>[] {
  const out: Candidato<string>[] = [];
  FECHA_RE.lastIndex = 0;
  for (let m = FECHA_RE.exec(p.plano); m; m = FECHA_RE.exec(p.plano)) {
    const iso = fechaDeCoincidencia(m);
    if (!iso) continue;
    const antes = p.plano.slice(Math.max(0, m.index - 60), m.index);
    const lugar = new RegExp(`(?:^|[.:¶]\\s*|\\s)(?:En\\s+)?([${MAYUS}][${LETRA}]+(?:\\s+(?:de\\s+|del\\s+)?[${MAYUS}][${LETRA}]+){0,3})\\s*,\\s*(?:a\\s+)?(?:el\\s+d[ií]a\\s+)?(?:\\d{1,2}\\s+de\\s+\\S+\\s+de\\s+)?$`, 'u').exec(antes);
    if (!lugar || !comunaOficial(lugar[1] as string)) continue;
    out.push(candidato(p, iso, iso, 0.95, m.index - (antes.length - lugar.index), m.index + m[0].length));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Amount

interface Monto {
  pesos?: number;
  uf?: number;
}

const MONTO_RE =
  /(?:suma|cantidad|monto|total|capital)\s+(?:total\s+|adeudad[ao]\s+|l[ií]quid[ao]\s+)?(?:de|ascendente\s+a|equivalente\s+a)\s+(?:\$\s?((?:\d{1,3}(?:\.\d{3})+|\d{1,12}))(?:\s?\.-|,-|\.?-)?|(?:UF|U\.F\.)\s?(\d{1,3}(?:\.\d{3})*(?:,\d{1,4})?)|(\d{1,3}(?:\.\d{3})*(?:,\d{1,4})?)\s?(?:Unidades\s+de\s+Fomento|UF\b|U\.F\.))/gi;

function leerMontos(p: Pagina): Candidato<Monto>[] {
  const out: Candidato<Monto>[] = [];
  for (const m of p.plano.matchAll(MONTO_RE)) {
    if (m[1]) {
      const pesos = Number((m[1] as string).replace(/\./g, ''));
      if (Number.isSafeInteger(pesos) && pesos > 0) out.push(candidato(p, { pesos }, `$${pesos}`, 0.92, m.index, m.index + m[0].length));
    } else {
      const texto = (m[2] ?? m[3]) as string;
      const uf = Number(texto.replace(/\./g, '').replace(',', '.'));
      if (Number.isFinite(uf) && uf > 0) out.push(candidato(p, { uf }, `UF${uf}`, 0.92, m.index, m.index + m[0].length));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Operation number

function leerOperacion(p: Pagina): Candidato<string>[] {
  const out: Candidato<string>[] = [];
  const re = /\b(?:pagar[ée]|operaci[óo]n|cr[ée]dito)\s+(?:N°|n°|Nro\.?|número|numero)\s*:?\s*(\d(?:[\d.]*\d)?)(?![\d])/gi;
  for (const m of p.plano.matchAll(re)) {
    const valor = (m[1] as string).replace(/\./g, '');
    if (valor.length > 30) continue;
    out.push(candidato(p, valor, valor, 0.93, m.index, m.index + m[0].length));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Caratulado

function normalizarCaratulado(izquierda: string, derecha: string): string {
  const limpiar = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s"',.:;-]+|[\s"',.:;-]+$/g, '');
  return `${limpiar(izquierda)} con ${limpiar(derecha)}`;
}

function leerCaratulados(p: Pagina): Candidato<string>[] {
  const out: Candidato<string>[] = [];
  const lineas = p.texto.split('\n').map((linea) => aplanar(linea, p.ocr)).filter((linea) => linea.length > 0);
  const posicion = (linea: string) => Math.max(0, p.plano.indexOf(linea));
  // 'Caratulado: BANCO X con Y' — the label and the parties on one line.
  for (const [indice, actual] of lineas.entries()) {
    // A caratulado cut by the line's end: a short next line of a word or two in capitals ends it.
    const siguiente = lineas[indice + 1] ?? '';
    const corta = /^[A-ZÁÉÍÓÚÑ][A-Za-zÁÉÍÓÚÑáéíóúñ.&]*(?:\s+[A-ZÁÉÍÓÚÑ][A-Za-zÁÉÍÓÚÑáéíóúñ.&]*)?\.?$/.test(siguiente) && !/\b(?:rol|rit)\b/i.test(siguiente);
    const linea = /\b(?:caratulad[oa]s?|car[áa]tula)\b/i.test(actual) && corta ? `${actual} ${siguiente.replace(/\.$/, '')}` : actual;
    const m = /\b(?:caratulad[oa]s?|car[áa]tula)\s*:?\s*"?\s*(.{3,160}?)\s*(?:"|[.;,]\s*(?:rol|rit)\b|\s(?:rol|rit)\b|\.?\s*$)/i.exec(linea);
    const partes = m ? /^(.{2,}?)\s+(?:con|CON|Con|\/)\s+(.{2,})$/.exec(limpiarOcr(m[1] as string, p.ocr)) : null;
    if (!m || !partes) continue;
    const valor = normalizarCaratulado(partes[1] as string, partes[2] as string);
    const inicio = posicion(actual) + m.index;
    out.push(candidato(p, valor, foldText(valor), linea === actual ? 0.93 : 0.85, inicio, inicio + m[0].length));
  }
  if (out.length > 0) return out;
  // A line of its own in capitals: 'BANCO DE CHILE / PÉREZ SOTO'.
  for (const linea of lineas) {
    const t = limpiarOcr(linea, p.ocr).replace(/^[\s.,:;'-]+|[\s.,:;'-]+$/g, '');
    const m = new RegExp(`^([${MAYUS}0-9][${LETRA}0-9.,&'\\- ]{2,80}?)\\s+(?:/|CON)\\s+([${MAYUS}0-9][${LETRA}0-9.,&'\\- ]{2,80})$`, 'u').exec(t);
    const letras = t.replace(/[^A-Za-zÁÉÍÓÚÑÜáéíóúñü]/g, '');
    const izquierda = (m?.[1] ?? '').replace(/[^A-Za-zÁÉÍÓÚÑÜáéíóúñü]/g, '');
    const mayusculas = izquierda.replace(/[^A-ZÁÉÍÓÚÑÜ]/g, '').length / Math.max(1, izquierda.length);
    if (m && letras.length >= 6 && mayusculas >= 0.6 && !/JUZGADO|S\.J\.L/i.test(t)) {
      const valor = normalizarCaratulado(m[1] as string, m[2] as string);
      const inicio = posicion(linea);
      out.push(candidato(p, valor, foldText(valor), 0.88, inicio, inicio + linea.length));
    }
  }
  return out;
}

/** OCR leaves stray marks between words ('BANCO X € con 1 PÉREZ'): single symbols and lone digits go. */
function limpiarOcr(texto: string, ocr: boolean): string {
  if (!ocr) return texto;
  return texto
    .replace(/(^|\s)(?:[^\p{L}\p{N}\s/]{1,2}|\d)(?=\s|$)/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Demandados: names, RUTs, the representative, addresses

const TRATAMIENTO = '(?:(?:[Dd]on|[Dd]o[ñn]a|DON|DOÑA|el\\s+señor|la\\s+señora|la\\s+sociedad|la\\s+empresa|la\\s+compañía)\\s+)?';
const NOMBRE = `([${MAYUS}][${LETRA}.&'\\-]*(?:\\s+(?:de\\s+la\\s+|de\\s+los\\s+|del\\s+|de\\s+|y\\s+)?[${MAYUS}0-9][${LETRA}0-9.&'\\-]*){0,9})`;
const EMPRESA_RE = /\b(S\.?\s?A\.?|SpA|SPA|LIMITADA|Limitada|LTDA\.?|Ltda\.?|E\.?I\.?R\.?L\.?|SOCIEDAD|Sociedad|COMERCIAL|Comercial|INVERSIONES|Inversiones|CONSTRUCTORA|Constructora|EMPRESA|Empresa|SERVICIOS|Servicios|TRANSPORTES|Transportes|INMOBILIARIA|Inmobiliaria)\b/;

export interface Demandado {
  nombre: string;
  inicio: number;
  fin: number;
  rut?: RutEncontrado;
  representante?: RutEncontrado;
  empresa: boolean;
}

/** The demanda's part that names the demandados: from 'en contra de' to the facts. */
export function tramoDemandados(plano: string): { inicio: number; fin: number } | null {
  // The body's 'en contra de …', else a heading 'DEMANDADO: …' (a demanda's summary block).
  let inicio = plano.search(/\ben\s+contra\s+de\b/i);
  if (inicio < 0) inicio = plano.search(/\bdemandad[oa]s?\s*:/i);
  if (inicio < 0) return null;
  const resto = plano.slice(inicio);
  const fin = resto.search(/\b(?:mi\s+representad[oa]|POR\s+TANTO|los\s+hechos|antecedentes\s+de\s+hecho|fundamentos|Expongo|Funda\s+esta|La\s+deuda|Los\s+antecedentes|DEMANDANTE\s*:|ABOGADO\s+PATROCINANTE|PROCEDIMIENTO\s*:|MATERIA\s*:)/i);
  return { inicio, fin: fin < 0 ? plano.length : inicio + fin };
}

export function leerDemandados(plano: string, tramo: { inicio: number; fin: number }): Demandado[] {
  const texto = plano.slice(0, tramo.fin);
  const re = new RegExp(`(?:\\ben\\s+contra\\s+de|\\b(?:DEMANDAD[OA]S?|[Dd]emandad[oa]s?)\\s*:|,?\\s+(?:¶\\s+)?y\\s+(?:también\\s+)?(?:en\\s+contra\\s+)?de|;\\s*(?:¶\\s*)?(?:y\\s+)?(?:en\\s+contra\\s+)?de)\\s+${TRATAMIENTO}${NOMBRE}(?=\\s*,|\\s*¶|\\s*;|\\s*$|\\s+(?:RUT|R\\.U\\.T|rut|cédula|C\\.I|c\\.i|mayor|chilen|en\\s+su\\s+calidad|ya\\s+individualizad|domiciliad|DOMICILIO|Domicilio))`, 'gu');
  re.lastIndex = tramo.inicio;
  const nombres: Demandado[] = [];
  for (let m = re.exec(texto); m; m = re.exec(texto)) {
    const nombre = (m[1] as string).replace(/\s+/g, ' ').trim();
    if (nombre.length < 5 || /^(US|S\.S|V\.S)\b/.test(nombre)) continue;
    const inicio = m.index + m[0].length - (m[1] as string).length;
    nombres.push({ nombre, inicio, fin: inicio + (m[1] as string).length, empresa: EMPRESA_RE.test(nombre) });
  }
  for (const [i, d] of nombres.entries()) {
    const hasta = nombres[i + 1]?.inicio ?? tramo.fin;
    const rep = /representad[oa]\s+(?:legal(?:mente)?\s+|convencionalmente\s+)?(?:en\s+juicio\s+)?por/i.exec(plano.slice(d.fin, hasta));
    const corte = rep ? d.fin + rep.index : hasta;
    d.rut = rutsEn(plano, d.fin, corte)[0];
    if (rep) d.representante = rutsEn(plano, corte, hasta)[0];
    if (d.rut && Number(d.rut.rut.split('-')[0]) >= 50_000_000) d.empresa = true;
  }
  return nombres;
}

export interface DomicilioEncontrado extends DomicilioLeido {
  inicio: number;
  fin: number;
}

function ciudadDe(comuna: string, explicita?: string): string {
  if (explicita) return comunaOficial(explicita)?.nombre ?? explicita.trim();
  const oficial = comunaOficial(comuna);
  return oficial && oficial.provincia === 'Santiago' ? 'Santiago' : comuna;
}

/** The longest official comuna at the start of `texto` ('Ñuñoa, y en …' → Ñuñoa). */
function comunaAlInicio(texto: string): { nombre: string; largo: number } | null {
  const palabras = texto.split(/(\s+)/);
  let mejor: { nombre: string; largo: number } | null = null;
  let acumulado = '';
  for (let i = 0; i < palabras.length && i < 12; i += 1) {
    acumulado += palabras[i];
    const limpio = acumulado.replace(/[.,;:)]+$/, '');
    const oficial = comunaOficial(limpio);
    if (oficial) mejor = { nombre: oficial.nombre, largo: limpio.length };
  }
  return mejor;
}

/** 'domiciliado en Av. X 123, depto 4, comuna de Ñuñoa, y en Calle Y 45, comuna de Maipú' → two addresses. */
export function leerDomicilios(plano: string, tramo: { inicio: number; fin: number }): DomicilioEncontrado[] {
  const out: DomicilioEncontrado[] = [];
  const texto = plano.slice(0, tramo.fin);
  const inicioRe = /\b(?:domiciliad[oa]s?|con\s+domicilio|domicilio)\s*(?:ambos\s+|todos\s+)?(?:(?:laboral|particular|comercial)\s+)?(?:\ben\s+|:\s*)/gi;
  inicioRe.lastIndex = tramo.inicio;
  for (let m = inicioRe.exec(texto); m; m = inicioRe.exec(texto)) {
    let cursor = m.index + m[0].length;
    for (let vueltas = 0; vueltas < 4; vueltas += 1) {
      const resto = texto.slice(cursor, cursor + 220);
      const comunaRe = /,?\s*(?:en\s+la\s+)?comuna\s+(?:y\s+ciudad\s+)?de\s+/i.exec(resto);
      if (!comunaRe || comunaRe.index > 160 || comunaRe.index < 3) break;
      const direccion = resto.slice(0, comunaRe.index).replace(/\s*¶\s*/g, ' ').replace(/[\s,]+$/, '').trim();
      const despues = resto.slice(comunaRe.index + comunaRe[0].length);
      const comuna = comunaAlInicio(despues);
      if (!comuna || direccion.length < 4 || /\bcomuna\b|domiciliad|\bcontra\s+de\b/i.test(direccion)) break;
      let fin = cursor + comunaRe.index + comunaRe[0].length + comuna.largo;
      const yCiudad = /y\s+ciudad/i.test(comunaRe[0]);
      const ciudadRe = /^\s*,\s*(?:ciudad\s+de\s+)?([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+){0,2})(?=\s*[,.;¶]|\s+y\s)/u.exec(texto.slice(fin, fin + 60));
      let ciudad: string | undefined = yCiudad ? comuna.nombre : undefined;
      if (!ciudad && ciudadRe && /ciudad\s+de/i.test(ciudadRe[0]) && comunaOficial(ciudadRe[1] as string)) {
        ciudad = ciudadRe[1] as string;
        fin += ciudadRe[0].length;
      }
      out.push({
        direccion,
        comuna: comuna.nombre,
        ciudad: ciudadDe(comuna.nombre, ciudad),
        inicio: cursor,
        fin,
      });
      const sigue = /^\s*(?:,|;)?\s*(?:y\s*\/\s*o|y\s+también|y|o|además)\s+en\s+(?!contra\b)/i.exec(texto.slice(fin, fin + 30));
      if (!sigue) break;
      cursor = fin + sigue[0].length;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Kind of case

const TIPOS: [RegExp, string][] = [
  [/protesto\s+de\s+cheque/, 'notificacion judicial de protesto de cheque'],
  [/cobro\s+de\s+factura/, 'notificacion de cobro de factura'],
  [/confesar\s+deuda/, 'citacion a confesar deuda'],
  [/cotizaciones\s+previsionales|cobranza\s+(?:laboral|previsional)/, 'cobranza laboral y previsional'],
  [/gestion\s+preparatoria/, 'gestion preparatoria de la via ejecutiva'],
  [/monitorio/, 'juicio monitorio'],
  [/arrendamiento|ley\s+(?:n\s*)?18\.?101/, 'juicio de arrendamiento'],
  [/precario/, 'juicio de precario'],
  [/alimentos/, 'juicio de alimentos'],
  [/juicio\s+sumario|procedimiento\s+sumario/, 'juicio sumario'],
  [/juicio\s+ordinario|procedimiento\s+ordinario|demanda\s+ordinaria/, 'juicio ordinario'],
  [/demanda\s+ejecutiva|juicio\s+ejecutivo|procedimiento\s+ejecutivo|mandamiento\s+de\s+ejecucion/, 'juicio ejecutivo'],
  [/exhorto/, 'exhorto'],
];

function tipoDe(folded: string, lista: readonly ItemLista[]): ItemLista | null {
  for (const [re, nombre] of TIPOS) {
    if (!re.test(folded)) continue;
    const exacto = lista.find((t) => foldText(t.nombre).startsWith(nombre));
    if (exacto) return exacto;
    return null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

function paginasDe(entrada: readonly PaginaLeida[]): Pagina[] {
  return entrada.map((p) => {
    let plano = aplanar(p.texto, p.ocr);
    // OCR sometimes lowers a name's first capital ('en contra de inmobiliaria Las Acacias S.A.'); same length.
    if (p.ocr) plano = plano.replace(/(\ben\s+contra\s+de\s+)(?!(?:don|doña|dona|la|el|los|las|su|sus)\s)([a-zñáéíóú])(?=[a-zñáéíóú]+\s+[A-ZÁÉÍÓÚÑ])/g, (_m, a: string, b: string) => a + b.toUpperCase());
    return { ...p, plano };
  });
}

/** Reads every field; the first document given the priority is the resolución for the court's data. */
export function leerDocumentos(entrada: readonly PaginaLeida[], catalogos: Catalogos): ResultadoLectura {
  const paginas = paginasDe(entrada);
  const demanda = paginas.filter((p) => p.documento === 'demanda');
  const resolucion = paginas.filter((p) => p.documento === 'resolucion');
  const propuesta: PropuestaLectura = {};
  const campos: Partial<Record<CampoLectura, CampoLeido>> = {};
  const advertencias: string[] = [];

  const poner = <K extends CampoLectura>(nombre: K, valor: NonNullable<PropuestaLectura[K]>, c: Candidato<unknown>, confianza: number, elementos?: FuenteLectura[]) => {
    propuesta[nombre] = valor;
    campos[nombre] = { valor: valor as CampoLeido['valor'], ...fuente(c, confianza), ...(elementos ? { elementos } : {}) };
  };

  // Court: the resolución's own header first, then mentions in the demanda.
  const lista = catalogos.tribunales
    .map((item) => ({ item, clave: claveTribunal(item.nombre) }))
    .filter((x): x is { item: ItemLista; clave: ClaveTribunal } => x.clave !== null);
  const tribunales: Candidato<ItemLista>[] = [];
  for (const p of [...resolucion, ...demanda]) {
    for (const m of mencionesTribunal(p.plano)) {
      const item = tribunalDeMencion(m, lista);
      if (item) tribunales.push(candidato(p, item, String(item.id), 0.95, m.inicio, m.fin));
    }
  }
  const tribunal = elegir(tribunales);
  if (tribunal) poner('tribunal', tribunal.c.valor.id, tribunal.c, tribunal.confianza);

  // Rol: labour and family forms only when the court is one of those.
  const nombreTribunal = tribunal ? foldText(tribunal.c.valor.nombre) : '';
  const especiales = /trabajo|laboral|familia|cobranza/.test(nombreTribunal);
  const rol = elegir([...resolucion, ...demanda].flatMap((p) => leerRoles(p, especiales)).sort((a, b) => b.confianza - a.confianza));
  if (rol) poner('numero_rol', rol.c.valor, rol.c, rol.confianza);

  const caratulado = elegir([...resolucion, ...demanda].flatMap(leerCaratulados).sort((a, b) => b.confianza - a.confianza));
  if (caratulado) poner('partes', caratulado.c.valor, caratulado.c, caratulado.confianza);

  const fechaDemanda = elegir(demanda.flatMap(fechasConLugar));
  if (fechaDemanda) poner('fecha_demanda', fechaDemanda.c.valor, fechaDemanda.c, fechaDemanda.confianza);
  const fechaResolucion = elegir(resolucion.flatMap(fechasConLugar));
  if (fechaResolucion) poner('fecha_resolucion', fechaResolucion.c.valor, fechaResolucion.c, fechaResolucion.confianza);

  // Amount: the value named most often ('la suma de …'), the demanda before the resolución.
  const montos = [...demanda, ...resolucion].flatMap(leerMontos);
  if (montos.length > 0) {
    const veces = new Map<string, number>();
    for (const m of montos) veces.set(m.clave, (veces.get(m.clave) ?? 0) + 1);
    const ordenados = [...montos].sort((a, b) => (veces.get(b.clave) ?? 0) - (veces.get(a.clave) ?? 0));
    const monto = elegir(ordenados);
    if (monto) {
      const { pesos, uf } = monto.c.valor;
      if (pesos !== undefined) poner('cuantia', pesos, monto.c, monto.confianza);
      else if (uf !== undefined) {
        const fecha = propuesta.fecha_demanda ?? null;
        const valorUf = fecha ? (catalogos.valorUf?.(fecha) ?? null) : null;
        if (valorUf) poner('cuantia', ufAPesos(uf, valorUf), monto.c, Math.min(monto.confianza, 0.85));
        else {
          poner('cuantia_uf', uf, monto.c, monto.confianza);
          advertencias.push(lecturaMessages.cuantiaEnUf(uf.toLocaleString('es-CL'), fecha));
        }
      }
    }
  }

  const operacion = elegir([...demanda, ...resolucion].flatMap(leerOperacion));
  if (operacion) poner('numero_operacion', operacion.c.valor, operacion.c, operacion.confianza);

  // Demandados, from the demanda's first page that names them.
  for (const p of demanda) {
    const tramo = tramoDemandados(p.plano);
    if (!tramo) continue;
    const demandados = leerDemandados(p.plano, tramo);
    if (demandados.length === 0) continue;
    const vistos = new Set<string>();
    const unicos = demandados.filter((d) => {
      const clave = foldText(d.nombre);
      if (vistos.has(clave)) return false;
      vistos.add(clave);
      return true;
    });
    const primero = unicos[0] as Demandado;
    // The first name must be the one right after the opening 'en contra de'; else one was missed and
    // neither the names nor the first RUT can be trusted as read.
    const completo = /^(?:en\s+contra\s+de|demandad[oa]s?\s*:)\s+(?:\S+\s+){0,3}?$/i.test(p.plano.slice(tramo.inicio, primero.inicio).replace(/\s+/g, ' ').trimEnd() + ' ');
    const nombres = unicos.map((d) => d.nombre).join(', ');
    const cNombres = candidato(p, nombres, foldText(nombres), p.ocr || !completo ? Math.min(TOPE_OCR, completo ? 1 : 0.7) : 0.93, primero.inicio, (unicos.at(-1) as Demandado).fin);
    poner('ejecutados', nombres, cNombres, cNombres.confianza);
    if (primero.rut?.valido) {
      const c = candidato(p, primero.rut.rut, primero.rut.rut, 0.95, primero.inicio, primero.rut.fin);
      const elegido = elegir([c, ...otrasMenciones(paginas, p, primero.rut.rut)], { confirmado: true });
      if (elegido) poner('rut_ejecutado', elegido.c.valor, elegido.c, !completo ? 0.7 : p.ocr ? Math.min(elegido.confianza, 0.9) : elegido.confianza);
    }
    const representante = unicos.find((d) => d.empresa && d.representante)?.representante;
    if (representante?.valido && primero.empresa) {
      const c = candidato(p, representante.rut, representante.rut, 0.93, Math.max(0, representante.inicio - 80), representante.fin);
      poner('rut_representante_legal', representante.rut, c, p.ocr ? 0.9 : 0.93);
    }
    const domicilios = leerDomicilios(p.plano, tramo);
    const unicosDom = domicilios.filter(
      (d, i) => domicilios.findIndex((o) => foldText(o.direccion) === foldText(d.direccion) && o.comuna === d.comuna) === i,
    );
    if (unicosDom.length > 0) {
      const conf = p.ocr ? 0.8 : 0.92;
      const elementos = unicosDom.map((d) => fuente(candidato(p, null, '', conf, d.inicio, d.fin), conf));
      const valor = unicosDom.map(({ direccion, comuna, ciudad }) => ({ direccion, comuna, ciudad }));
      poner('domicilios', valor, candidato(p, valor, '', conf, (unicosDom[0] as DomicilioEncontrado).inicio, (unicosDom[0] as DomicilioEncontrado).fin), conf, elementos);
    }
    break;
  }

  // Kind of case: the demanda's 'EN LO PRINCIPAL' / 'PROCEDIMIENTO' line first, then the whole text.
  const todo = [...demanda, ...resolucion];
  for (const p of todo) {
    const folded = foldText(p.plano);
    const principal = /(?:en lo principal|procedimiento|materia)\s*:?\s*(.{0,160})/.exec(folded);
    const item = (principal ? tipoDe(principal[1] as string, catalogos.tiposCausa) : null) ?? null;
    if (item) {
      const inicio = principal?.index ?? 0;
      poner('tipo_causa', item.id, candidato(p, item, String(item.id), 0.92, inicio, inicio + 120), p.ocr ? TOPE_OCR : 0.92);
      break;
    }
  }
  if (!propuesta.tipo_causa) {
    for (const p of todo) {
      const item = tipoDe(foldText(p.plano), catalogos.tiposCausa);
      if (item) {
        poner('tipo_causa', item.id, candidato(p, item, String(item.id), 0.8, 0, 120), 0.8);
        break;
      }
    }
  }

  // Plaintiff among the firm's parties: the caratulado's first side, else the demanda before 'en contra de'.
  if (catalogos.partes && catalogos.partes.length > 0) {
    const zonas: { p: Pagina; texto: string; desde: number }[] = [];
    if (caratulado) zonas.push({ p: caratulado.c.pagina, texto: caratulado.c.valor.split(' con ')[0] as string, desde: caratulado.c.inicio });
    for (const p of demanda) {
      const tramo = tramoDemandados(p.plano);
      zonas.push({ p, texto: p.plano.slice(0, tramo ? tramo.inicio : p.plano.length), desde: 0 });
      if (tramo) break;
    }
    const clave = (s: string) => ` ${foldText(s).replace(/[^a-z0-9]+/g, ' ').trim()} `;
    for (const zona of zonas) {
      const texto = clave(zona.texto);
      const encontradas = catalogos.partes.filter((parte) => clave(parte.nombre).trim().length >= 3 && texto.includes(clave(parte.nombre)));
      if (encontradas.length === 0) continue;
      const largo = Math.max(...encontradas.map((e) => clave(e.nombre).length));
      const mejores = encontradas.filter((e) => clave(e.nombre).length === largo);
      if (mejores.length !== 1) break;
      const parte = mejores[0] as ItemLista;
      const posicion = foldText(zona.p.plano).indexOf(foldText(parte.nombre));
      const inicio = posicion >= 0 ? posicion : zona.desde;
      poner('parte_demandante', parte.id, candidato(zona.p, parte, String(parte.id), 0.9, inicio, inicio + parte.nombre.length), zona.p.ocr ? TOPE_OCR : 0.9);
      break;
    }
  }

  return { propuesta, campos, advertencias };
}

/** Mentions of the same RUT on other pages (a second check for OCR). */
function otrasMenciones(paginas: Pagina[], aparte: Pagina, rut: string): Candidato<string>[] {
  const out: Candidato<string>[] = [];
  for (const p of paginas) {
    if (p === aparte) continue;
    for (const r of rutsEn(p.plano)) if (r.rut === rut) out.push(candidato(p, rut, rut, 0.95, r.inicio, r.fin));
  }
  return out;
}

export { LECTURA_CONFIANZA_ALTA };
