import type { ReciboEstado } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { type SQL, sql } from 'drizzle-orm';
import { preparedSql } from '../../lib/prepared';
import type { AuditActor } from '../auditoria/audit-actor';

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
                  when q.pagado > 0 then 'pagado_parcial'
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

/** The columns of a diligence a receipt may bill (from diligencias d, encargos e, tipos_estampado ts). */
const FACTURABLE_COLUMNS = sql.raw(`
  d.id, e.estudio_id, e.estado, e.numero_rol, coalesce(ts.nombre, '') as tipo,
  coalesce(d.valor_final, d.valor_cobrado, 0) as valor,
  to_char(d.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia,
  (select r.numero from recibo_items i join recibos r on r.id = i.recibo_id where i.diligencia_id = d.id and i.activo limit 1) as recibo_numero`);

const facturableOf = (row: DiligenciaFacturable): DiligenciaFacturable => ({ ...row, valor: Number(row.valor) });

/** Diligences by id with their assignment's firm and state, their value and the receipt (not void) holding them. */
export async function findDiligencias(db: TenantDb, ids: readonly number[]): Promise<DiligenciaFacturable[]> {
  if (ids.length === 0) return [];
  const statement = preparedSql<DiligenciaFacturable>(
    db,
    'recibos_diligencias',
    () => sql`
      select ${FACTURABLE_COLUMNS}
        from diligencias d
        join encargos e on e.id = d.encargo_id
        left join tipos_estampado ts on ts.id = d.tipo_estampado_id
       where d.id = any(${sql.placeholder('ids')}::int[])`,
  );
  return (await statement.execute({ ids: [...ids] })).rows.map(facturableOf);
}

/**
 * A firm (undefined when it does not exist) and the diligences asked for, in one round trip: what a new
 * receipt checks before it takes a number.
 */
export async function findEstudioYDiligencias(
  db: TenantDb,
  estudioId: number,
  ids: readonly number[],
): Promise<{ estudio: { id: number; nombre: string } | undefined; diligencias: DiligenciaFacturable[] }> {
  const statement = preparedSql<DiligenciaFacturable & { estudio_pedido: number; estudio_nombre: string }>(
    db,
    'recibos_estudio_diligencias',
    () => sql`
      select es.id as estudio_pedido, es.nombre as estudio_nombre, f.*
        from estudios es
        left join (
          select ${FACTURABLE_COLUMNS}
            from diligencias d
            join encargos e on e.id = d.encargo_id
            left join tipos_estampado ts on ts.id = d.tipo_estampado_id
           where d.id = any(${sql.placeholder('ids')}::int[])
        ) f on true
       where es.id = ${sql.placeholder('estudio')}`,
  );
  const { rows } = await statement.execute({ estudio: estudioId, ids: [...ids] });
  const first = rows[0];
  if (!first) return { estudio: undefined, diligencias: [] };
  return {
    estudio: { id: first.estudio_pedido, nombre: first.estudio_nombre },
    diligencias: rows.filter((row) => row.id !== null).map(({ estudio_pedido: _e, estudio_nombre: _n, ...row }) => facturableOf(row)),
  };
}

export interface NuevoRecibo {
  estudioId: number;
  fecha: string;
  observaciones: string;
  items: readonly DiligenciaFacturable[];
  actor: AuditActor;
  /** The audit row's changes but the number, which is only known in the statement. */
  cambios: Record<string, { antes: unknown; despues: unknown }>;
}

/**
 * Issues a receipt in one statement, in the caller's transaction: the next number from the counter row, the
 * receipt, its items, the audit row and each billed assignment's 'facturado' act. It also answers whether
 * the firm listens for `recibo.emitido`, so the caller writes those events in the same transaction only
 * then. A failure (another receipt took a diligence: unique violation) rolls the whole transaction back,
 * the number included: no gap.
 */
export async function emitirRecibo(tx: TenantDb, nuevo: NuevoRecibo): Promise<{ id: number; numero: number; creado_en: Date | string; suscrito: boolean }> {
  const statement = preparedSql<{ id: number; numero: number; creado_en: Date | string; suscrito: boolean }>(
    tx,
    'recibos_emitir',
    () => sql`
      with numero as (
        update recibos_configuracion set siguiente_numero = siguiente_numero + 1 where id = 1
        returning siguiente_numero - 1 as numero
      ), recibo as (
        insert into recibos (numero, estudio_id, fecha, observaciones, creado_por_id, creado_por)
        select numero, ${sql.placeholder('estudio')}, ${sql.placeholder('fecha')}::date, ${sql.placeholder('observaciones')},
               ${sql.placeholder('usuarioId')}::int, ${sql.placeholder('usuario')}
          from numero
        returning id, numero, creado_en
      ), items as (
        -- agregado_en defaults to now(), the receipt's creado_en: the items it was issued with.
        insert into recibo_items (recibo_id, diligencia_id, numero_rol, tipo, valor, fecha_diligencia)
        select recibo.id, x.diligencia_id, x.numero_rol, x.tipo, x.valor, x.fecha_diligencia
          from recibo,
               unnest(${sql.placeholder('diligencias')}::int[], ${sql.placeholder('roles')}::text[], ${sql.placeholder('tipos')}::text[],
                      ${sql.placeholder('valores')}::bigint[], ${sql.placeholder('fechas')}::date[])
                 with ordinality as x(diligencia_id, numero_rol, tipo, valor, fecha_diligencia, n)
         order by x.n
      ), audit as (
        insert into auditoria (usuario_id, usuario, entidad, entidad_id, accion, cambios, ip, user_agent)
        select ${sql.placeholder('usuarioId')}::int, ${sql.placeholder('usuario')}, 'recibo', recibo.id, 'crear',
               ${sql.placeholder('cambios')}::jsonb || jsonb_build_object('numero', jsonb_build_object('antes', null, 'despues', recibo.numero)),
               ${sql.placeholder('ip')}, ${sql.placeholder('userAgent')}
          from recibo
      ), eventos as (
        -- Each billed assignment's 'facturado' act (its lifecycle), never before the acts it bills.
        insert into encargo_eventos (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
        select d.encargo_id, 'facturado',
               greatest(instante_de_fecha(${sql.placeholder('fecha')}::date, recibo.creado_en),
                        (select max(x.instante) from encargo_eventos x where x.encargo_id = d.encargo_id and x.tipo not in ('facturado', 'pagado'))),
               recibo.creado_en, ${sql.placeholder('usuario')}::text,
               jsonb_build_object('recibo_id', recibo.id, 'numero', recibo.numero, 'fecha', ${sql.placeholder('fecha')}::date),
               'recibo:' || recibo.id || ':' || d.encargo_id
          from recibo, (select distinct g.encargo_id from diligencias g where g.id = any(${sql.placeholder('diligencias')}::int[])) d
        on conflict (origen) do nothing
      )
      select id, numero, creado_en,
             exists (select 1 from webhook_endpoints w
                      where w.estudio_id = ${sql.placeholder('estudio')} and w.activo and w.eventos @> '["recibo.emitido"]'::jsonb) as suscrito
        from recibo`,
  );
  const { rows } = await statement.execute({
    estudio: nuevo.estudioId,
    fecha: nuevo.fecha,
    observaciones: nuevo.observaciones,
    usuarioId: nuevo.actor.userId,
    usuario: nuevo.actor.username,
    ip: nuevo.actor.ip,
    userAgent: nuevo.actor.userAgent,
    diligencias: nuevo.items.map((d) => d.id),
    roles: nuevo.items.map((d) => d.numero_rol),
    tipos: nuevo.items.map((d) => d.tipo),
    valores: nuevo.items.map((d) => d.valor),
    fechas: nuevo.items.map((d) => d.fecha_diligencia || null),
    cambios: JSON.stringify(nuevo.cambios),
  });
  const row = rows[0];
  if (!row) throw new Error('recibos_configuracion has no row');
  return { id: row.id, numero: Number(row.numero), creado_en: row.creado_en, suscrito: row.suscrito };
}

/** Locks a receipt's row until the transaction ends (payments, discounts, edits and void serialize on it). */
export async function lockRecibo(tx: TenantDb, id: number): Promise<void> {
  await tx.execute(sql`select id from recibos where id = ${id} for update`);
}
