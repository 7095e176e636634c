import { createHash } from 'node:crypto';
import type { DocumentoFirmaEstado, DocumentosFirmaQuery } from '@receptoria/contracts';
import { type ControlDb, controlSchema, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { nivelVigenteSql, pdfVigenteSql } from './resellos';

const { estampados, estampadoFirmas, estampadoSubidas, firmaCertificados, encargos, estudios, tribunales, tiposEstampado } = tenantSchema;
const { verificacionCodigos, tenants } = controlSchema;

export type CertificadoRow = typeof firmaCertificados.$inferSelect;
export type CertificadoInsert = typeof firmaCertificados.$inferInsert;
export type FirmaInsert = typeof estampadoFirmas.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Signing certificates (one per user)

export async function findCertificado(db: TenantDb, usuarioId: number): Promise<CertificadoRow | undefined> {
  const [row] = await db.select().from(firmaCertificados).where(eq(firmaCertificados.usuarioId, usuarioId));
  return row;
}

/** Stores the user's certificate, replacing the one they had. */
export async function upsertCertificado(db: TenantDb, values: CertificadoInsert): Promise<CertificadoRow> {
  const { usuarioId: _usuario, ...cambios } = values;
  const [row] = await db
    .insert(firmaCertificados)
    .values(values)
    .onConflictDoUpdate({ target: firmaCertificados.usuarioId, set: { ...cambios, cargadoEn: sql`now()` } })
    .returning();
  return row as CertificadoRow;
}

export async function deleteCertificado(db: TenantDb, usuarioId: number): Promise<CertificadoRow | undefined> {
  const [row] = await db.delete(firmaCertificados).where(eq(firmaCertificados.usuarioId, usuarioId)).returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Documents and their state

const tienePdf = sql<boolean>`${estampados.archivoPdf} is not null`;

const columnasDocumento = {
  id: estampados.id,
  titulo: estampados.titulo,
  numeroRol: estampados.numeroRol,
  encargoId: estampados.encargoId,
  motor: estampados.motor,
  fechaCreacion: estampados.fechaCreacion,
  codigo: estampados.codigoVerificacion,
  tienePdf,
  tipo: tiposEstampado.nombre,
  estudioId: estudios.id,
  estudioNombre: estudios.nombre,
  tribunal: tribunales.nombre,
  firmaId: estampadoFirmas.id,
  firmadoEn: estampadoFirmas.firmadoEn,
  firmante: estampadoFirmas.firmanteNombre,
  nivel: nivelVigenteSql,
  firmaSha256: estampadoFirmas.sha256,
  revocacionVerificada: estampadoFirmas.revocacionVerificada,
  revocacionMotivo: estampadoFirmas.revocacionMotivo,
  subido: estampadoSubidas.fecha,
};

export type DocumentoFirmaRow = {
  id: string;
  titulo: string;
  numeroRol: string;
  encargoId: number | null;
  motor: 'local' | 'google';
  fechaCreacion: Date;
  codigo: string | null;
  tienePdf: boolean;
  tipo: string | null;
  estudioId: number | null;
  estudioNombre: string | null;
  tribunal: string | null;
  firmaId: number | null;
  firmadoEn: Date | null;
  firmante: string | null;
  /** PAdES level of the signed PDF served (its latest revision's). */
  nivel: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | null;
  firmaSha256: string | null;
  revocacionVerificada: boolean | null;
  revocacionMotivo: string | null;
  subido: string | null;
};

function consultaDocumentos(db: TenantDb) {
  return db
    .select(columnasDocumento)
    .from(estampados)
    .leftJoin(tiposEstampado, eq(tiposEstampado.id, estampados.tipoEstampadoId))
    .leftJoin(encargos, eq(encargos.id, estampados.encargoId))
    .leftJoin(estudios, eq(estudios.id, encargos.estudioId))
    .leftJoin(tribunales, eq(tribunales.id, encargos.tribunalId))
    .leftJoin(estampadoFirmas, eq(estampadoFirmas.estampadoId, estampados.id))
    .leftJoin(estampadoSubidas, eq(estampadoSubidas.estampadoId, estampados.id));
}

export function estadoDe(row: Pick<DocumentoFirmaRow, 'tienePdf' | 'firmaId' | 'subido'>): DocumentoFirmaEstado {
  if (row.subido !== null) return 'subido';
  if (row.firmaId !== null) return 'firmado';
  return row.tienePdf ? 'pdf' : 'sin_pdf';
}

const FILTRO_ESTADO: Record<DocumentoFirmaEstado, SQL | undefined> = {
  sin_pdf: and(isNull(estampados.archivoPdf), isNull(estampadoFirmas.id)),
  pdf: and(isNotNull(estampados.archivoPdf), isNull(estampadoFirmas.id)),
  firmado: and(isNotNull(estampadoFirmas.id), isNull(estampadoSubidas.id)),
  subido: isNotNull(estampadoSubidas.id),
};

export const DOCUMENTOS_MAX = 1000;

/** The receiver's certificates with their state, oldest first (at most DOCUMENTOS_MAX). */
export async function listDocumentos(db: TenantDb, query: DocumentosFirmaQuery): Promise<DocumentoFirmaRow[]> {
  const dia = sql`(${estampados.fechaCreacion} at time zone 'America/Santiago')::date`;
  const condiciones = [
    query.estado ? FILTRO_ESTADO[query.estado] : undefined,
    query.estudio ? eq(encargos.estudioId, query.estudio) : undefined,
    query.desde ? sql`${dia} >= ${query.desde}::date` : undefined,
    query.hasta ? sql`${dia} <= ${query.hasta}::date` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return (await consultaDocumentos(db)
    .where(condiciones.length > 0 ? and(...condiciones) : undefined)
    .orderBy(asc(estampados.fechaCreacion), asc(estampados.id))
    .limit(DOCUMENTOS_MAX)) as DocumentoFirmaRow[];
}

export async function findDocumento(db: TenantDb, id: string): Promise<DocumentoFirmaRow | undefined> {
  const [row] = await consultaDocumentos(db).where(eq(estampados.id, id));
  return row as DocumentoFirmaRow | undefined;
}

export async function findDocumentoPorCodigo(db: TenantDb, codigo: string): Promise<DocumentoFirmaRow | undefined> {
  const [row] = await consultaDocumentos(db).where(eq(estampados.codigoVerificacion, codigo));
  return row as DocumentoFirmaRow | undefined;
}

/** The certificate to sign, locked until the transaction ends (a second signature waits and then sees the first). */
export async function lockParaFirmar(tx: TenantDb, id: string) {
  const [row] = await tx
    .select({
      id: estampados.id,
      encargoId: estampados.encargoId,
      motor: estampados.motor,
      numeroRol: estampados.numeroRol,
      codigo: estampados.codigoVerificacion,
      pdf: estampados.archivoPdf,
    })
    .from(estampados)
    .where(eq(estampados.id, id))
    .for('update');
  if (!row) return undefined;
  const [firma] = await tx.select({ id: estampadoFirmas.id }).from(estampadoFirmas).where(eq(estampadoFirmas.estampadoId, id));
  return { ...row, firmado: firma !== undefined };
}

export async function setCodigo(tx: TenantDb, id: string, codigo: string): Promise<void> {
  await tx.update(estampados).set({ codigoVerificacion: codigo }).where(and(eq(estampados.id, id), isNull(estampados.codigoVerificacion)));
}

export async function insertFirma(tx: TenantDb, values: FirmaInsert): Promise<{ id: number }> {
  const [row] = await tx.insert(estampadoFirmas).values(values).returning({ id: estampadoFirmas.id });
  return row as { id: number };
}

export async function insertSubida(tx: TenantDb, values: typeof estampadoSubidas.$inferInsert): Promise<{ id: number }> {
  const [row] = await tx.insert(estampadoSubidas).values(values).returning({ id: estampadoSubidas.id });
  return row as { id: number };
}

/** The signed PDF of a certificate, if signed. */
export async function findPdfFirmado(db: TenantDb, id: string): Promise<{ pdf: Buffer; titulo: string } | undefined> {
  const [row] = await db
    .select({ pdf: pdfVigenteSql, titulo: estampados.titulo })
    .from(estampadoFirmas)
    .innerJoin(estampados, eq(estampados.id, estampadoFirmas.estampadoId))
    .where(eq(estampadoFirmas.estampadoId, id));
  return row;
}

/** The PDF a document opens with: the signed one when there is one, else the unsigned one. */
export async function findPdfVigente(db: TenantDb, id: string): Promise<{ pdf: Buffer; titulo: string; firmado: boolean } | undefined> {
  const firmado = await findPdfFirmado(db, id);
  if (firmado) return { ...firmado, firmado: true };
  const [row] = await db.select({ pdf: estampados.archivoPdf, titulo: estampados.titulo }).from(estampados).where(eq(estampados.id, id));
  return row?.pdf ? { pdf: row.pdf, titulo: row.titulo, firmado: false } : undefined;
}

export async function findPdfsFirmados(db: TenantDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: estampados.id, pdf: pdfVigenteSql, titulo: estampados.titulo, numeroRol: estampados.numeroRol })
    .from(estampadoFirmas)
    .innerJoin(estampados, eq(estampados.id, estampadoFirmas.estampadoId))
    .where(inArray(estampadoFirmas.estampadoId, [...ids]))
    .orderBy(asc(estampados.fechaCreacion), asc(estampados.id));
}

// ---------------------------------------------------------------------------------------------
// Control database: which receiver issued a verification code

export const hashCodigo = (codigo: string) => createHash('sha256').update(`verificacion:${codigo}`).digest('hex');

export async function indexCodigo(db: ControlDb, codigo: string, tenantId: number): Promise<void> {
  await db.insert(verificacionCodigos).values({ codigoHash: hashCodigo(codigo), tenantId }).onConflictDoNothing();
}

/** The active receiver that issued a code, by the code's hash (one index probe, found or not). */
export async function findCodigoTenant(db: ControlDb, codigo: string) {
  const [row] = await db
    .select({ tenant: tenants })
    .from(verificacionCodigos)
    .innerJoin(tenants, eq(tenants.id, verificacionCodigos.tenantId))
    .where(and(eq(verificacionCodigos.codigoHash, hashCodigo(codigo)), eq(tenants.activo, true)));
  return row?.tenant;
}

export async function estaFirmado(db: TenantDb, id: string): Promise<boolean> {
  const [row] = await db.select({ id: estampadoFirmas.id }).from(estampadoFirmas).where(eq(estampadoFirmas.estampadoId, id));
  return row !== undefined;
}

/** SHA-256 (hex) of a certificate's unsigned PDF, null without one. */
export async function sha256DelPdf(db: TenantDb, id: string): Promise<string | null> {
  const [row] = await db
    .select({ sha256: sql<string | null>`encode(sha256(${estampados.archivoPdf}), 'hex')` })
    .from(estampados)
    .where(eq(estampados.id, id));
  return row?.sha256 ?? null;
}
