import { createHash } from 'node:crypto';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, eq } from 'drizzle-orm';
import type { PdfSubido } from './pdf-multipart';

const { encargoAdjuntos } = tenantSchema;

/**
 * Attaches the demanda and resolución chosen in Nuevo Encargo to the assignment (origen = the
 * document). Attachments are evidence: only added, never replaced; the same file already attached as
 * the same document is not added twice (a repeated submission of the same form).
 */
export async function adjuntarDocumentos(db: TenantDb, encargoId: number, archivos: readonly PdfSubido[], creadoPor: string): Promise<void> {
  for (const archivo of archivos) {
    const sha256 = createHash('sha256').update(archivo.contenido).digest('hex');
    const [existing] = await db
      .select({ id: encargoAdjuntos.id })
      .from(encargoAdjuntos)
      .where(and(eq(encargoAdjuntos.encargoId, encargoId), eq(encargoAdjuntos.origen, archivo.campo), eq(encargoAdjuntos.sha256, sha256)));
    if (existing) continue;
    await db.insert(encargoAdjuntos).values({
      encargoId,
      nombre: archivo.nombre,
      tipoMime: 'application/pdf',
      bytes: archivo.contenido.length,
      sha256,
      contenido: archivo.contenido,
      origen: archivo.campo,
      creadoPor,
    });
  }
}
