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

/** The default engine: docxtemplater over the template's DOCX; the result is kept in the tenant database. */
export class LocalStampEngine implements StampEngine {
  readonly motor = 'local' as const;

  async generate(request: StampRequest): Promise<StampResult> {
    if (request.validar) assertMarkers(templateMarkers(request.template.docx), request.datos);
    const { docx } = renderDocx(request.template.docx, request.datos);
    // The PDF is made after the request, one conversion at a time (estampados-pdf.ts).
    return { motor: 'local', docx, pdf: null, externalUrl: '' };
  }
}
