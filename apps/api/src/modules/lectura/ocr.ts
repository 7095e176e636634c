/**
 * OCR of scanned pages with Tesseract (Debian `tesseract-ocr` + `tesseract-ocr-spa`) through its command
 * line, one document at a time per process (a small in-process queue), one core (OMP_THREAD_LIMIT=1) at
 * a lower priority (nice 10), so the rest of the API is not slowed. Tesseract's own page layout analysis
 * straightens skewed lines (its text-line finder tolerates the few degrees of a hand-fed scan), so pages
 * go to it as rasterised by pdftoppm, greyscale at OCR_DPI, read as one block of text (--psm 6: the
 * automatic layout analysis drops whole paragraphs of a noisy scan as if they were pictures).
 */
import { unlink } from 'node:fs/promises';
import { ejecutar, rasterizarPagina } from './pdf-texto';

/**
 * Resolution pages are rasterised at for OCR. Measured on the corpus: 200 dpi reads the scans better than
 * 300 (anti-aliasing melts scanner specks that Tesseract would otherwise read as marks) and in about
 * two thirds of the time; `crearMotorTesseract({ dpi })` changes it.
 */
export const OCR_DPI = 200;
const OCR_TIMEOUT_MS = 60_000;

export interface MotorOcr {
  /** True when the command runs and has the Spanish data. */
  disponible(): Promise<boolean>;
  /** The text of one page of the PDF at `archivo` (the scratch `dir` holds the image meanwhile). */
  leerPagina(archivo: string, dir: string, pagina: number): Promise<string>;
}

export function crearMotorTesseract(opciones: { comando?: string; dpi?: number } = {}): MotorOcr {
  const comando = opciones.comando ?? 'tesseract';
  const dpi = opciones.dpi ?? OCR_DPI;
  // One OpenMP thread: the other core stays for the API (env(1) sets it without touching this process).
  const tesseract = (args: string[], nice = false) => ejecutar('env', ['OMP_THREAD_LIMIT=1', comando, ...args], { timeoutMs: OCR_TIMEOUT_MS, nice });
  let disponible: Promise<boolean> | undefined;
  return {
    disponible() {
      disponible ??= tesseract(['--list-langs'])
        .then(({ stdout, stderr }) => /^spa$/m.test(stdout.toString('utf8') + stderr))
        .catch(() => false);
      return disponible;
    },
    async leerPagina(archivo, dir, pagina) {
      const imagen = await rasterizarPagina(archivo, dir, pagina, dpi);
      try {
        const { stdout } = await tesseract([imagen, '-', '-l', 'spa', '--psm', '6', '--dpi', String(dpi)], true);
        return stdout.toString('utf8');
      } finally {
        await unlink(imagen).catch(() => undefined);
      }
    },
  };
}

/**
 * One task at a time, in arrival order. `enCola` tells a waiting task how many are ahead of it, so the
 * screen can say it is queued.
 */
export class ColaOcr {
  private activa: Promise<unknown> = Promise.resolve();
  private esperando = 0;

  get pendientes(): number {
    return this.esperando;
  }

  ejecutar<T>(tarea: () => Promise<T>, enCola?: (delante: number) => void): Promise<T> {
    const delante = this.esperando;
    this.esperando += 1;
    if (delante > 0) enCola?.(delante);
    const turno = this.activa.then(
      () => tarea(),
      () => tarea(),
    );
    const fin = turno.finally(() => {
      this.esperando -= 1;
    });
    this.activa = fin.catch(() => undefined);
    return fin;
  }
}

/** The process's queue: every reading request shares it. */
export const colaOcr = new ColaOcr();
