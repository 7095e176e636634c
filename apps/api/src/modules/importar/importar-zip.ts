import {
  IMPORTAR_PDF_MAX_BYTES,
  IMPORTAR_ZIP_MAX_BYTES,
  IMPORTAR_ZIP_MAX_ENTRADAS,
  IMPORTAR_ZIP_MAX_RELACION,
  importarMessages as m,
} from '@receptoria/contracts';
import yauzl from 'yauzl';

/** A ZIP refused for a reason the user is told (Spanish message). */
export class ZipRefused extends Error {}

export interface ZipEntrada {
  nombre: string;
  comprimido: number;
  descomprimido: number;
}

export interface DocumentoZip {
  numeroRol: string;
  campo: 'demanda' | 'resolucion';
  nombre: string;
  contenido: Buffer;
}

const PDF_MAGIC = Buffer.from('%PDF-');
const MB = 1024 * 1024;

/** Names yauzl refuses (absolute or climbing out with '..') and those that would on Windows. */
function fueraDeRaiz(nombre: string): boolean {
  if (nombre.startsWith('/') || nombre.startsWith('\\') || /^[A-Za-z]:/.test(nombre)) return true;
  return nombre.split(/[\\/]/).some((part) => part === '..');
}

function openZip(source: Buffer | string): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false, autoClose: true };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: yauzl.ZipFile) => (error || !zip ? reject(error ?? new Error('zip')) : resolve(zip));
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

/** yauzl's own refusal of a name ('invalid relative path: ../x') as the user's message. */
function zipError(error: unknown): Error {
  if (error instanceof ZipRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  const ruta = /(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(message);
  if (ruta) return new ZipRefused(m.zipRuta(ruta[1] ?? ''));
  return new ZipRefused(m.zipNoEsZip);
}

/** Walks the entries of a ZIP (central directory only; nothing unpacked unless `leer` asks). */
async function recorrer(source: Buffer | string, onEntry: (entry: yauzl.Entry, zip: yauzl.ZipFile) => Promise<void>): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(source);
  } catch (error) {
    throw zipError(error);
  }
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(zipError(error));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      onEntry(entry, zip).then(() => zip.readEntry(), fail);
    });
    zip.readEntry();
  });
}

export async function listZipEntries(source: Buffer | string): Promise<ZipEntrada[]> {
  const entradas: ZipEntrada[] = [];
  await recorrer(source, async (entry) => {
    if (entradas.length >= IMPORTAR_ZIP_MAX_ENTRADAS) throw new ZipRefused(m.zipDemasiadasEntradas(IMPORTAR_ZIP_MAX_ENTRADAS));
    entradas.push({ nombre: entry.fileName, comprimido: entry.compressedSize, descomprimido: entry.uncompressedSize });
  });
  return entradas;
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('zip'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) {
          stream.destroy();
          reject(new ZipRefused(m.zipPdfGrande(entry.fileName, max / MB)));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** 'C-1234-2025_demanda.pdf' (in any folder of the ZIP) → rol and kind; null for other names. */
export function documentoDeNombre(nombre: string): { numeroRol: string; campo: 'demanda' | 'resolucion' } | null {
  const base = nombre.split(/[\\/]/).pop() ?? '';
  const match = /^([A-Za-z]-\d{1,20}-\d{4})[ _-]+(.+)\.pdf$/i.exec(base.normalize('NFC'));
  if (!match) return null;
  const tipo = match[2]!
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const campo = tipo.startsWith('demanda') ? 'demanda' : tipo.startsWith('resolucion') ? 'resolucion' : null;
  return campo ? { numeroRol: match[1]!.toUpperCase(), campo } : null;
}

/**
 * The PDFs of the documents' ZIP, streamed entry by entry from a file on disk. Refused whole (nothing
 * kept) on: an entry outside the ZIP's root, more than 200 MB unpacked in all, an entry compressed more
 * than 100 to 1, a PDF over 10 MiB, a '.pdf' that is not a PDF. Other files are listed, not read.
 */
export async function leerDocumentosZip(ruta: string): Promise<{ documentos: DocumentoZip[]; ignorados: string[] }> {
  // First pass: the directory alone (declared sizes; yauzl checks them again while unpacking).
  const entradas = await listZipEntries(ruta);
  let total = 0;
  for (const e of entradas) {
    if (fueraDeRaiz(e.nombre)) throw new ZipRefused(m.zipRuta(e.nombre));
    total += e.descomprimido;
    if (total > IMPORTAR_ZIP_MAX_BYTES) throw new ZipRefused(m.zipMuyGrande(IMPORTAR_ZIP_MAX_BYTES / MB));
    if (e.descomprimido > IMPORTAR_ZIP_MAX_RELACION * Math.max(e.comprimido, 1)) throw new ZipRefused(m.zipRelacion(e.nombre));
  }
  const documentos: DocumentoZip[] = [];
  const ignorados: string[] = [];
  await recorrer(ruta, async (entry, zip) => {
    if (entry.fileName.endsWith('/')) return;
    const esPdf = /\.pdf$/i.test(entry.fileName);
    if (!esPdf) {
      if (!/(^|\/)(__MACOSX|\.DS_Store)/.test(entry.fileName)) ignorados.push(entry.fileName);
      return;
    }
    if (entry.uncompressedSize > IMPORTAR_PDF_MAX_BYTES) throw new ZipRefused(m.zipPdfGrande(entry.fileName, IMPORTAR_PDF_MAX_BYTES / MB));
    const contenido = await readEntry(zip, entry, IMPORTAR_PDF_MAX_BYTES);
    if (contenido.length < PDF_MAGIC.length || !contenido.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new ZipRefused(m.zipNoPdf(entry.fileName));
    const doc = documentoDeNombre(entry.fileName);
    if (!doc) {
      ignorados.push(entry.fileName);
      return;
    }
    const nombre = (entry.fileName.split('/').pop() ?? entry.fileName).slice(0, 255);
    documentos.push({ ...doc, nombre, contenido });
  });
  return { documentos, ignorados };
}
