import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type DocumentoEstampado,
  type DocumentoRef,
  type DocumentosEncargoResponse,
  type Encargo,
  type GenerarEstampadoValue,
  GuardarResultadosSchema,
  type PreviewEstampadoResponse,
  type PreviewEstampadoValue,
  RECEPTOR_CAMPO_LABELS,
  type ReceptorCampo,
  receptorFaltantes,
  type TipoEstampado,
  diligenciaMessages as dm,
  DOCUMENTO_ENLACE_SEGUNDOS,
  firmaMessages,
  estampadoMessages as m,
  normalizeRol,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { docxText } from '../../documents/docx/ooxml';
import { renderDocx, TemplateFormatError, templateMarkers } from '../../documents/docx/docx-stamp';
import { buildPlantillaBase } from '../../documents/docx/plantillas-base';
import { driveFolderId } from '../../integrations/google/drive-auth';
import { AppError } from '../../lib/app-error';
import { type AuditActor, SYSTEM_ACTOR } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import { plazoDeEstampado } from '../calendario/plazos.service';
import { registrarEvento } from '../ciclo-vida/eventos.repository';
import {
  completarHoraDiligencia,
  findTipoEstampado,
  findUltimaDiligencia,
  listTiposEstampado,
  type TipoEstampadoRow,
  toDiligenciaResumen,
  type UltimaDiligencia,
} from '../diligencias/diligencias.repository';
import { ESTADOS_CON_RESULTADOS, registrarResultados } from '../diligencias/diligencias.service';
import { type EncargoFull, findEncargoById, lockEncargosFullByRol } from '../encargos/encargos.repository';
import {
  deleteEstampado,
  findEstampado,
  findPlantillaForTipo,
  indexDocumento,
  insertEstampado,
  listEstampadosDeEncargo,
  type PlantillaRow,
  resolveSetting,
  tiposConPlantilla,
  unindexDocumento,
} from './estampados.repository';
import { valorSugerido } from '../honorarios/honorarios.service';
import { datosDeTerreno } from '../visitas/certificado';
import { estaFirmado, findPdfFirmado } from '../firma/firma.repository';
import { codigoParaEstampado } from '../firma/firma.service';
import type { CertificadoPdfs } from './estampados-pdf';
import { MissingMarkersError, type StampEngine, type StampTemplate } from './stamp-engine';
import { candidata, comoCertificado, conVisitaTipeada, decidir, fechaTexto, leerTipeado } from './stamp-diligencia';
import {
  buildStampPayload,
  type DiligenciaCertificado,
  normalizeDatos,
  receptorFields,
  type StampPayload,
  stampTitle,
} from './stamp-payload';

type TenantRow = typeof controlSchema.tenants.$inferSelect;
const { encargos } = tenantSchema;

export interface StampContext {
  db: TenantDb;
  controlDb: ControlDb;
  tenant: TenantRow;
  username: string;
  /** Who generates, for the audit trail. */
  actor?: AuditActor;
  engines: { local: StampEngine; google: StampEngine | null; carpetaPorDefecto?: string; pdfs?: CertificadoPdfs };
  signer: DocumentSigner;
  /** Base of the public verification page printed with each certificate's code (PUBLIC_URL). */
  publicUrl: string;
}

// ---------------------------------------------------------------------------------------------
// Signed download links: the document's url opens in a new tab, which carries no bearer token, so
// the link carries an HMAC over the document, the format and its expiry (DOCUMENTO_ENLACE_SEGUNDOS).

export type FormatoDocumento = 'docx' | 'pdf' | 'pdf_firmado';

export interface DocumentSigner {
  url(id: string, formato: FormatoDocumento, now?: Date): string;
  verify(id: string, formato: FormatoDocumento, exp: number | undefined, firma: string, now?: Date): boolean;
}

export const STAMP_PREFIX = '/estampados/api';

export async function createDocumentSigner(controlDb: ControlDb): Promise<DocumentSigner> {
  const key = await resolveSetting(controlDb, 'estampados_url_key', () => randomBytes(32).toString('base64url'));
  const sign = (id: string, formato: FormatoDocumento, exp: number) =>
    createHmac('sha256', key).update(`estampado:${id}:${formato}:${exp}`).digest('base64url');
  return {
    url(id, formato, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + DOCUMENTO_ENLACE_SEGUNDOS;
      const query = `exp=${exp}&firma=${sign(id, formato, exp)}${formato === 'docx' ? '' : `&formato=${formato}`}`;
      return `${STAMP_PREFIX}/estampados/documento/${id}/archivo?${query}`;
    },
    verify(id, formato, exp, firma, now = new Date()) {
      if (exp === undefined || !Number.isSafeInteger(exp) || exp * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(id, formato, exp));
      const given = Buffer.from(firma);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

function documentUrls(doc: { id: string; motor: 'local' | 'google'; urlExterna: string; hasPdf: boolean }, signer: DocumentSigner) {
  return {
    url: doc.motor === 'google' && doc.urlExterna ? doc.urlExterna : signer.url(doc.id, 'docx'),
    url_pdf: doc.hasPdf ? signer.url(doc.id, 'pdf') : null,
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

type TipoRow = TipoEstampadoRow;

/**
 * The assignment a request names (encargo_id, or a rol with exactly one assignment), read unlocked;
 * without one, the rol of a free payload.
 */
async function resolveEncargo(
  db: TenantDb,
  input: { datos: GenerarEstampadoValue['datos']; encargo_id?: number },
  sent: StampPayload,
): Promise<{ encargo: Encargo | null; numeroRol: string }> {
  const rol = normalizeRol(sent.numero_rol ?? '');
  let encargoId = input.encargo_id ?? idFrom(input.datos.encargo_id);
  if (encargoId === undefined && rol) {
    const rows = await db.select({ id: encargos.id }).from(encargos).where(eq(encargos.numeroRol, rol)).limit(2);
    if (rows.length === 1) encargoId = rows[0]?.id;
  }
  if (encargoId === undefined) {
    if (!rol) throw new AppError('BAD_REQUEST', m.faltanDatos, { errors: { numero_rol: [m.faltanDatos] } });
    return { encargo: null, numeroRol: rol };
  }
  const encargo = await findEncargoById(db, encargoId);
  if (!encargo) throw new AppError('NOT_FOUND', dm.encargoNoEncontrado);
  if (rol && rol !== encargo.numero_rol) throw new AppError('BAD_REQUEST', dm.encargoNoCorrespondeRol);
  return { encargo, numeroRol: encargo.numero_rol };
}

/** The receiver's identity fields missing from their record: the list 'Mis datos de receptor' shows. */
export function receptorIncompleto(tenant: TenantRow): ReceptorCampo[] {
  return receptorFaltantes(tenant);
}

/** Which identity field each receiver marker prints (receptor_titulo has a default and needs none). */
const MARCADOR_RECEPTOR: Record<string, ReceptorCampo> = {
  receptor_nombre: 'nombre',
  receptor_rut: 'rut',
  receptor_rut_linea: 'rut',
  receptor_direccion: 'direccion',
  receptor_comuna: 'comuna',
  lugar_certificado: 'comuna',
};

/**
 * A warning when the template prints the receiver's identity and a field without a default is missing
 * (an empty title prints 'Receptor Judicial'). It names the whole missing list, as 'Mis datos de
 * receptor' does, so both screens say the same.
 */
function advertenciasReceptor(markers: readonly string[], faltan: readonly ReceptorCampo[]): string[] {
  const imprime = markers.some((x) => MARCADOR_RECEPTOR[x] !== undefined);
  const hueco = faltan.some((campo) => campo !== 'titulo');
  return imprime && hueco ? [m.receptorIncompleto(faltan.map((c) => RECEPTOR_CAMPO_LABELS[c]))] : [];
}

/** The fee of a type on an assignment: the one rule of the results save and GET /honorarios/sugerido/. */
const honorarioDe = (db: TenantDb, encargoId: number, tipo: TipoRow) => valorSugerido(db, encargoId, tipo.id, tipo.valorPorDefecto);

/** The payload of an assignment's certificate: the stored data, its diligence and the client's extra keys. */
function payloadOf(
  ctx: Pick<StampContext, 'tenant'>,
  encargo: Encargo,
  tipo: TipoRow,
  diligencia: DiligenciaCertificado | undefined,
  sent: StampPayload,
  honorario: number,
) {
  const built = buildStampPayload({
    encargo,
    diligencia,
    tipoNombre: tipo.nombre,
    honorario,
    receptor: ctx.tenant,
  });
  return { ...sent, ...built };
}

/** A payload with no assignment behind it: the client's data and the receiver's own. */
function freePayload(ctx: Pick<StampContext, 'tenant'>, sent: StampPayload, numeroRol: string): StampPayload {
  return { ...sent, numero_rol: numeroRol, ...receptorFields(ctx.tenant, sent.lugar_certificado || sent.domicilio_comuna || null) };
}

function markersError(error: unknown): never {
  if (error instanceof MissingMarkersError) {
    throw new AppError('BAD_REQUEST', m.faltanMarcadores(error.marcadores), { errors: { marcadores: error.marcadores.map((x) => `<<${x}>>`) } });
  }
  if (error instanceof TemplateFormatError) throw new AppError('BAD_REQUEST', m.plantillaInvalida);
  throw error;
}

/** The results-save refusal as a generation answers it: the first reason, and every reason by field. */
function resultadosInvalidos(error: z.ZodError): never {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'resultados');
    (errors[key] ??= []).push(issue.message);
  }
  throw new AppError('BAD_REQUEST', error.issues[0]?.message ?? dm.errorGuardarResultados, { errors });
}

const horaRequerida = () => new AppError('BAD_REQUEST', dm.horaRequerida, { errors: { hora_diligencia: [dm.horaRequerida] } });

/**
 * The diligence an assignment's certificate is filled from, inside the generation's transaction
 * (the assignment locked): the stored one; the stored one with the hour the receiver now gives; or
 * the typed results, stored first with the rules of 'Estampar Más Tarde'. Never a certificate
 * without its diligence on record.
 */
async function diligenciaParaGenerar(
  tx: TenantDb,
  ctx: StampContext,
  found: EncargoFull,
  tipo: TipoRow,
  sent: StampPayload,
  now: Date,
): Promise<UltimaDiligencia> {
  const encargoId = found.row.id;
  const actor = ctx.actor ?? { ...SYSTEM_ACTOR, username: ctx.username };
  const tipeado = leerTipeado(sent);
  if (tipeado.horaInvalida) throw new AppError('BAD_REQUEST', dm.horaInvalida, { errors: { hora_diligencia: [dm.horaInvalida] } });
  const stored = await findUltimaDiligencia(tx, encargoId);
  if (!stored && !tipeado.hay) {
    throw new AppError('BAD_REQUEST', dm.primeroResultados, { errors: { resultados: [dm.primeroResultados] } });
  }
  if (tipeado.fechaInvalida) throw new AppError('BAD_REQUEST', dm.fechaInvalida, { errors: { fecha_diligencia: [dm.fechaInvalida] } });
  if (tipeado.valorInvalido) throw new AppError('BAD_REQUEST', dm.valorInvalido, { errors: { valor_cobrado: [dm.valorInvalido] } });
  const cand = candidata(stored, tipeado, tipo, await honorarioDe(tx, encargoId, tipo));
  const decision = decidir(stored, cand);
  if (decision.accion === 'usar' && stored) {
    if (!stored.horaInformada) throw horaRequerida();
    return stored;
  }
  if (decision.accion === 'completar_hora' && stored) {
    const row = await completarHoraDiligencia(tx, stored.id, decision.fecha);
    await recordAudit(tx, actor, {
      entidad: 'diligencia',
      entidadId: stored.id,
      accion: 'completar_hora',
      cambios: diffFields(toDiligenciaResumen(stored), toDiligenciaResumen(row), ['id']),
    });
    return { ...row, tipoNombre: stored.tipoNombre };
  }
  if (!ESTADOS_CON_RESULTADOS.includes(found.row.estado)) {
    const reason = dm.estadoNoPermitido(found.row.estado);
    throw new AppError('BAD_REQUEST', reason, { errors: { resultados: [reason] } });
  }
  const parsed = GuardarResultadosSchema.safeParse({
    numero_rol: found.row.numeroRol,
    encargo_id: encargoId,
    resultado_id: cand.tipoId,
    fecha_diligencia: fechaTexto(cand),
    apuntes_terreno: cand.apuntes,
    valor_personalizado: cand.valorCobrado,
    observaciones_diligencia: cand.observaciones,
    tratamiento: cand.tratamiento,
    informante: cand.informante,
    informante_relacion: cand.relacion,
    hora_informada: cand.hora !== null,
    lugar_requerimiento: sent.lugar_requerimiento,
    dias_tabla: sent.dias_tabla,
    // Results from a field visit keep its link (its exact instant, address and copies).
    visita_uuid: sent.visita_uuid?.trim() || cand.visitaUuid || undefined,
    entrega_copias: cand.entregaCopias ?? undefined,
    firma_notificado: cand.firmaNotificado ?? undefined,
  });
  if (!parsed.success) return resultadosInvalidos(parsed.error);
  if (!parsed.data.hora_informada) throw horaRequerida();
  return (await registrarResultados(tx, parsed.data, actor, { controlDb: ctx.controlDb, tenantId: ctx.tenant.id }, now)).diligencia;
}

export interface EstampadoGenerado {
  documento: DocumentoRef;
  advertencias: string[];
  receptor_incompleto: ReceptorCampo[];
}

/**
 * POST /estampados/generar: fills the type's template and stores (or links) the document. For an
 * assignment, in one transaction with the diligence it is filled from (see diligenciaParaGenerar).
 */
export async function generarEstampado(ctx: StampContext, input: GenerarEstampadoValue, now = new Date()): Promise<EstampadoGenerado> {
  const tipo = await resolveTipo(ctx.db, input.tipo_estampado);
  const plantilla = await resolvePlantilla(ctx.db, tipo);
  const sent = normalizeDatos(input.datos);
  const { encargo, numeroRol } = await resolveEncargo(ctx.db, input, sent);
  const titulo = input.titulo_documento || stampTitle(tipo.nombre, numeroRol);
  const template: StampTemplate = {
    id: plantilla.id,
    nombre: plantilla.nombre,
    docx: plantillaDocx(plantilla),
    googleDocumentId: plantilla.googleDocumentId,
  };
  const engine = ctx.engines.google && plantilla.googleDocumentId ? ctx.engines.google : ctx.engines.local;
  const carpetaId = driveFolderId(ctx.tenant.carpetaEstampadosUrl) || ctx.engines.carpetaPorDefecto;
  const render = (datos: StampPayload) =>
    engine.generate({ template, datos, titulo, validar: input.validar_marcadores, carpetaId }).catch(markersError);
  const encargoId = encargo?.id ?? null;

  const doc = await ctx.db.transaction(async (tx) => {
    let datos: StampPayload;
    if (encargo) {
      // Locked as a results save locks them (every assignment of the rol), then the one named.
      const found = (await lockEncargosFullByRol(tx, encargo.numero_rol)).find((r) => r.encargo.id === encargo.id);
      if (!found) throw new AppError('NOT_FOUND', dm.encargoNoEncontrado);
      const diligencia = await diligenciaParaGenerar(tx, ctx, found, tipo, sent, now);
      // The searches and attempts recorded at the address, and the art. 46 letter (issue 23).
      datos = { ...payloadOf(ctx, found.encargo, tipo, diligencia, sent, diligencia.valorFinal), ...(await datosDeTerreno(tx, found.encargo, diligencia, now)) };
    } else {
      datos = freePayload(ctx, sent, numeroRol);
    }
    const result = await render(datos);
    // Every certificate carries its verification code (issue 26), printed at the end of its DOCX.
    const { codigo, docx } = await codigoParaEstampado(ctx.controlDb, ctx.tenant.id, ctx.publicUrl, result.docx);
    const inserted = await insertEstampado(tx, {
      encargoId,
      numeroRol,
      tipoEstampadoId: tipo.id,
      titulo,
      codigoVerificacion: codigo,
      archivoDocx: docx,
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
      await plazoDeEstampado(
        tx,
        { controlDb: ctx.controlDb, tenantId: ctx.tenant.id },
        { encargoId, estampadoId: inserted.id, generado: now },
        ctx.actor ?? { ...SYSTEM_ACTOR, username: ctx.username },
      );
      await registrarEvento(tx, {
        encargoId,
        tipo: 'estampado_generado',
        instante: now,
        actor: ctx.username,
        datos: { estampado_id: inserted.id, titulo, tipo: tipo.nombre },
        origen: `estampado:${inserted.id}`,
      });
    }
    return inserted;
  });
  await indexDocumento(ctx.controlDb, doc.id, ctx.tenant.id);
  if (doc.motor === 'local') ctx.engines.pdfs?.schedule(ctx.tenant.id, doc.id);
  const faltan = receptorIncompleto(ctx.tenant);
  return {
    documento: {
      id: doc.id,
      ...documentUrls({ id: doc.id, motor: doc.motor, urlExterna: doc.urlExterna, hasPdf: doc.archivoPdf !== null }, ctx.signer),
      titulo,
      motor: doc.motor,
      numero_rol: numeroRol,
      encargo_id: encargoId,
    },
    advertencias: advertenciasReceptor(safeMarkers(template.docx), faltan),
    receptor_incompleto: faltan,
  };
}

function safeMarkers(docx: Buffer): string[] {
  try {
    return templateMarkers(docx);
  } catch {
    return [];
  }
}

/**
 * POST /estampados/preview: the certificate's text as it would read, with the typed results laid over
 * the stored ones — nothing is stored — and the markers that would stay empty.
 */
export async function previewEstampado(
  ctx: Pick<StampContext, 'db' | 'tenant'>,
  input: PreviewEstampadoValue,
): Promise<PreviewEstampadoResponse> {
  const tipo = await resolveTipo(ctx.db, input.tipo_estampado);
  const plantilla = await resolvePlantilla(ctx.db, tipo);
  const sent = normalizeDatos(input.datos);
  const { encargo, numeroRol } = await resolveEncargo(ctx.db, input, sent);
  const avisos: string[] = [];
  let datos: StampPayload;
  if (encargo) {
    const stored = await findUltimaDiligencia(ctx.db, encargo.id);
    const tipeado = leerTipeado(sent);
    const honorario = await honorarioDe(ctx.db, encargo.id, tipo);
    let diligencia: DiligenciaCertificado | undefined;
    if (stored || tipeado.hay) {
      diligencia = await conVisitaTipeada(ctx.db, encargo.id, comoCertificado(candidata(stored, { ...tipeado, horaInvalida: false }, tipo, honorario)), sent.visita_uuid);
      if (!diligencia?.horaInformada) avisos.push(dm.horaRequerida);
    } else {
      avisos.push(dm.primeroResultados);
    }
    datos = { ...payloadOf(ctx, encargo, tipo, diligencia, sent, honorario), ...(await datosDeTerreno(ctx.db, encargo, diligencia)) };
  } else {
    datos = freePayload(ctx, sent, numeroRol);
  }
  try {
    const docx = plantillaDocx(plantilla);
    const rendered = renderDocx(docx, datos);
    const markers = templateMarkers(docx);
    const filled: Record<string, string> = {};
    for (const [key, value] of Object.entries(datos)) if (value !== null) filled[key] = value;
    const faltan = receptorIncompleto(ctx.tenant);
    return {
      success: true,
      plantilla: { id: plantilla.id, nombre: plantilla.nombre },
      titulo: stampTitle(tipo.nombre, numeroRol),
      datos: filled,
      texto: docxText(rendered.docx),
      marcadores_faltantes: markers.filter((x) => datos[x] === null || datos[x] === undefined),
      advertencias: [...avisos, ...advertenciasReceptor(markers, faltan)],
      receptor_incompleto: faltan,
    };
  } catch (error) {
    return markersError(error);
  }
}

/** GET /api/v1/encargos/{id}/estampados/: the assignment's documents, newest first. */
export async function listDocumentosEncargo(db: TenantDb, signer: DocumentSigner, encargoId: number): Promise<DocumentosEncargoResponse> {
  const rows = await listEstampadosDeEncargo(db, encargoId);
  if (rows === null) throw new AppError('NOT_FOUND', dm.encargoNoEncontrado);
  return {
    results: rows.map((doc) => ({
      id: doc.id,
      ...documentUrls({ id: doc.id, motor: doc.motor, urlExterna: doc.urlExterna, hasPdf: doc.hasPdf }, signer),
      titulo: doc.titulo,
      motor: doc.motor,
      numero_rol: doc.numeroRol,
      encargo_id: doc.encargoId,
      tipo_estampado: doc.tipoEstampadoId !== null && doc.tipoNombre !== null ? { id: doc.tipoEstampadoId, nombre: doc.tipoNombre } : null,
      creado_por: doc.creadoPor,
      fecha_creacion: toSantiagoIso(doc.fechaCreacion),
      fecha_notificacion: doc.fechaNotificacion ? toSantiagoIso(doc.fechaNotificacion) : null,
    })),
  };
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
    // A signed certificate is evidence (its signed PDF is append-only): it stays.
    if (found && (await estaFirmado(tx, id))) throw new AppError('BAD_REQUEST', firmaMessages.firmadoNoSeElimina);
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
export async function documentoArchivo(db: TenantDb, id: string, formato: FormatoDocumento) {
  const { doc } = await loadDocumento(db, id);
  const bytes = formato === 'pdf_firmado' ? (await findPdfFirmado(db, id))?.pdf : formato === 'pdf' ? doc.archivoPdf : doc.archivoDocx;
  if (!bytes) throw new AppError('NOT_FOUND', m.noEncontrado);
  const base = doc.titulo.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'estampado';
  return {
    bytes,
    mime: formato === 'docx' ? DOCX_MIME : 'application/pdf',
    filename: formato === 'pdf_firmado' ? `${base} (firmado).pdf` : `${base}.${formato}`,
    googleUrl: doc.motor === 'google' ? doc.urlExterna : '',
  };
}
