import type { ReciboEstado } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { type SQL, sql } from 'drizzle-orm';

/** Rows of a raw query (pg and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A day no record reaches: amounts "as of" it are the current ones. */
export const SIN_CORTE = '9999-12-31';

/** The Santiago calendar day of an instant column, for "as of" cuts. */
const dia = (column: string) => sql.raw(`(${column} at time zone 'America/Santiago')::date`);

export interface ReciboRow {
  id: number;
  numero: number;
  estudio_id: number;
  estudio_nombre: string;
  fecha: string;
  observaciones: string;
  creado_en: Date | string;
  anulado_en: Date | string | null;
  anulado_por: string | null;
  motivo_anulacion: string | null;
  cantidad: number;
  subtotal: number;
  rebaja: number;
  pagado: number;
  retenido: number;
  total: number;
  saldo: number;
  estado: ReciboEstado;
  numero_boleta: string | null;
  boleta_fecha: string | null;
  retiene: 'pagador' | 'receptor' | null;
  bruto: number | null;
  tasa: string | number | null;
  retencion: number | null;
  liquido: number | null;
  count?: number;
}

/**
 * Every receipt with its amounts as of `hasta` (a Santiago day): items not removed by then (those of the
 * receipt's creation always count), discounts made by then, payments dated by then and not reversed by
 * then (applications made later count from their day), the boleta's retention when the payer retains it,
 * and void only when voided by then. State and balance are derived here, never stored.
 */
export function recibosSql(hasta: string, where: SQL = sql`true`): SQL {
  return sql`
    select * from (
      select q.*,
             (q.subtotal - q.rebaja)::bigint as total,
             case when q.anulado then 0 else greatest(q.subtotal - q.rebaja - q.pagado - q.retenido, 0) end::bigint as saldo,
             case when q.anulado then 'anulado'
                  when q.subtotal - q.rebaja - q.pagado - q.retenido <= 0 then 'pagado'
                  when q.pagado + q.retenido > 0 then 'pagado_parcial'
                  else 'emitido' end as estado
        from (
          select r.id, r.numero, r.estudio_id, es.nombre as estudio_nombre, to_char(r.fecha, 'YYYY-MM-DD') as fecha, r.fecha as fecha_dia,
                 r.observaciones, r.creado_en,
                 case when ${dia('r.anulado_en')} <= ${hasta}::date then r.anulado_en end as anulado_en,
                 case when ${dia('r.anulado_en')} <= ${hasta}::date then r.anulado_por end as anulado_por,
                 case when ${dia('r.anulado_en')} <= ${hasta}::date then r.motivo_anulacion end as motivo_anulacion,
                 coalesce(${dia('r.anulado_en')} <= ${hasta}::date, false) as anulado,
                 coalesce(it.cantidad, 0)::int as cantidad,
                 coalesce(it.subtotal, 0)::bigint as subtotal,
                 coalesce(rb.rebaja, 0)::bigint as rebaja,
                 coalesce(ap.pagado, 0)::bigint as pagado,
                 (case when b.retiene = 'pagador' and b.fecha <= ${hasta}::date then b.retencion else 0 end)::bigint as retenido,
                 b.numero_boleta, to_char(b.fecha, 'YYYY-MM-DD') as boleta_fecha, b.retiene, b.bruto, b.tasa, b.retencion, b.liquido
            from recibos r
            join estudios es on es.id = r.estudio_id
            left join lateral (
              select count(*) as cantidad, sum(i.valor) as subtotal
                from recibo_items i
               where i.recibo_id = r.id
                 and (i.agregado_en = r.creado_en or ${dia('i.agregado_en')} <= ${hasta}::date)
                 and (i.quitado_en is null or ${dia('i.quitado_en')} > ${hasta}::date)
            ) it on true
            left join lateral (
              select sum(x.monto) as rebaja from rebajas x where x.recibo_id = r.id and ${dia('x.creado_en')} <= ${hasta}::date
            ) rb on true
            left join lateral (
              select sum(a.monto) as pagado
                from pago_aplicaciones a
                join pagos p on p.id = a.pago_id
               where a.recibo_id = r.id
                 and p.fecha <= ${hasta}::date
                 and (a.creado_en = p.creado_en or ${dia('a.creado_en')} <= ${hasta}::date)
                 and (p.reverso_en is null or ${dia('p.reverso_en')} > ${hasta}::date)
            ) ap on true
            left join boletas b on b.recibo_id = r.id
           where r.fecha <= ${hasta}::date
        ) q
    ) recibo
    where ${where}`;
}

export async function listRecibos(db: TenantDb, hasta: string, where: SQL, order: SQL, limit?: number, offset = 0): Promise<ReciboRow[]> {
  const page = limit === undefined ? sql`` : sql` limit ${limit} offset ${offset}`;
  const query = sql`select recibo.*, count(*) over ()::int as count from (${recibosSql(hasta, where)}) recibo order by ${order}${page}`;
  return rowsOf<ReciboRow>(await db.execute(query)).map(numeric);
}

/**
 * The same for a whole firm or period (thousands of receipts): the planner's estimate crosses the JIT
 * threshold, and compiling costs several times the query itself, so JIT is off for this transaction.
 */
export async function listRecibosMany(db: TenantDb, hasta: string, where: SQL, order: SQL, limit?: number, offset = 0): Promise<ReciboRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return listRecibos(tx, hasta, where, order, limit, offset);
  });
}

export async function findRecibo(db: TenantDb, id: number, hasta = SIN_CORTE): Promise<ReciboRow | undefined> {
  const rows = await listRecibos(db, hasta, sql`recibo.id = ${id}`, sql`recibo.id`);
  return rows[0];
}

const NUMERIC_FIELDS = ['cantidad', 'subtotal', 'rebaja', 'pagado', 'retenido', 'total', 'saldo', 'bruto', 'retencion', 'liquido', 'count'] as const;

/** pg returns bigint and numeric as text. */
function numeric(row: ReciboRow): ReciboRow {
  const out = { ...row } as Record<string, unknown>;
  for (const key of NUMERIC_FIELDS) if (out[key] !== null && out[key] !== undefined) out[key] = Number(out[key]);
  return out as unknown as ReciboRow;
}

export interface ItemRow {
  id: number;
  recibo_id: number;
  diligencia_id: number;
  numero_rol: string;
  tipo: string;
  valor: number;
  fecha_diligencia: string | null;
  activo: boolean;
}

/** The items a receipt shows: current ones, or all those it had when voided (never those removed). */
export async function listItems(db: TenantDb, reciboId: number): Promise<ItemRow[]> {
  const rows = rowsOf<ItemRow>(
    await db.execute(sql`
      select id, recibo_id, diligencia_id, numero_rol, tipo, valor, to_char(fecha_diligencia, 'YYYY-MM-DD') as fecha_diligencia, activo
        from recibo_items
       where recibo_id = ${reciboId} and (activo or quitado_en is null)
       order by id`),
  );
  return rows.map((row) => ({ ...row, valor: Number(row.valor) }));
}

export interface DiligenciaFacturable {
  id: number;
  estudio_id: number;
  estado: string;
  numero_rol: string;
  tipo: string;
  valor: number;
  fecha_diligencia: string;
  recibo_numero: number | null;
}

/** Diligences by id with their assignment's firm and state, their value and the receipt (not void) holding them. */
export async function findDiligencias(db: TenantDb, ids: readonly number[]): Promise<DiligenciaFacturable[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<DiligenciaFacturable>(
    await db.execute(sql`
      select d.id, e.estudio_id, e.estado, e.numero_rol, coalesce(ts.nombre, '') as tipo,
             coalesce(d.valor_final, d.valor_cobrado, 0) as valor,
             to_char(d.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia,
             (select r.numero from recibo_items i join recibos r on r.id = i.recibo_id where i.diligencia_id = d.id and i.activo limit 1) as recibo_numero
        from diligencias d
        join encargos e on e.id = d.encargo_id
        left join tipos_estampado ts on ts.id = d.tipo_estampado_id
       where d.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  return rows.map((row) => ({ ...row, valor: Number(row.valor) }));
}

/** Takes the next receipt number in the caller's transaction: the row stays locked until it ends. */
export async function takeNumero(tx: TenantDb): Promise<number> {
  const [row] = rowsOf<{ numero: number }>(
    await tx.execute(sql`update recibos_configuracion set siguiente_numero = siguiente_numero + 1 where id = 1 returning siguiente_numero - 1 as numero`),
  );
  if (!row) throw new Error('recibos_configuracion has no row');
  return Number(row.numero);
}

/** Locks a receipt's row until the transaction ends (payments, discounts, edits and void serialize on it). */
export async function lockRecibo(tx: TenantDb, id: number): Promise<void> {
  await tx.execute(sql`select id from recibos where id = ${id} for update`);
}
