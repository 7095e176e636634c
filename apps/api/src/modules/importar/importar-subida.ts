import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORTAR_MAX_BYTES, IMPORTAR_ZIP_MAX_BYTES, type ImportarMapeo, ImportarMapeoSchema, importarMessages as m } from '@receptoria/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { guardInput } from '../../plugins/input-guard';
import { leerPlanilla, type PlanillaLeida, refuse } from './importar-planilla';
import { type DocumentoZip, leerDocumentosZip, ZipRefused } from './importar-zip';

const MB = 1024 * 1024;

export interface Subida {
  estudio: number | undefined;
  archivoNombre: string;
  planilla: PlanillaLeida;
  mapeo: ImportarMapeo | undefined;
  documentos: DocumentoZip[];
  ignorados: string[];
}

class Demasiado extends Error {}

/** Passes bytes on while counting them; past `max` the stream fails (the upload is refused). */
function contador(max: number) {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > max) done(new Demasiado());
      else done(null, chunk);
    },
  });
}

/**
 * The multipart body of an import: `archivo` (.xlsx or .csv, ≤ 20 MB, refused while it arrives when
 * larger), optional `documentos` (a ZIP written to a temporary file while it arrives, then read entry by
 * entry), `estudio` and `mapeo` (JSON). Nothing is stored here; the temporary file is always removed.
 */
export async function leerSubida(request: FastifyRequest): Promise<Subida> {
  if (!request.isMultipart()) throw refuse(m.archivoRequerido);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'importar-'));
  let archivo: { nombre: string; contenido: Buffer } | undefined;
  let zipRuta: string | undefined;
  let estudio: number | undefined;
  let mapeoTexto: string | undefined;
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: IMPORTAR_ZIP_MAX_BYTES, files: 2, fields: 3, parts: 5, fieldSize: 256 * 1024 } })) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : '';
          if (part.fieldname === 'estudio') {
            if (!/^\d{1,9}$/.test(value.trim())) throw new AppError('BAD_REQUEST', m.estudioInvalido, { errors: { estudio: [m.estudioInvalido] } });
            estudio = Number(value.trim());
          } else if (part.fieldname === 'mapeo') mapeoTexto = value;
          else throw refuse(m.campoDesconocido(part.fieldname), 'non_field_errors');
          continue;
        }
        if (part.fieldname === 'archivo' && !archivo) {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file) {
            size += (chunk as Buffer).length;
            if (size > IMPORTAR_MAX_BYTES) {
              part.file.resume();
              throw refuse(m.archivoMuyGrande(IMPORTAR_MAX_BYTES / MB));
            }
            chunks.push(chunk as Buffer);
          }
          archivo = { nombre: (part.filename || 'planilla').slice(0, 255), contenido: Buffer.concat(chunks) };
        } else if (part.fieldname === 'documentos' && !zipRuta) {
          const ruta = path.join(dir, 'documentos.zip');
          try {
            await pipeline(part.file, contador(IMPORTAR_ZIP_MAX_BYTES), createWriteStream(ruta));
          } catch (error) {
            if (error instanceof Demasiado) throw refuse(m.zipMuyGrande(IMPORTAR_ZIP_MAX_BYTES / MB), 'documentos');
            throw error;
          }
          if (part.file.truncated) throw refuse(m.zipMuyGrande(IMPORTAR_ZIP_MAX_BYTES / MB), 'documentos');
          zipRuta = ruta;
        } else {
          part.file.resume();
          throw refuse(m.campoDesconocido(part.fieldname), 'non_field_errors');
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(m.zipMuyGrande(IMPORTAR_ZIP_MAX_BYTES / MB), 'documentos');
      throw refuse(m.archivoRequerido);
    }
    if (!archivo) throw refuse(m.archivoRequerido);
    let mapeo: ImportarMapeo | undefined;
    if (mapeoTexto !== undefined && mapeoTexto.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(mapeoTexto);
      } catch {
        throw refuse(m.mapeoInvalido, 'mapeo');
      }
      guardInput(json, request.routeOptions.config.maxInputString);
      const parsed = ImportarMapeoSchema.safeParse(json);
      if (!parsed.success) throw refuse(m.mapeoInvalido, 'mapeo');
      mapeo = parsed.data;
    }
    // The ZIP is checked before the sheet is read: a refused ZIP costs no parsing.
    let documentos: DocumentoZip[] = [];
    let ignorados: string[] = [];
    if (zipRuta) {
      try {
        ({ documentos, ignorados } = await leerDocumentosZip(zipRuta));
      } catch (error) {
        if (error instanceof ZipRefused) throw refuse(error.message, 'documentos');
        throw refuse(m.zipNoEsZip, 'documentos');
      }
    }
    const planilla = await leerPlanilla(archivo.nombre, archivo.contenido);
    return { estudio, archivoNombre: archivo.nombre, planilla, mapeo, documentos, ignorados };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
