import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { IMPORTAR_MAX_FILAS, importarMessages as m } from '@receptoria/contracts';
import { parse as parseCsv } from 'csv-parse';
import type { CellValue } from 'exceljs';
import { AppError } from '../../lib/app-error';
import { cargarExcel } from '../../lib/lazy';
import { listZipEntries, ZipRefused } from './importar-zip';

/** A sheet as read: its header row and its data rows (text cells; blank rows dropped). */
export interface PlanillaLeida {
  encabezados: string[];
  filas: string[][];
}

export const refuse = (message: string, field = 'archivo') => new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });

/** Uncompressed size an .xlsx may unpack to (its XML parts); larger is refused before reading. */
const XLSX_MAX_DESCOMPRIMIDO = 400 * 1024 * 1024;

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text. Dates (ExcelJS gives the wall-clock time as UTC) keep their day and, when set, their time. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const date = `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
    const h = value.getUTCHours();
    const min = value.getUTCMinutes();
    return h === 0 && min === 0 ? date : `${date} ${pad(h)}:${pad(min)}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (typeof value === 'object') {
    // Formulas are never evaluated: the value Excel saved with the file is read, or nothing.
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return cellText((value as { text: CellValue }).text);
    if ('error' in value) return '';
  }
  return '';
}

const isBlankRow = (row: string[]) => row.every((cell) => cell.trim() === '');

/**
 * An .xlsx: its parts are listed first (sizes as declared, checked while unpacking): external links
 * are refused, so is a part compressed past reason; macros are never run (ExcelJS does not read them).
 * Then the first sheet is streamed row by row and refused past the row limit, before being read whole.
 */
export async function leerXlsx(contenido: Buffer): Promise<PlanillaLeida> {
  let entradas;
  try {
    entradas = await listZipEntries(contenido);
  } catch (error) {
    if (error instanceof ZipRefused) throw refuse(m.xlsxIlegible);
    throw refuse(m.xlsxIlegible);
  }
  if (entradas.some((e) => /^xl\/externalLinks\//i.test(e.nombre))) throw refuse(m.xlsxVinculosExternos);
  const total = entradas.reduce((sum, e) => sum + e.descomprimido, 0);
  if (total > XLSX_MAX_DESCOMPRIMIDO) throw refuse(m.xlsxComprimidaDeMas);

  const filas: string[][] = [];
  let encabezados: string[] | undefined;
  let vistas = 0;
  const excel = await cargarExcel();
  try {
    const reader = new excel.stream.xlsx.WorkbookReader(Readable.from(contenido), {
      entries: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
    });
    for await (const hoja of reader) {
      for await (const row of hoja) {
        const values = (row.values as CellValue[]).slice(1).map(cellText);
        if (!encabezados) {
          if (isBlankRow(values)) continue;
          encabezados = values.map((v) => v.trim());
          continue;
        }
        if (isBlankRow(values)) continue;
        vistas += 1;
        if (vistas > IMPORTAR_MAX_FILAS) throw refuse(m.demasiadasFilas(IMPORTAR_MAX_FILAS));
        filas.push(values);
        if (vistas % 1000 === 0) await yieldToLoop();
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(m.xlsxIlegible);
  }
  if (!encabezados) throw refuse(m.sinEncabezados);
  return { encabezados, filas };
}

/** Windows-1252's signs at 0x80–0x9F (the five holes keep their C1 code, as WHATWG's decoder does). */
const CP1252_ALTOS = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252 (0x80–0x9F: €, dashes, quotes). */
export function decodeCsv(bytes: Buffer): string {
  const sinBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(sinBom);
  } catch {
    // Node's 'windows-1252' decoder reads Latin-1 (0x80–0x9F as control characters): mapped here.
    return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_ALTOS[c.charCodeAt(0) - 0x80] ?? c);
  }
}

/** The separator of the header line: ';' or ',' (whichever appears more outside quotes). */
function separador(texto: string): ';' | ',' {
  let semis = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < texto.length && i < 64 * 1024; i += 1) {
    const c = texto[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') semis += 1;
    else if (!quoted && c === ',') commas += 1;
  }
  return semis >= commas && semis > 0 ? ';' : ',';
}

/** A .csv, parsed as a stream: refused as soon as it passes the row limit. */
export async function leerCsv(contenido: Buffer): Promise<PlanillaLeida> {
  const texto = decodeCsv(contenido);
  // Fed in 64 KB slices, so a large file is parsed a slice per turn of the event loop.
  const trozos = function* () {
    for (let i = 0; i < texto.length; i += 64 * 1024) yield texto.slice(i, i + 64 * 1024);
  };
  const parser = Readable.from(trozos()).pipe(
    parseCsv({ delimiter: separador(texto), relax_column_count: true, relax_quotes: false, skip_empty_lines: true, trim: false, bom: true }),
  );
  let encabezados: string[] | undefined;
  const filas: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!encabezados) {
        if (isBlankRow(record)) continue;
        encabezados = record.map((v) => v.trim());
        continue;
      }
      if (isBlankRow(record)) continue;
      if (filas.length >= IMPORTAR_MAX_FILAS) {
        parser.destroy();
        throw refuse(m.demasiadasFilas(IMPORTAR_MAX_FILAS));
      }
      filas.push(record);
      if (filas.length % 1000 === 0) await yieldToLoop();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(m.csvIlegible);
  }
  if (!encabezados) throw refuse(m.sinEncabezados);
  return { encabezados, filas };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** By content, not name: an .xlsx is a ZIP; anything else is read as CSV text. */
export async function leerPlanilla(nombre: string, contenido: Buffer): Promise<PlanillaLeida> {
  const esZip = contenido.subarray(0, 4).equals(ZIP_MAGIC);
  if (/\.xlsx$/i.test(nombre) || esZip) {
    if (!esZip) throw refuse(m.xlsxIlegible);
    return leerXlsx(contenido);
  }
  if (/\.(csv|txt)$/i.test(nombre)) return leerCsv(contenido);
  throw refuse(m.formatoNoSoportado);
}
