import { IMPORTAR_COLUMNAS } from '@receptoria/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Builders of the files an import receives, shared by the API tests and the benchmark. */

export const TITULOS = IMPORTAR_COLUMNAS.map((c) => c.titulo);

export interface FilaPlanilla {
  [titulo: string]: string | number | Date | undefined;
}

/** A valid row with the receiver's seeded names (`rol` and `n` make it unique). */
export function filaValida(rol: string, o: { tribunal: string; tipoCausa: string; tipoEncargo: string; parte: string }, extra: FilaPlanilla = {}): FilaPlanilla {
  return {
    'Fecha encargo': '10/03/2025',
    'Parte demandante': o.parte,
    Tribunal: o.tribunal,
    'Número de rol': rol,
    'Tipo de causa': o.tipoCausa,
    'Tipo de encargo': o.tipoEncargo,
    Partes: `${o.parte} con Soto Muñoz`,
    'Fecha de retiro': '11/03/2025',
    'Fecha de la demanda': '20/01/2025',
    'Fecha de la resolución': '03/02/2025',
    Cuantía: '1.850.000',
    'RUT del demandado': '12.345.678-5',
    Ejecutados: 'Pedro Andrés Soto Muñoz',
    'Dirección 1': 'Av. Irarrázaval 2401',
    'Comuna 1': 'Ñuñoa',
    'Ciudad 1': 'Santiago',
    Observaciones: 'Urgente',
    ...extra,
  };
}

export async function xlsxDe(filas: FilaPlanilla[], titulos: string[] = TITULOS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Encargos');
  ws.addRow(titulos);
  for (const fila of filas) ws.addRow(titulos.map((t) => fila[t] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csvCelda = (v: unknown, sep: string) => {
  const s = v === undefined || v === null ? '' : String(v);
  return s.includes(sep) || s.includes('"') || s.includes('\n') ? `"${s.replaceAll('"', '""')}"` : s;
};

export function csvTexto(filas: FilaPlanilla[], sep: ';' | ',', titulos: string[] = TITULOS): string {
  return [titulos.map((t) => csvCelda(t, sep)).join(sep), ...filas.map((f) => titulos.map((t) => csvCelda(f[t], sep)).join(sep))].join('\r\n');
}

const CP1252: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '“': 0x93, '”': 0x94, '‘': 0x91, '’': 0x92 };

/** Windows-1252 bytes (Latin-1 plus the 0x80–0x9F signs Excel writes). */
export function cp1252(texto: string): Buffer {
  return Buffer.from([...texto].map((c) => CP1252[c] ?? (c.charCodeAt(0) <= 0xff ? c.charCodeAt(0) : 0x3f)));
}

export async function zipDe(entradas: Record<string, Buffer | string>, compression: 'DEFLATE' | 'STORE' = 'DEFLATE'): Promise<Buffer> {
  const zip = new JSZip();
  for (const [nombre, contenido] of Object.entries(entradas)) zip.file(nombre, contenido, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression, compressionOptions: { level: 9 } });
}

/** A multipart body: text fields, then files. */
export function multipartDe(fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer; type?: string }>) {
  const boundary = `----importar${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
