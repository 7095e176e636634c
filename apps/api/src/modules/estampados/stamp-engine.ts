import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MARCADOR_NOMBRES } from '@receptoria/contracts';
import { renderDocx, templateMarkers } from '../../documents/docx/docx-stamp';
import type { StampPayload } from './stamp-payload';

export type Motor = 'local' | 'google';

export interface StampTemplate {
  id: number;
  nombre: string;
  /** The template's DOCX (uploaded or built-in); the local engine fills it. */
  docx: Buffer;
  /** Google Docs document id of the template, '' when it has none. */
  googleDocumentId: string;
}

export interface StampRequest {
  template: StampTemplate;
  datos: StampPayload;
  titulo: string;
  /** Refuse when a marker would stay unreplaced (spec 02 §5: the client always asks for it). */
  validar: boolean;
  /** Folder that receives the generated document (Google engine). */
  carpetaId?: string;
}

export interface StampResult {
  motor: Motor;
  docx: Buffer | null;
  pdf: Buffer | null;
  /** Where the document lives outside the database (Google Docs), else ''. */
  externalUrl: string;
}

/** One way of producing a stamped document from a template and a payload. */
export interface StampEngine {
  readonly motor: Motor;
  generate(request: StampRequest): Promise<StampResult>;
}

/** Markers that would stay unreplaced: refused when validar_marcadores is on. */
export class MissingMarkersError extends Error {
  constructor(readonly marcadores: string[]) {
    super(`marcadores sin valor: ${marcadores.join(', ')}`);
  }
}

/** Markers of a template that no payload can fill (neither known nor sent). */
export function unknownMarkers(markers: readonly string[], datos: StampPayload): string[] {
  return markers.filter((m) => !MARCADOR_NOMBRES.includes(m) && !(m in datos));
}

export function assertMarkers(markers: readonly string[], datos: StampPayload): void {
  const missing = markers.filter((m) => datos[m] === null || datos[m] === undefined);
  if (missing.length > 0) throw new MissingMarkersError(missing);
}

function run(file: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs }, (error) => (error ? reject(error) : resolve()));
  });
}

/** The LibreOffice binary when present on the host (optional: PDFs are an extra). */
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

/** DOCX → PDF with `soffice --headless --convert-to pdf`; null when the conversion fails. */
export async function convertToPdf(soffice: string, docx: Buffer): Promise<Buffer | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-pdf-'));
  try {
    const input = path.join(dir, 'estampado.docx');
    await writeFile(input, docx);
    await run(soffice, ['--headless', `-env:UserInstallation=file://${dir}/perfil`, '--convert-to', 'pdf', '--outdir', dir, input], 60_000);
    return await readFile(path.join(dir, 'estampado.pdf'));
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The default engine: docxtemplater over the template's DOCX; the result is kept in the tenant database. */
export class LocalStampEngine implements StampEngine {
  readonly motor = 'local' as const;

  constructor(private readonly soffice: string | null = null) {}

  async generate(request: StampRequest): Promise<StampResult> {
    if (request.validar) assertMarkers(templateMarkers(request.template.docx), request.datos);
    const { docx } = renderDocx(request.template.docx, request.datos);
    const pdf = this.soffice ? await convertToPdf(this.soffice, docx) : null;
    return { motor: 'local', docx, pdf, externalUrl: '' };
  }
}
