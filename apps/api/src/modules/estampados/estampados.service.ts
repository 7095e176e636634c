import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type DocumentoEstampado,
  type DocumentoRef,
  type GenerarEstampadoValue,
  type PreviewEstampadoResponse,
  type PreviewEstampadoValue,
  type TipoEstampado,
  diligenciaMessages,
  estampadoMessages as m,
  normalizeRol,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import { docxText } from '../../documents/docx/ooxml';
import { renderDocx, TemplateFormatError, templateMarkers } from '../../documents/docx/docx-stamp';
import { buildPlantillaBase } from '../../documents/docx/plantillas-base';
import { driveFolderId } from '../../integrations/google/drive-auth';
import { AppError } from '../../lib/app-error';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import { findUltimaDiligencia, findTipoEstampado, listTiposEstampado, type TipoEstampadoRow } from '../diligencias/diligencias.repository';
import { findEncargoById } from '../encargos/encargos.repository';
import {
  deleteEstampado,
  findEstampado,
  findPlantillaForTipo,
  indexDocumento,
  insertEstampado,
  type PlantillaRow,
  resolveSetting,
  tiposConPlantilla,
  unindexDocumento,
} from './estampados.repository';
import { MissingMarkersError, type StampEngine, type StampTemplate } from './stamp-engine';
import { buildStampPayload, mergeClientDiligence, normalizeDatos, type StampPayload, stampTitle } from './stamp-payload';

type TenantRow = typeof controlSchema.tenants.$inferSelect;
const { encargos } = tenantSchema;

export interface StampContext {
  db: TenantDb;
  controlDb: ControlDb;
  tenant: TenantRow;
  username: string;
  /** Who generates, for the audit trail. */
  actor?: AuditActor;
  engines: { local: StampEngine; google: StampEngine | null; carpetaPorDefecto?: string };
  signer: DocumentSigner;
}

// ---------------------------------------------------------------------------------------------
// Signed download links: the document's url opens in a new tab, which carries no bearer token.

export interface DocumentSigner {
  sign(id: string): string;
  verify(id: string, firma: string): boolean;
}

export async function createDocumentSigner(controlDb: ControlDb): Promise<DocumentSigner> {
  const key = await resolveSetting(controlDb, 'estampados_url_key', () => randomBytes(32).toString('base64url'));
  const sign = (id: string) => createHmac('sha256', key).update(`estampado:${id}`).digest('base64url');
  return {
    sign,
    verify(id, firma) {
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(firma);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export const STAMP_PREFIX = '/estampados/api';

function documentUrls(doc: { id: string; motor: 'local' | 'google'; urlExterna: string; hasPdf: boolean }, signer: DocumentSigner) {
  const base = `${STAMP_PREFIX}/estampados/documento/${doc.id}/archivo?firma=${signer.sign(doc.id)}`;
  return {
    url: doc.motor === 'google' && doc.urlExterna ? doc.urlExterna : base,
    url_pdf: doc.hasPdf ? `${base}&formato=pdf` : null,
  };
}

// ---------------------------------------------------------------------------------------------

export async function listTipos(db: TenantDb): Promise<TipoEstampado[]> {
  const [tipos, conPlantilla] = await Promise.all([listTiposEstampado(db), tiposConPlantilla(db)]);
  return tipos.map((t) => ({
    id: t.id,
    nombre: t.nombre,
    codigo: t.codigo,
    valor_por_defecto: t.valorPorDefecto,
    tiene_plantilla: conPlantilla.has(t.id),
  }));
}

async function resolveTipo(db: TenantDb, ref: number | string): Promise<TipoEstampadoRow> {
  const tipo = await findTipoEstampado(db, ref);
  if (!tipo || !tipo.activo) throw new AppError('BAD_REQUEST', m.tipoInvalido, { errors: { tipo_estampado: [m.tipoInvalido] } });
  return tipo;
}

/** The template's DOCX: the uploaded file, else the built-in wording it names. */
export function plantillaDocx(plantilla: PlantillaRow): Buffer {
  return plantilla.archivo ?? buildPlantillaBase(plantilla.plantillaBase);
}

async function resolvePlantilla(db: TenantDb, tipo: TipoEstampadoRow): Promise<PlantillaRow> {
  const plantilla = await findPlantillaForTipo(db, tipo.id);
  if (!plantilla) throw new AppError('BAD_REQUEST', m.sinPlantilla);
  return plantilla;
}

function idFrom(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) return value;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 && Number(value) > 0) return Number(value);
  return undefined;
}

/**
 * The payload: built from the stored assignment when the request names one (encargo_id, or a rol with
 * exactly one assignment), with the diligence fields of the results form and the client's extra keys.
 * Without an assignment, the client's data.
 */
async function resolvePayload(
  ctx: Pick<StampContext, 'db' | 'tenant'>,
  tipo: TipoEstampadoRow,
  input: { datos: GenerarEstampadoValue['datos']; encargo_id?: number },
): Promise<{ datos: StampPayload; encargoId: number | null; numeroRol: string }> {
  const sent = normalizeDatos(input.datos);
  const rol = normalizeRol(sent.numero_rol ?? '');
  let encargoId = input.encargo_id ?? idFrom(input.datos.encargo_id);
  if (encargoId === undefined && rol) {
    const rows = await ctx.db.select({ id: encargos.id }).from(encargos).where(eq(encargos.numeroRol, rol)).limit(2);
    if (rows.length === 1) encargoId = rows[0]?.id;
  }
  if (encargoId === undefined) {
    if (!rol) throw new AppError('BAD_REQUEST', m.faltanDatos, { errors: { numero_rol: [m.faltanDatos] } });
    return { datos: { ...sent, numero_rol: rol }, encargoId: null, numeroRol: rol };
  }
  const encargo = await findEncargoById(ctx.db, encargoId);
  if (!encargo) throw new AppError('NOT_FOUND', diligenciaMessages.encargoNoEncontrado);
  if (rol && rol !== encargo.numero_rol) throw new AppError('BAD_REQUEST', diligenciaMessages.encargoNoCorrespondeRol);
  const built = buildStampPayload({
    encargo,
    diligencia: await findUltimaDiligencia(ctx.db, encargo.id),
    tipoNombre: tipo.nombre,
    valorPorDefecto: tipo.valorPorDefecto,
    receptor: { nombre: ctx.tenant.nombre, rut: ctx.tenant.rut, direccion: ctx.tenant.direccion, comuna: ctx.tenant.comuna },
  });
  return { datos: mergeClientDiligence(built, sent), encargoId: encargo.id, numeroRol: encargo.numero_rol };
}

function markersError(error: unknown): never {
  if (error instanceof MissingMarkersError) {
    throw new AppError('BAD_REQUEST', m.faltanDatos, { errors: { marcadores: error.marcadores.map((x) => `<<${x}>>`) } });
  }
  if (error instanceof TemplateFormatError) throw new AppError('BAD_REQUEST', m.plantillaInvalida);
  throw error;
}

/** POST /estampados/generar: fills the type's template and stores (or links) the document. */
export async function generarEstampado(ctx: StampContext, input: GenerarEstampadoValue): Promise<DocumentoRef> {
  const tipo = await resolveTipo(ctx.db, input.tipo_estampado);
  const plantilla = await resolvePlantilla(ctx.db, tipo);
  const { datos, encargoId, numeroRol } = await resolvePayload(ctx, tipo, input);
  const titulo = input.titulo_documento || stampTitle(tipo.nombre, numeroRol);
  const template: StampTemplate = {
    id: plantilla.id,
    nombre: plantilla.nombre,
    docx: plantillaDocx(plantilla),
    googleDocumentId: plantilla.googleDocumentId,
  };
  const engine = ctx.engines.google && plantilla.googleDocumentId ? ctx.engines.google : ctx.engines.local;
  const carpetaId = driveFolderId(ctx.tenant.carpetaEstampadosUrl) || ctx.engines.carpetaPorDefecto;
  const result = await engine
    .generate({ template, datos, titulo, validar: input.validar_marcadores, carpetaId })
    .catch(markersError);

  const doc = await ctx.db.transaction(async (tx) => {
    const inserted = await insertEstampado(tx, {
      encargoId,
      numeroRol,
      tipoEstampadoId: tipo.id,
      titulo,
      archivoDocx: result.docx,
      archivoPdf: result.pdf,
      urlExterna: result.externalUrl,
      motor: result.motor,
      creadoPor: ctx.username,
    });
    if (encargoId !== null) {
      await recordAudit(tx, ctx.actor ?? { ...SYSTEM_ACTOR, username: ctx.username }, {
        entidad: 'encargo',
        entidadId: encargoId,
        accion: 'estampado_generado',
        cambios: { estampado: { antes: null, despues: { id: inserted.id, titulo, tipo: tipo.nombre, motor: inserted.motor } } },
      });
    }
    return inserted;
  });
  await indexDocumento(ctx.controlDb, doc.id, ctx.tenant.id);
  return {
    id: doc.id,
    ...documentUrls({ id: doc.id, motor: doc.motor, urlExterna: doc.urlExterna, hasPdf: doc.archivoPdf !== null }, ctx.signer),
    titulo,
    motor: doc.motor,
    numero_rol: numeroRol,
    encargo_id: encargoId,
  };
}

/** POST /estampados/preview: the certificate's text and the markers that would stay empty. */
export async function previewEstampado(
  ctx: Pick<StampContext, 'db' | 'tenant'>,
  input: PreviewEstampadoValue,
): Promise<PreviewEstampadoResponse> {
  const tipo = await resolveTipo(ctx.db, input.tipo_estampado);
  const plantilla = await resolvePlantilla(ctx.db, tipo);
  const { datos, numeroRol } = await resolvePayload(ctx, tipo, input);
  try {
    const docx = plantillaDocx(plantilla);
    const rendered = renderDocx(docx, datos);
    const markers = templateMarkers(docx);
    const filled: Record<string, string> = {};
    for (const [key, value] of Object.entries(datos)) if (value !== null) filled[key] = value;
    return {
      success: true,
      plantilla: { id: plantilla.id, nombre: plantilla.nombre },
      titulo: stampTitle(tipo.nombre, numeroRol),
      datos: filled,
      texto: docxText(rendered.docx),
      marcadores_faltantes: markers.filter((x) => datos[x] === null || datos[x] === undefined),
    };
  } catch (error) {
    return markersError(error);
  }
}

async function loadDocumento(db: TenantDb, id: string) {
  const found = await findEstampado(db, id);
  if (!found) throw new AppError('NOT_FOUND', m.noEncontrado);
  return found;
}

export async function getDocumento(db: TenantDb, signer: DocumentSigner, id: string): Promise<DocumentoEstampado> {
  const { doc, tipoNombre } = await loadDocumento(db, id);
  return {
    id: doc.id,
    ...documentUrls({ id: doc.id, motor: doc.motor, urlExterna: doc.urlExterna, hasPdf: doc.archivoPdf !== null }, signer),
    titulo: doc.titulo,
    motor: doc.motor,
    numero_rol: doc.numeroRol,
    encargo_id: doc.encargoId,
    tipo_estampado: doc.tipoEstampadoId !== null && tipoNombre !== null ? { id: doc.tipoEstampadoId, nombre: tipoNombre } : null,
    creado_por: doc.creadoPor,
    fecha_creacion: toSantiagoIso(doc.fechaCreacion),
    fecha_notificacion: doc.fechaNotificacion ? toSantiagoIso(doc.fechaNotificacion) : null,
  };
}

export async function deleteDocumento(db: TenantDb, controlDb: ControlDb, id: string, actor: AuditActor = SYSTEM_ACTOR): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findEstampado(tx, id);
    if (!found || !(await deleteEstampado(tx, id))) throw new AppError('NOT_FOUND', m.noEncontrado);
    if (found.doc.encargoId !== null) {
      await recordAudit(tx, actor, {
        entidad: 'encargo',
        entidadId: found.doc.encargoId,
        accion: 'estampado_eliminado',
        cambios: { estampado: { antes: { id: found.doc.id, titulo: found.doc.titulo, tipo: found.tipoNombre }, despues: null } },
      });
    }
  });
  await unindexDocumento(controlDb, id);
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The file behind a signed link, from the database of the receiver that generated it. */
export async function documentoArchivo(db: TenantDb, id: string, formato: 'docx' | 'pdf') {
  const { doc } = await loadDocumento(db, id);
  const bytes = formato === 'pdf' ? doc.archivoPdf : doc.archivoDocx;
  if (!bytes) throw new AppError('NOT_FOUND', m.noEncontrado);
  const base = doc.titulo.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'estampado';
  return {
    bytes,
    mime: formato === 'pdf' ? 'application/pdf' : DOCX_MIME,
    filename: `${base}.${formato}`,
    googleUrl: doc.motor === 'google' ? doc.urlExterna : '',
  };
}
