import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Spanish words of a failed conversion, shown where a certificate has no PDF. */
export const conversionMessages = {
  timeout: (segundos: number) => `La conversión del certificado a PDF no terminó en ${segundos} segundos y se detuvo.`,
  fallo: 'LibreOffice no pudo convertir el certificado a PDF.',
  servicio: (status: number) => `El servicio de conversión a PDF (Gotenberg) respondió con el error ${status}.`,
  sinRespuesta: 'El servicio de conversión a PDF (Gotenberg) no respondió.',
  noEsPdf: 'La conversión no produjo un PDF.',
  cerrado: 'La conversión a PDF se canceló porque el servidor se está deteniendo.',
} as const;

export class ConversionError extends Error {}

export type ConverterKind = 'libreoffice' | 'gotenberg';

export interface DocxToPdf {
  readonly kind: ConverterKind;
  convert(docx: Buffer): Promise<Buffer>;
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 120_000;

function assertPdf(bytes: Buffer): Buffer {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new ConversionError(conversionMessages.noEsPdf);
  return bytes;
}

/**
 * LibreOffice headless, one conversion at a time per process (soffice refuses a second instance on the
 * same profile and two at once only compete for the CPU), with a profile directory of its own that no
 * desktop session shares. A conversion past its time has its whole process group killed.
 */
export class LibreOfficeConverter implements DocxToPdf {
  readonly kind = 'libreoffice' as const;
  private tail: Promise<unknown> = Promise.resolve();
  private profile: Promise<string> | null = null;
  private running: { pid: number } | null = null;
  private closed = false;

  constructor(
    private readonly soffice: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  convert(docx: Buffer): Promise<Buffer> {
    const next = this.tail.then(() => this.convertNow(docx));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Kills a running conversion; queued ones fail with `cerrado`. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.running) killGroup(this.running.pid);
    await this.tail;
    if (this.profile) await rm(await this.profile, { recursive: true, force: true });
    this.profile = null;
  }

  private profileDir(): Promise<string> {
    this.profile ??= mkdtemp(path.join(os.tmpdir(), 'receptoria-soffice-perfil-'));
    return this.profile;
  }

  private async convertNow(docx: Buffer): Promise<Buffer> {
    if (this.closed) throw new ConversionError(conversionMessages.cerrado);
    const profile = await this.profileDir();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-pdf-'));
    try {
      const input = path.join(dir, 'certificado.docx');
      await writeFile(input, docx);
      const args = ['--headless', '--norestore', `-env:UserInstallation=file://${profile}`, '--convert-to', 'pdf', '--outdir', dir, input];
      const outcome = await this.run(args);
      if (outcome === 'timeout') {
        // A killed instance may leave its profile locked: the next conversion starts a fresh one.
        this.profile = null;
        await rm(profile, { recursive: true, force: true });
        throw new ConversionError(conversionMessages.timeout(Math.round(this.timeoutMs / 1000)));
      }
      if (this.closed) throw new ConversionError(conversionMessages.cerrado);
      const pdf = await readFile(path.join(dir, 'certificado.pdf')).catch(() => {
        throw new ConversionError(conversionMessages.fallo);
      });
      return assertPdf(pdf);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private run(args: string[]): Promise<'done' | 'timeout'> {
    return new Promise((resolve, reject) => {
      // Its own process group, so a timeout also ends soffice.bin under the wrapper script.
      const child = spawn(this.soffice, args, { detached: true, stdio: 'ignore' });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) killGroup(child.pid);
      }, this.timeoutMs);
      if (child.pid !== undefined) this.running = { pid: child.pid };
      child.once('error', () => {
        clearTimeout(timer);
        this.running = null;
        reject(new ConversionError(conversionMessages.fallo));
      });
      child.once('exit', () => {
        clearTimeout(timer);
        this.running = null;
        resolve(timedOut ? 'timeout' : 'done');
      });
    });
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Gotenberg's LibreOffice route (`POST {url}/forms/libreoffice/convert`, multipart field `files`). */
export class GotenbergConverter implements DocxToPdf {
  readonly kind = 'gotenberg' as const;
  private readonly controller = new AbortController();

  constructor(
    private readonly url: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  async convert(docx: Buffer): Promise<Buffer> {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(docx)]), 'certificado.docx');
    const signal = AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.timeoutMs)]);
    let response: Response;
    try {
      response = await fetch(new URL('forms/libreoffice/convert', this.url.endsWith('/') ? this.url : `${this.url}/`), {
        method: 'POST',
        body: form,
        signal,
      });
    } catch (error) {
      if (this.controller.signal.aborted) throw new ConversionError(conversionMessages.cerrado);
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ConversionError(conversionMessages.timeout(Math.round(this.timeoutMs / 1000)));
      }
      throw new ConversionError(conversionMessages.sinRespuesta);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ConversionError(conversionMessages.servicio(response.status));
    }
    return assertPdf(Buffer.from(await response.arrayBuffer()));
  }

  async close(): Promise<void> {
    this.controller.abort();
  }
}

/** The LibreOffice binary when present on the host. */
export async function findSoffice(configured?: string | null): Promise<string | null> {
  const candidates = configured ? [configured] : ['/usr/bin/soffice', '/usr/local/bin/soffice', '/opt/libreoffice/program/soffice'];
  for (const candidate of candidates) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // not installed here
    }
  }
  return null;
}

/** Gotenberg when GOTENBERG_URL is set, else a local LibreOffice, else none (DOCX only). */
export async function createDocxToPdf(options: { gotenbergUrl?: string; soffice?: string; timeoutMs?: number }): Promise<DocxToPdf | null> {
  if (options.gotenbergUrl) return new GotenbergConverter(options.gotenbergUrl, options.timeoutMs);
  const soffice = await findSoffice(options.soffice);
  return soffice ? new LibreOfficeConverter(soffice, options.timeoutMs) : null;
}
