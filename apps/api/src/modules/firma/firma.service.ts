import { createHash, randomBytes } from 'node:crypto';
import {
  type CertificadoFirma,
  type CertificadoFirmaResponse,
  codigoVerificacionDesdeBytes,
  type DocumentoFirma,
  type DocumentosFirmaQuery,
  type FirmarResponse,
  type FirmarResultado,
  type FirmarValue,
  firmaMessages as m,
  firmaTokenMessages,
  formatDate,
  formatearCodigoVerificacion,
  type MarcarDocumentoSubidoValue,
  rutaVerificacion,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type ControlDb, type controlSchema, type TenantDb } from '@receptoria/db';
import { AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit, recordControlAudit } from '../auditoria/auditoria.service';
import { cumplirPlazosDeEncargo } from '../calendario/plazos.service';
import { avanzarEncargo, instanteDeFecha } from '../ciclo-vida/ciclo-vida.service';
import type { DocumentSigner } from '../estampados/estampados.service';
import type { CifradoCertificados } from './cifrado';
import { type Comprobacion, comprobarFirmante } from './confianza.service';
import { docxConCodigo } from './docx-codigo';
import { firmarPdfPades, PdfIlegibleError, type PdfFirmado } from './firmar-pdf';
import {
  type CertificadoInsert,
  deleteCertificado,
  type DocumentoFirmaRow,
  estadoDe,
  findCertificado,
  findDocumento,
  findPdfsFirmados,
  findPdfVigente,
  indexCodigo,
  insertFirma,
  insertSubida,
  listDocumentos,
  lockParaFirmar,
  setCodigo,
  upsertCertificado,
} from './firma.repository';
import type { ObtenerRevocacion } from './ltv';
import { abrirP12, P12FormatoError, type P12Info, P12PasswordError, P12SinClaveError, vigencia } from './p12';
import { type ConfigTsa, TsaError } from './tsa';
import type { VerificadorRevocacion } from './revocacion';

type TenantRow = typeof controlSchema.tenants.$inferSelect;

/** What the signing routes share: the key of the stored certificates, the public URL, the link signer. */
export interface FirmaServicios {
  cifrado: CifradoCertificados;
  /** Base of the public verification page (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  enlaces: DocumentSigner;
  /** The RFC 3161 TSA (TSA_URL): null keeps signatures at PAdES B-B. */
  tsa: ConfigTsa | null;
  /** The chain and revocation answers embedded in each signed PDF (B-LT, then B-LTA); null stops at B-T. */
  ltv: ObtenerRevocacion | null;
  /** Revocation checks of signer certificates (OCSP/CRL), with their cache. */
  revocacion: VerificadorRevocacion;
}

export interface FirmaContext {
  db: TenantDb;
  controlDb: ControlDb;
  tenant: TenantRow;
  userId: number;
  actor: AuditActor;
  servicios: FirmaServicios;
}

// ---------------------------------------------------------------------------------------------
// Verification codes

/** A fresh code: 130 random bits as 26 base32 characters. */
export function nuevoCodigo(): string {
  return codigoVerificacionDesdeBytes(randomBytes(17));
}

export function urlVerificacion(publicUrl: string, codigo: string): string {
  return `${publicUrl}${rutaVerificacion(codigo)}`;
}

/**
 * A new certificate's verification code, indexed in the control database before the certificate is
 * stored (so every stored code is verifiable), and its DOCX with the code printed.
 */
export async function codigoParaEstampado(
  controlDb: ControlDb,
  tenantId: number,
  publicUrl: string,
  docx: Buffer | null,
): Promise<{ codigo: string; docx: Buffer | null }> {
  const codigo = nuevoCodigo();
  await indexCodigo(controlDb, codigo, tenantId);
  return { codigo, docx: docx ? docxConCodigo(docx, codigo, urlVerificacion(publicUrl, codigo)) : null };
}

// ---------------------------------------------------------------------------------------------
// Signing certificate

const fecha = (d: Date) => formatDate(d);

export function vigenciaError(info: Pick<P12Info, 'validoDesde' | 'validoHasta'>, now: Date): AppError | null {
  const estado = vigencia(info, now);
  if (estado === 'vigente') return null;
  const mensaje = estado === 'vencido' ? m.certificadoVencido(fecha(info.validoDesde), fecha(info.validoHasta)) : m.certificadoNoVigenteAun(fecha(info.validoDesde), fecha(info.validoHasta));
  return new AppError('BAD_REQUEST', mensaje, { errors: { archivo: [mensaje] } });
}

function abrir(bytes: Buffer, password: string) {
  try {
    return abrirP12(bytes, password);
  } catch (error) {
    if (error instanceof P12PasswordError) throw new AppError('BAD_REQUEST', m.passwordIncorrecta, { errors: { password: [m.passwordIncorrecta] } });
    if (error instanceof P12SinClaveError) throw new AppError('BAD_REQUEST', m.sinClavePrivada, { errors: { archivo: [m.sinClavePrivada] } });
    if (error instanceof P12FormatoError) throw new AppError('BAD_REQUEST', m.archivoInvalido, { errors: { archivo: [m.archivoInvalido] } });
    throw new AppError('BAD_REQUEST', m.archivoInvalido, { errors: { archivo: [m.archivoInvalido] } });
  }
}

export function certificadoDe(row: { nombre: string; rut: string; emisor: string; validoDesde: Date; validoHasta: Date }): CertificadoFirma {
  return { nombre: row.nombre, rut: row.rut, emisor: row.emisor, valido_desde: toSantiagoIso(row.validoDesde), valido_hasta: toSantiagoIso(row.validoHasta) };
}

/** The certificate may sign now (fit for signing, not revoked, the receiver's rule when unknown), per firma_sin_revocacion. */
export function comprobarAlFirmar(ctx: Pick<FirmaContext, 'db' | 'controlDb' | 'servicios'>, p12: ReturnType<typeof abrirP12>, now: Date): Promise<Comprobacion> {
  return comprobarFirmante({ db: ctx.db, controlDb: ctx.controlDb, revocacion: ctx.servicios.revocacion }, p12.firmante, p12.certificados, now);
}

/** POST /firma/certificado/: checks the file with its password, validity, fitness and revocation, then stores it encrypted. */
export async function subirCertificado(ctx: FirmaContext, bytes: Buffer, password: string, now = new Date()): Promise<CertificadoFirma> {
  const p12 = abrir(bytes, password);
  const { info } = p12;
  const invalido = vigenciaError(info, now);
  if (invalido) throw invalido;
  const comprobacion = await comprobarAlFirmar(ctx, p12, now);
  if (!comprobacion.ok) throw new AppError('BAD_REQUEST', comprobacion.motivo, { errors: { archivo: [comprobacion.motivo] } });
  return guardarCertificado(ctx, info, { tipo: 'p12', archivoCifrado: ctx.servicios.cifrado.cifrar(bytes), certificadosDer: null });
}

/**
 * Stores the user's signing certificate, checked (a .p12 encrypted, or a token's chain without key), in place
 * of the one before, and its audit row (a token's names its kind).
 */
export async function guardarCertificado(
  ctx: FirmaContext,
  info: P12Info,
  guardado: Pick<CertificadoInsert, 'tipo' | 'archivoCifrado' | 'certificadosDer' | 'tokenPss'>,
): Promise<CertificadoFirma> {
  const row = await upsertCertificado(ctx.db, {
    usuarioId: ctx.userId,
    ...guardado,
    nombre: info.nombre,
    rut: info.rut,
    emisor: info.emisor,
    numeroSerie: info.numeroSerie,
    huellaSha256: info.huellaSha256,
    validoDesde: info.validoDesde,
    validoHasta: info.validoHasta,
    cargadoPor: ctx.actor.username,
  });
  const despues = { ...(guardado.tipo === 'token' ? { tipo: 'token' } : {}), nombre: info.nombre, rut: info.rut, emisor: info.emisor, huella_sha256: info.huellaSha256 };
  await recordControlAudit(ctx.controlDb, ctx.tenant.id, ctx.actor, {
    entidad: 'usuario',
    entidadId: ctx.userId,
    accion: 'certificado_firma_cargado',
    cambios: { certificado_firma: { antes: null, despues } },
  });
  return certificadoDe(row);
}

export async function obtenerCertificado(ctx: Pick<FirmaContext, 'db' | 'userId' | 'servicios'>): Promise<CertificadoFirmaResponse> {
  const row = await findCertificado(ctx.db, ctx.userId);
  return {
    certificado: row ? { ...certificadoDe(row), cargado: toSantiagoIso(row.cargadoEn), tipo: row.tipo } : null,
    nivel_firma: ctx.servicios.tsa ? 'B-LTA' : 'B-B',
  };
}

export async function eliminarCertificado(ctx: FirmaContext): Promise<void> {
  const row = await deleteCertificado(ctx.db, ctx.userId);
  if (!row) throw new AppError('NOT_FOUND', m.sinCertificado);
  await recordControlAudit(ctx.controlDb, ctx.tenant.id, ctx.actor, {
    entidad: 'usuario',
    entidadId: ctx.userId,
    accion: 'certificado_firma_eliminado',
    cambios: { certificado_firma: { antes: { nombre: row.nombre, huella_sha256: row.huellaSha256 }, despues: null } },
  });
}

// ---------------------------------------------------------------------------------------------
// Documents

export function documentoDe(row: DocumentoFirmaRow, enlaces: DocumentSigner): DocumentoFirma {
  return {
    id: row.id,
    titulo: row.titulo,
    numero_rol: row.numeroRol,
    encargo_id: row.encargoId,
    tipo: row.tipo,
    estudio: row.estudioId !== null && row.estudioNombre !== null ? { id: row.estudioId, nombre: row.estudioNombre } : null,
    tribunal: row.tribunal,
    creado: toSantiagoIso(row.fechaCreacion),
    estado: estadoDe(row),
    url_pdf: row.tienePdf ? enlaces.url(row.id, 'pdf') : null,
    url_pdf_firmado: row.firmaId !== null ? enlaces.url(row.id, 'pdf_firmado') : null,
    codigo_verificacion: row.codigo ? formatearCodigoVerificacion(row.codigo) : null,
    firmado: row.firmadoEn ? toSantiagoIso(row.firmadoEn) : null,
    firmado_por: row.firmante,
    nivel: row.firmaId !== null ? row.nivel : null,
    subido: row.subido,
    revocacion: row.firmaId !== null && row.revocacionVerificada !== null ? { verificada: row.revocacionVerificada, motivo: row.revocacionMotivo } : null,
  };
}

export async function listarDocumentos(ctx: Pick<FirmaContext, 'db' | 'servicios'>, query: DocumentosFirmaQuery): Promise<DocumentoFirma[]> {
  return (await listDocumentos(ctx.db, query)).map((row) => documentoDe(row, ctx.servicios.enlaces));
}

async function documento(db: TenantDb, id: string): Promise<DocumentoFirmaRow> {
  const row = await findDocumento(db, id);
  if (!row) throw new AppError('NOT_FOUND', m.documentoNoEncontrado);
  return row;
}

export async function obtenerDocumento(ctx: Pick<FirmaContext, 'db' | 'servicios'>, id: string): Promise<DocumentoFirma> {
  return documentoDe(await documento(ctx.db, id), ctx.servicios.enlaces);
}

export function nombreArchivo(titulo: string, sufijo: string): string {
  const base = titulo.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim().slice(0, 150) || 'certificado';
  return `${base}${sufijo}.pdf`;
}

/** GET /firma/documentos/{id}/pdf/: the signed PDF when there is one, else the unsigned one. */
export async function pdfDocumento(db: TenantDb, id: string): Promise<{ bytes: Buffer; filename: string }> {
  const found = await findPdfVigente(db, id);
  if (!found) {
    await documento(db, id);
    throw new AppError('NOT_FOUND', m.documentoSinPdf);
  }
  return { bytes: found.pdf, filename: nombreArchivo(found.titulo, found.firmado ? ' (firmado)' : '') };
}

/** POST /firma/documentos/{id}/subido/: a signed certificate uploaded to the court on `fecha`; its upload deadline is met. */
export async function marcarSubido(ctx: FirmaContext, id: string, input: MarcarDocumentoSubidoValue, now = new Date()): Promise<DocumentoFirma> {
  if (input.fecha > todayIso(now)) throw new AppError('BAD_REQUEST', m.fechaSubidaFutura, { errors: { fecha: [m.fechaSubidaFutura] } });
  await ctx.db.transaction(async (tx) => {
    const doc = await lockParaFirmar(tx, id);
    if (!doc) throw new AppError('NOT_FOUND', m.documentoNoEncontrado);
    const actual = await documento(tx, id);
    if (actual.firmaId === null || actual.firmadoEn === null) throw new AppError('BAD_REQUEST', m.subidoSinFirma);
    if (actual.subido !== null) throw new AppError('BAD_REQUEST', m.yaSubido);
    if (input.fecha < todayIso(actual.firmadoEn)) throw new AppError('BAD_REQUEST', m.fechaSubidaAnterior, { errors: { fecha: [m.fechaSubidaAnterior] } });
    const subida = await insertSubida(tx, { estampadoId: id, fecha: input.fecha, registradaPor: ctx.actor.username });
    if (doc.encargoId !== null) {
      // The assignment's upload deadline (one per assignment, whichever certificate opened it) is met.
      await cumplirPlazosDeEncargo(tx, doc.encargoId, 'subida_estampado', input.fecha, ctx.actor);
      await recordAudit(tx, ctx.actor, {
        entidad: 'encargo',
        entidadId: doc.encargoId,
        accion: 'estampado_subido',
        cambios: { estampado_subido: { antes: null, despues: { id, fecha: input.fecha } } },
      });
      await avanzarEncargo(
        tx,
        {
          encargoId: doc.encargoId,
          tipo: 'estampado_subido',
          instante: instanteDeFecha(input.fecha, now),
          actor: ctx.actor.username,
          datos: { estampado_id: id, fecha: input.fecha },
          origen: `subida:${subida.id}`,
        },
        ctx.actor,
        now,
      );
    }
  });
  return obtenerDocumento(ctx, id);
}

export async function pdfsFirmados(db: TenantDb, ids: readonly string[]) {
  const rows = await findPdfsFirmados(db, ids);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', m.sinFirmados);
  const usados = new Map<string, number>();
  return rows.map((row) => {
    let name = nombreArchivo(row.titulo, ' (firmado)');
    const n = (usados.get(name) ?? 0) + 1;
    usados.set(name, n);
    if (n > 1) name = name.replace(/\.pdf$/, ` ${n}.pdf`);
    return { name, bytes: row.pdf };
  });
}

// ---------------------------------------------------------------------------------------------
// Signing

/**
 * POST /firma/firmar/: the user's certificate opened once with the password (a wrong one or an
 * expired certificate refuses the whole batch before anything is written), then each certificate
 * signed on its own: its result says why one was not.
 */
export async function firmar(ctx: FirmaContext, input: FirmarValue, now = new Date()): Promise<FirmarResponse> {
  const cert = await findCertificado(ctx.db, ctx.userId);
  if (!cert) throw new AppError('BAD_REQUEST', m.sinCertificado);
  if (cert.tipo === 'token' || cert.archivoCifrado === null) throw new AppError('BAD_REQUEST', firmaTokenMessages.certificadoEsToken);
  let bytes: Buffer;
  try {
    bytes = ctx.servicios.cifrado.descifrar(cert.archivoCifrado);
  } catch {
    throw new AppError('BAD_REQUEST', m.certificadoIlegible);
  }
  const p12 = abrir(bytes, input.password);
  const invalido = vigenciaError(p12.info, now);
  if (invalido) throw invalido;
  // Revoked (or unknown under 'rechazar'): every document answers why, and nothing is written.
  const comprobacion = await comprobarAlFirmar(ctx, p12, now);
  if (!comprobacion.ok) {
    const motivo = comprobacion.motivo;
    return { results: input.documento_ids.map((id) => fallo(id, motivo)), firmados: 0 };
  }
  const firmante = { ...p12, cadena: comprobacion.cadena };
  const results: FirmarResultado[] = [];
  for (const id of input.documento_ids) results.push(await firmarUno(ctx, firmante, id, now, comprobacion.revocacion));
  return { results, firmados: results.filter((r) => r.ok).length };
}

const fallo = (id: string, error: string): FirmarResultado => ({ id, ok: false, error, motivo: error, url_pdf_firmado: null, codigo_verificacion: null });

export type RevocacionAlFirmar = Extract<Comprobacion, { ok: true }>['revocacion'];

async function firmarUno(ctx: FirmaContext, p12: ReturnType<typeof abrirP12>, id: string, now: Date, revocacion: RevocacionAlFirmar): Promise<FirmarResultado> {
  const doc = await ctx.db.transaction(async (tx) => lockParaFirmar(tx, id));
  if (!doc) return fallo(id, m.documentoNoEncontrado);
  if (doc.firmado) return fallo(id, m.documentoYaFirmado);
  if (!doc.pdf) return fallo(id, doc.motor === 'google' ? m.documentoGoogle : m.documentoSinPdf);
  let codigo = doc.codigo;
  if (!codigo) {
    // A certificate generated before codes existed gets one now (printed in the signature block).
    const nuevo = nuevoCodigo();
    await indexCodigo(ctx.controlDb, nuevo, ctx.tenant.id);
    await setCodigo(ctx.db, id, nuevo);
    codigo = (await findDocumento(ctx.db, id))?.codigo ?? nuevo;
  }
  let resultado: PdfFirmado;
  try {
    // With a TSA: the signature's timestamp (B-T), the chain and revocation answers (B-LT) and a document timestamp (B-LTA).
    resultado = await firmarPdfPades(doc.pdf, p12, {
      nombre: p12.info.nombre,
      rut: p12.info.rut,
      codigo,
      urlVerificacion: urlVerificacion(ctx.servicios.publicUrl, codigo),
      ubicacion: ctx.tenant.comuna || 'Chile',
      fecha: now,
    }, { tsa: ctx.servicios.tsa, revocacion: ctx.servicios.ltv });
  } catch (error) {
    if (error instanceof TsaError) return fallo(id, m.selloNoDisponible(error.message));
    return fallo(id, error instanceof PdfIlegibleError ? m.pdfIlegible : m.errorFirma);
  }
  return guardarFirmado(ctx, { id, codigo, resultado, info: p12.info, revocacion }, now);
}

/**
 * Stores a signed PDF (evidence, append-only) and moves its assignment ('estampado firmado', audited
 * once) in one transaction; shared by every way of signing (the key on this server or on the token).
 */
export async function guardarFirmado(
  ctx: FirmaContext,
  datos: { id: string; codigo: string; resultado: PdfFirmado; info: P12Info; revocacion: RevocacionAlFirmar },
  now: Date,
): Promise<FirmarResultado> {
  const { id, codigo, resultado, revocacion } = datos;
  const p12 = { info: datos.info };
  const firmado = resultado.pdf;
  const sha256 = createHash('sha256').update(firmado).digest('hex');
  try {
    await ctx.db.transaction(async (tx) => {
      const actual = await lockParaFirmar(tx, id);
      if (!actual) throw new AppError('NOT_FOUND', m.documentoNoEncontrado);
      if (actual.firmado) throw new AppError('CONFLICT', m.documentoYaFirmado);
      const firma = await insertFirma(tx, {
        estampadoId: id,
        archivoPdf: firmado,
        sha256,
        codigoVerificacion: codigo,
        firmanteNombre: p12.info.nombre,
        firmanteRut: p12.info.rut,
        emisor: p12.info.emisor,
        certificadoSerie: p12.info.numeroSerie,
        certificadoHuella: p12.info.huellaSha256,
        firmadoPor: ctx.actor.username,
        firmadoEn: now,
        nivel: resultado.nivel,
        selloVence: resultado.selloVence,
        revocacionVerificada: revocacion.verificada,
        revocacionMotivo: revocacion.motivo,
        revocacionFuente: revocacion.fuente,
      });
      if (actual.encargoId !== null) {
        await recordAudit(tx, ctx.actor, {
          entidad: 'encargo',
          entidadId: actual.encargoId,
          accion: 'estampado_firmado',
          cambios: { estampado_firmado: { antes: null, despues: { id, firmante: p12.info.nombre, sha256 } } },
        });
        await avanzarEncargo(
          tx,
          {
            encargoId: actual.encargoId,
            tipo: 'estampado_firmado',
            instante: now,
            actor: ctx.actor.username,
            datos: { estampado_id: id, firmante: p12.info.nombre },
            origen: `firma:${firma.id}`,
          },
          ctx.actor,
          now,
        );
      }
    });
  } catch (error) {
    if (error instanceof AppError) return fallo(id, error.message);
    if (uniqueViolation(error) !== undefined) return fallo(id, m.documentoYaFirmado);
    throw error;
  }
  return { id, ok: true, error: null, motivo: null, url_pdf_firmado: ctx.servicios.enlaces.url(id, 'pdf_firmado', now), codigo_verificacion: formatearCodigoVerificacion(codigo) };
}
