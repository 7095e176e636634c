import { LECTURA_ARCHIVOS, LECTURA_PDF_MAX_BYTES, type LecturaDocumento, lecturaMessages as m, portalMessages } from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { aceptarArchivo, esPdf, type ReglasArchivo } from '../../lib/multipart-pdf';

/** A file name longer than 255 UTF-8 bytes is refused: the attachment's column holds 255. */
const REGLAS: ReglasArchivo<LecturaDocumento> = {
  campos: LECTURA_ARCHIVOS,
  campoDesconocido: m.campoDesconocido,
  archivoRepetido: m.archivoRepetido,
  nombre: { maxBytes: 255, largo: portalMessages.nombreArchivoLargo },
};

export interface PdfSubido {
  campo: LecturaDocumento;
  nombre: string;
  contenido: Buffer;
}

export interface MultipartPdfs {
  archivos: PdfSubido[];
  /** The text fields sent, by name (only the names the route takes). */
  textos: Record<string, string>;
}

function bad(message: string, field: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });
}

/**
 * Reads a multipart body holding the PDFs `demanda` and/or `resolucion` (by magic bytes, at most
 * LECTURA_PDF_MAX_BYTES each) and the named text fields. Anything else is refused in Spanish before
 * the route does any work.
 */
export async function readPdfMultipart(request: FastifyRequest, textFields: readonly string[], fieldSize: number): Promise<MultipartPdfs> {
  if (!request.isMultipart()) throw bad(m.sinArchivos, 'non_field_errors');
  const archivos: PdfSubido[] = [];
  const textos: Record<string, string> = {};
  const limits = { fileSize: LECTURA_PDF_MAX_BYTES, files: LECTURA_ARCHIVOS.length, fields: textFields.length, parts: LECTURA_ARCHIVOS.length + textFields.length, fieldSize };
  let leyendo: LecturaDocumento = 'demanda';
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (!textFields.includes(part.fieldname)) throw bad(m.campoDesconocido(part.fieldname.slice(0, 40)), 'non_field_errors');
        if (typeof part.value !== 'string' || part.valueTruncated) throw bad(portalMessages.datosInvalidos, part.fieldname);
        textos[part.fieldname] = part.value;
        continue;
      }
      const { campo, nombre } = aceptarArchivo(part, archivos.map((a) => a.campo), REGLAS);
      leyendo = campo;
      const contenido = await part.toBuffer();
      if (!esPdf(contenido)) throw bad(m.noEsPdf(campo), campo);
      archivos.push({ campo, nombre, contenido });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw bad(m.demasiadoGrande(leyendo), leyendo);
    throw bad(portalMessages.datosInvalidos, 'non_field_errors');
  }
  return { archivos, textos };
}
