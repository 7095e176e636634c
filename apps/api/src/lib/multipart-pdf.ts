import type { MultipartFile } from '@fastify/multipart';
import { AppError } from './app-error';

const PDF_MAGIC = Buffer.from('%PDF-');

/** Whether the bytes start as a PDF's do. */
export function esPdf(contenido: Buffer): boolean {
  return contenido.length >= PDF_MAGIC.length && contenido.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** What a route takes as file parts of a multipart body, and its Spanish refusals. */
export interface ReglasArchivo<C extends string> {
  campos: readonly C[];
  campoDesconocido(nombre: string): string;
  archivoRepetido(campo: C): string;
  /** The file name's limit in UTF-8 bytes (its attachment column) and its message, where the name is kept. */
  nombre?: { maxBytes: number; largo(campo: C): string };
}

function bad(message: string, field: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: { [field]: [message] } });
}

/**
 * A file part checked before its bytes are read: one of the fields the route takes, not sent before, its
 * name (slashes and NUL made '_', the field's name when none) within bounds. A refused part is drained and
 * answered with a 400.
 */
export function aceptarArchivo<C extends string>(part: MultipartFile, recibidos: readonly C[], reglas: ReglasArchivo<C>): { campo: C; nombre: string } {
  const campo = part.fieldname as C;
  let refusal: AppError | null = null;
  const nombre = (part.filename || `${campo}.pdf`).replace(/[\\/\0]/g, '_');
  if (!reglas.campos.includes(campo)) refusal = bad(reglas.campoDesconocido(part.fieldname.slice(0, 40)), 'non_field_errors');
  else if (recibidos.includes(campo)) refusal = bad(reglas.archivoRepetido(campo), campo);
  else if (reglas.nombre && Buffer.byteLength(nombre, 'utf8') > reglas.nombre.maxBytes) refusal = bad(reglas.nombre.largo(campo), campo);
  if (refusal) {
    part.file.resume();
    throw refusal;
  }
  return { campo, nombre };
}
