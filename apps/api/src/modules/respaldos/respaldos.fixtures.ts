import { type TenantDb, tenantSchema } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { insertStamped, tipoEstampadoId } from '../informes/informes.fixtures';

/** Every table of a database (migrations' own included): its row count and an md5 of its rows in order. */
export async function tableChecksums(db: TenantDb): Promise<Record<string, { filas: number; md5: string }>> {
  const tables = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`)) as unknown as { rows?: { schema: string; name: string }[] } | { schema: string; name: string }[];
  const list = Array.isArray(tables) ? tables : (tables.rows ?? []);
  const result: Record<string, { filas: number; md5: string }> = {};
  for (const { schema, name } of list) {
    const ident = sql.raw(`"${schema}"."${name}"`);
    const answer = (await db.execute(
      sql`select count(*)::int as filas, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${ident} t`,
    )) as unknown as { rows?: { filas: number; md5: string }[] } | { filas: number; md5: string }[];
    const row = Array.isArray(answer) ? answer[0] : answer.rows?.[0];
    result[`${schema}.${name}`] = { filas: Number(row!.filas), md5: row!.md5 };
  }
  return result;
}

/** A receiver's working data: assignments with diligences, stamped documents (bytes) and audit rows. */
export async function fillReceiver(db: TenantDb, estudioId: number, count = 12): Promise<void> {
  const tipo = await tipoEstampadoId(db);
  for (let i = 0; i < count; i += 1) {
    const encargoId = await insertStamped(db, {
      estudioId,
      fechaEstampado: '2026-03-01',
      fechaDiligencia: new Date(Date.UTC(2026, 1, 1 + i, 14)),
      valor: 20_000 + i * 1_000,
    });
    await db.insert(tenantSchema.estampados).values({
      encargoId,
      numeroRol: `C-${9000 + i}-2026`,
      tipoEstampadoId: tipo,
      titulo: `Certificado ${i + 1} — notificación personal`,
      archivoDocx: Buffer.from(`PK\u0003\u0004 documento ${i} ñandú`.repeat(50)),
      archivoPdf: Buffer.from(`%PDF-1.7 certificado ${i}`.repeat(40)),
      creadoPor: 'receptor',
    });
    await db.insert(tenantSchema.auditoria).values({
      usuario: 'receptor',
      entidad: 'encargo',
      entidadId: encargoId,
      accion: 'crear',
      cambios: { estado: { antes: null, despues: 'estampado' } },
    });
  }
}
