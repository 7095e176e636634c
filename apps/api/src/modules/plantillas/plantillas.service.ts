import {
  type CrearPlantillaValue,
  descripcionMarcador,
  MARCADORES,
  type MarcadorInfo,
  MARCADOR_NOMBRES,
  type Plantilla,
  plantillaMessages as m,
  storedPlantillaName,
  toSantiagoIso,
  type VerificarPlantillaResponse,
} from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { isDocx } from '../../documents/docx/ooxml';
import { TemplateFormatError, templateMarkers } from '../../documents/docx/docx-stamp';
import { googleDocumentId, googleDocumentUrl } from '../../integrations/google/drive-auth';
import { AppError } from '../../lib/app-error';
import { findTipoEstampado } from '../diligencias/diligencias.repository';
import { plantillaDocx } from '../estampados/estampados.service';
import {
  findPlantilla,
  findPlantillaRow,
  insertPlantilla,
  listPlantillas,
  type PlantillaListRow,
  updatePlantillaArchivo,
} from './plantillas.repository';

export const PLANTILLAS_PREFIX = '/estampados/api/plantillas';

function toPlantilla(row: PlantillaListRow, receptor: string): Plantilla {
  return {
    id: row.id,
    nombre: row.nombre,
    receptor,
    fechaModificacion: toSantiagoIso(row.fechaModificacion),
    modificadoPor: row.modificadoPor,
    tipoEstampado: row.tipoNombre ?? null,
    tipoEstampadoId: row.tipoEstampadoId,
    url: row.googleDocumentUrl || null,
    url_descarga: `${PLANTILLAS_PREFIX}/${row.id}/archivo`,
    personalizada: Boolean(row.personalizada),
  };
}

export async function getPlantillas(db: TenantDb, receptor: string): Promise<Plantilla[]> {
  return (await listPlantillas(db)).map((row) => toPlantilla(row, receptor));
}

export async function getPlantilla(db: TenantDb, id: number, receptor: string): Promise<Plantilla> {
  const row = await findPlantilla(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.noEncontrada);
  return toPlantilla(row, receptor);
}

export function marcadoresReferencia(): MarcadorInfo[] {
  return MARCADORES.map(({ marcador, descripcion }) => ({ marcador, descripcion }));
}

async function loadDocx(db: TenantDb, id: number): Promise<{ docx: Buffer; nombre: string }> {
  const row = await findPlantillaRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.noEncontrada);
  return { docx: plantillaDocx(row), nombre: row.nombre };
}

function markersOf(docx: Buffer): string[] | null {
  try {
    return templateMarkers(docx);
  } catch (error) {
    if (error instanceof TemplateFormatError) return null;
    throw error;
  }
}

/** The markers a template uses, with their descriptions ('Sin descripción' for unknown ones). */
export async function marcadoresDePlantilla(db: TenantDb, id: number): Promise<MarcadorInfo[]> {
  const { docx } = await loadDocx(db, id);
  return (markersOf(docx) ?? []).map((marcador) => ({ marcador, descripcion: descripcionMarcador(marcador) }));
}

/** A template is valid when Word can open it and every marker is a known one. */
function verify(docx: Buffer): VerificarPlantillaResponse {
  const markers = isDocx(docx) ? markersOf(docx) : null;
  if (markers === null) {
    return { success: true, valida: false, marcadores: [], marcadores_desconocidos: [], errores: [m.archivoInvalido] };
  }
  const unknown = markers.filter((x) => !MARCADOR_NOMBRES.includes(x));
  return {
    success: true,
    valida: unknown.length === 0,
    marcadores: markers,
    marcadores_desconocidos: unknown,
    errores: unknown.length > 0 ? [m.marcadoresDesconocidos(unknown)] : [],
  };
}

export async function verificarPlantilla(db: TenantDb, id: number): Promise<VerificarPlantillaResponse> {
  return verify((await loadDocx(db, id)).docx);
}

/** Creates plantilla_{name}_receptoria with the general certificate wording (or a Google Docs link). */
export async function crearPlantilla(db: TenantDb, input: CrearPlantillaValue, usuario: string, receptor: string): Promise<Plantilla> {
  if (!(await findTipoEstampado(db, input.tipo_estampado))) {
    throw new AppError('BAD_REQUEST', m.tipoInvalido, { errors: { tipo_estampado: [m.tipoInvalido] } });
  }
  const docId = googleDocumentId(input.google_document_url);
  if (input.google_document_url && !docId) throw new AppError('BAD_REQUEST', m.googleNoDisponible);
  const id = await insertPlantilla(db, {
    nombre: storedPlantillaName(input.nombre_plantilla),
    tipoEstampadoId: input.tipo_estampado,
    plantillaBase: '',
    googleDocumentId: docId,
    googleDocumentUrl: docId ? googleDocumentUrl(docId) : '',
    modificadoPor: usuario,
  });
  if (id === undefined) throw new AppError('CONFLICT', m.nombreDuplicado, { errors: { nombre_plantilla: [m.nombreDuplicado] } });
  return getPlantilla(db, id, receptor);
}

export const PLANTILLA_MAX_BYTES = 5 * 1024 * 1024;

/** An upload whose markers no certificate can fill: refused (422) unless the request keeps it anyway. */
export class UnknownMarkersError extends Error {
  constructor(readonly marcadores: string[]) {
    super(m.plantillaConDesconocidos(marcadores));
    this.name = 'UnknownMarkersError';
  }
}

/**
 * Replaces a template's file with an uploaded DOCX (a real Word document, at most 5 MB). A file with
 * unknown markers is stored only when `aceptarDesconocidos` is set; they come back as `advertencias`.
 */
export async function subirArchivo(
  db: TenantDb,
  id: number,
  bytes: Buffer,
  usuario: string,
  receptor: string,
  options: { aceptarDesconocidos?: boolean; now?: Date } = {},
) {
  if (!(await findPlantillaRow(db, id))) throw new AppError('NOT_FOUND', m.noEncontrada);
  if (bytes.length > PLANTILLA_MAX_BYTES) throw new AppError('BAD_REQUEST', m.archivoDemasiadoGrande);
  const check = verify(bytes);
  if (check.errores.includes(m.archivoInvalido)) throw new AppError('BAD_REQUEST', m.archivoInvalido);
  const unknown = check.marcadores_desconocidos;
  if (unknown.length > 0 && !options.aceptarDesconocidos) throw new UnknownMarkersError(unknown);
  await updatePlantillaArchivo(db, id, bytes, usuario, options.now ?? new Date());
  return { plantilla: await getPlantilla(db, id, receptor), verificacion: check, advertencias: unknown };
}

export async function descargarArchivo(db: TenantDb, id: number) {
  return loadDocx(db, id);
}
