/**
 * A PDF's pages as text, with poppler (poppler-utils, already in the production image and CI for the
 * certificates): `pdftotext -layout` for the text layer, `pdftoppm` to rasterise a scanned page for OCR.
 * Child processes, so a large or hostile PDF never blocks the event loop, and each has a time limit.
 * Chosen over pdfjs-dist: pdfjs runs in the API's own thread (a 10 MB PDF would stall every request)
 * and OCR needs poppler's rasteriser anyway.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';

/** Pages read per document; a longer one is read up to here with a warning. */
export const LECTURA_MAX_PAGINAS = 40;
/** A page with fewer visible characters than this has no usable text layer and goes to OCR. */
export const MIN_CARACTERES_TEXTO = 40;
const TIEMPO_MAXIMO_MS = 60_000;

export class PdfIlegibleError extends Error {}

export interface ProcesoResultado {
  stdout: Buffer;
  stderr: string;
}

/** Runs a command with a time limit and a lower CPU priority (nice 10), output as a Buffer. */
export function ejecutar(comando: string, args: string[], opciones: { timeoutMs?: number; nice?: boolean } = {}): Promise<ProcesoResultado> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      comando,
      args,
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: opciones.timeoutMs ?? TIEMPO_MAXIMO_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: stderr.toString('utf8') }));
        else resolve({ stdout, stderr: stderr.toString('utf8') });
      },
    );
    if (opciones.nice && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
  });
}

/** A scratch directory for one document, removed afterwards whatever happens. */
export async function conArchivoTemporal<T>(pdf: Buffer, tarea: (archivo: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lectura-'));
  try {
    const archivo = path.join(dir, 'documento.pdf');
    await writeFile(archivo, pdf);
    return await tarea(archivo, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface TextoPdf {
  /** Every page's text layer, in order (at most LECTURA_MAX_PAGINAS). */
  paginas: string[];
  /** Pages in the file. */
  total: number;
}

async function contarPaginas(archivo: string): Promise<number> {
  const { stdout } = await ejecutar('pdfinfo', [archivo], { timeoutMs: 20_000 });
  const match = /^Pages:\s+(\d+)/m.exec(stdout.toString('utf8'));
  if (!match) throw new PdfIlegibleError('sin páginas');
  return Number(match[1]);
}

/** The text layer page by page (pages split on form feeds, as pdftotext writes them). */
export async function leerTextoPdf(archivo: string): Promise<TextoPdf> {
  let total: number;
  let texto: string;
  try {
    total = await contarPaginas(archivo);
    const ultima = Math.min(total, LECTURA_MAX_PAGINAS);
    if (ultima < 1) return { paginas: [], total };
    const { stdout } = await ejecutar('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', String(ultima), archivo, '-'], { nice: true });
    texto = stdout.toString('utf8');
  } catch (error) {
    if (error instanceof PdfIlegibleError) throw error;
    throw new PdfIlegibleError((error as Error).message);
  }
  const paginas = texto.split('\f');
  const leidas = Math.min(total, LECTURA_MAX_PAGINAS);
  return { paginas: Array.from({ length: leidas }, (_, i) => paginas[i] ?? ''), total };
}

export function tieneTexto(pagina: string): boolean {
  return pagina.replace(/\s+/g, '').length >= MIN_CARACTERES_TEXTO;
}

/** One page as an 8-bit greyscale image (PGM) at `dpi`, for OCR. */
export async function rasterizarPagina(archivo: string, dir: string, pagina: number, dpi: number): Promise<string> {
  const salida = path.join(dir, `pagina-${pagina}`);
  await ejecutar('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(pagina), '-l', String(pagina), '-singlefile', archivo, salida], { nice: true });
  return `${salida}.pgm`;
}
