import { type PortalDocumentosListResponse, type PortalDocumentosQuery, toSantiagoIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import type { DocumentSigner } from '../estampados/estampados.service';

interface DocumentoRow {
  id: string;
  numero_rol: string;
  tribunal: string;
  tipo: string;
  fecha: Date | string;
  con_pdf: boolean;
  con_docx: boolean;
  firmado: boolean;
}

/** The signed link a certificate offers: its signed PDF, else its PDF, else its Word file; null with none. */
function documentoUrl(row: DocumentoRow, signer: DocumentSigner): string | null {
  if (row.firmado) return signer.url(row.id, 'pdf_firmado');
  if (row.con_pdf) return signer.url(row.id, 'pdf');
  if (row.con_docx) return signer.url(row.id, 'docx');
  return null;
}

/**
 * The certificates of the firm's assignments, newest first, `desde`/`hasta` as Santiago dates
 * (inclusive). Only certificates tied to one of the firm's assignments are listed.
 */
export async function listPortalDocumentos(
  db: TenantDb,
  estudioId: number,
  query: PortalDocumentosQuery,
  signer: DocumentSigner,
): Promise<PortalDocumentosListResponse> {
  const conditions = [sql`e.estudio_id = ${estudioId}`];
  // Day bounds as instants, so the comparison runs on the stored timestamp.
  if (query.desde) conditions.push(sql`s.fecha_creacion >= (${query.desde}::date)::timestamp at time zone 'America/Santiago'`);
  if (query.hasta) conditions.push(sql`s.fecha_creacion < (${query.hasta}::date + 1)::timestamp at time zone 'America/Santiago'`);
  const where = sql.join(conditions, sql` and `);
  const offset = (query.page - 1) * query.page_size;
  const [countResult, pageResult] = await Promise.all([
    db.execute(sql`select count(*)::int as n from estampados s join encargos e on e.id = s.encargo_id where ${where}`),
    db.execute(sql`
      select s.id, s.numero_rol, coalesce(t.nombre, '') as tribunal, coalesce(te.nombre, s.titulo) as tipo, s.fecha_creacion as fecha,
             s.archivo_pdf is not null as con_pdf, s.archivo_docx is not null as con_docx,
             exists (select 1 from estampado_firmas f where f.estampado_id = s.id) as firmado
      from estampados s
      join encargos e on e.id = s.encargo_id
      left join tribunales t on t.id = e.tribunal_id
      left join tipos_estampado te on te.id = s.tipo_estampado_id
      where ${where}
      order by s.fecha_creacion desc, s.id desc
      limit ${query.page_size} offset ${offset}`),
  ]);
  const rows = (pageResult as unknown as { rows: DocumentoRow[] }).rows;
  return {
    count: (countResult as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((row) => ({
      id: row.id,
      numero_rol: row.numero_rol,
      tribunal: row.tribunal,
      tipo: row.tipo,
      fecha: toSantiagoIso(row.fecha instanceof Date ? row.fecha : new Date(row.fecha)),
      firmado: row.firmado,
      url: documentoUrl(row, signer),
    })),
  };
}
