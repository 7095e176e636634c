import { type PortalDocumentosListResponse, type PortalDocumentosQuery, toSantiagoIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { preparedSql } from '../../lib/prepared';
import type { DocumentSigner } from '../estampados/estampados.service';

interface DocumentoRow {
  /** Null on the one row answered for a page past the end. */
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
 * One statement for the count and the page: the firm's certificates (id and date) are gathered once,
 * counted, and only the page's rows are joined to their court, type and signature. The count comes
 * even when the page is past the end (then the page's columns are null).
 */
function documentosStatement(db: TenantDb) {
  return preparedSql<DocumentoRow & { n: number }>(
    db,
    'portal_documentos',
    () => sql`
      with f as materialized (
        select s.id, s.fecha_creacion
        from estampados s join encargos e on e.id = s.encargo_id
        where e.estudio_id = ${sql.placeholder('estudio')}
          and (${sql.placeholder('desde')}::date is null
               or s.fecha_creacion >= (${sql.placeholder('desde')}::date)::timestamp at time zone 'America/Santiago')
          and (${sql.placeholder('hasta')}::date is null
               or s.fecha_creacion < (${sql.placeholder('hasta')}::date + 1)::timestamp at time zone 'America/Santiago')),
      n as (select count(*)::int as n from f),
      p as (select id from f order by fecha_creacion desc, id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})
      select n.n, s.id, s.numero_rol, coalesce(t.nombre, '') as tribunal, coalesce(te.nombre, s.titulo) as tipo, s.fecha_creacion as fecha,
             s.archivo_pdf is not null as con_pdf, s.archivo_docx is not null as con_docx,
             exists (select 1 from estampado_firmas x where x.estampado_id = s.id) as firmado
      from n
      left join (p
        join estampados s on s.id = p.id
        join encargos e on e.id = s.encargo_id
        left join tribunales t on t.id = e.tribunal_id
        left join tipos_estampado te on te.id = s.tipo_estampado_id) on true
      order by s.fecha_creacion desc, s.id desc`,
  );
}

/**
 * The certificates of the firm's assignments, newest first, `desde`/`hasta` as Santiago dates
 * (inclusive; day bounds as instants, so the comparison runs on the stored timestamp). Only
 * certificates tied to one of the firm's assignments are listed.
 */
export async function listPortalDocumentos(
  db: TenantDb,
  estudioId: number,
  query: PortalDocumentosQuery,
  signer: DocumentSigner,
): Promise<PortalDocumentosListResponse> {
  const { rows } = await documentosStatement(db).execute({
    estudio: estudioId,
    desde: query.desde ?? null,
    hasta: query.hasta ?? null,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    count: rows[0]?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
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
