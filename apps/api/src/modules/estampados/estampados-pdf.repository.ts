import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';

const { estampados } = tenantSchema;

const sinPdf = and(eq(estampados.motor, 'local'), isNotNull(estampados.archivoDocx), isNull(estampados.archivoPdf));

/** Ids of the local certificates that still have no PDF, oldest first. */
export async function listEstampadosSinPdf(db: TenantDb): Promise<string[]> {
  const rows = await db.select({ id: estampados.id }).from(estampados).where(sinPdf).orderBy(asc(estampados.fechaCreacion), asc(estampados.id));
  return rows.map((r) => r.id);
}

/** The DOCX of a certificate that still has no PDF; undefined when it has one or is gone. */
export async function findDocxSinPdf(db: TenantDb, id: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ docx: estampados.archivoDocx }).from(estampados).where(and(eq(estampados.id, id), sinPdf));
  return row?.docx ?? undefined;
}

/** Stores the PDF unless another conversion stored one first; false when nothing was written. */
export async function setEstampadoPdf(db: TenantDb, id: string, pdf: Buffer): Promise<boolean> {
  const rows = await db
    .update(estampados)
    .set({ archivoPdf: pdf })
    .where(and(eq(estampados.id, id), isNull(estampados.archivoPdf)))
    .returning({ id: estampados.id });
  return rows.length > 0;
}
