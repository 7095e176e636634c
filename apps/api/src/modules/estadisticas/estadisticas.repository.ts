import type { TenantDb } from '@receptoria/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Statistics count each assignment once, in the Santiago day of its last diligence, when it is
 * listo_para_estampar or estampado (spec 02 §4); its value is that diligence's final value.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Assignments of the period [desde, hasta) (Santiago calendar dates), as the CTE `base`. */
function withBase(desde: string, hasta: string, query: SQL): SQL {
  return sql`
    with ult as (
      select distinct on (d.encargo_id) d.encargo_id, d.fecha_diligencia, d.valor_final, d.tipo_estampado_id
        from diligencias d
       order by d.encargo_id, d.fecha_diligencia desc, d.id desc
    ), base as (
      select e.id, e.numero_rol, e.estado, e.estudio_id, es.nombre as estudio, ult.valor_final as valor,
             (ult.fecha_diligencia at time zone 'America/Santiago') as local_ts, ult.tipo_estampado_id
        from encargos e
        join ult on ult.encargo_id = e.id
        join estudios es on es.id = e.estudio_id
       where e.estado in ('estampado', 'listo_para_estampar')
         and ult.fecha_diligencia >= (${desde}::timestamp at time zone 'America/Santiago')
         and ult.fecha_diligencia < (${hasta}::timestamp at time zone 'America/Santiago')
    )
    ${query}`;
}

type Num = string | number;

export async function detalleDelPeriodo(db: TenantDb, desde: string, hasta: string) {
  return rowsOf<{ id: number; numero_rol: string; estado: string; valor: Num; estudio: string; tipo_estampado: string; hora: string }>(
    await db.execute(
      withBase(
        desde,
        hasta,
        sql`select b.id, b.numero_rol, b.estado, b.valor, b.estudio, coalesce(t.nombre, '') as tipo_estampado,
                   to_char(b.local_ts, 'HH24:MI') as hora
              from base b left join tipos_estampado t on t.id = b.tipo_estampado_id
             order by b.local_ts, b.id
             limit 5000`,
      ),
    ),
  );
}

export async function totalesDelPeriodo(db: TenantDb, desde: string, hasta: string) {
  const [row] = rowsOf<{ encargos: Num; valor: Num; estampados: Num; listos: Num; dias: Num; estudios: Num }>(
    await db.execute(
      withBase(
        desde,
        hasta,
        sql`select count(*) as encargos, coalesce(sum(valor), 0) as valor,
                   count(*) filter (where estado = 'estampado') as estampados,
                   count(*) filter (where estado = 'listo_para_estampar') as listos,
                   count(distinct local_ts::date) as dias,
                   count(distinct estudio_id) as estudios
              from base`,
      ),
    ),
  );
  return {
    encargos: Number(row?.encargos ?? 0),
    valor: Number(row?.valor ?? 0),
    estampados: Number(row?.estampados ?? 0),
    listos: Number(row?.listos ?? 0),
    dias: Number(row?.dias ?? 0),
    estudios: Number(row?.estudios ?? 0),
  };
}

export async function porEstudio(db: TenantDb, desde: string, hasta: string) {
  const rows = rowsOf<{ estudio_id: number; nombre: string; encargos: Num; valor: Num }>(
    await db.execute(
      withBase(
        desde,
        hasta,
        sql`select estudio_id, estudio as nombre, count(*) as encargos, coalesce(sum(valor), 0) as valor
              from base group by estudio_id, estudio
             order by count(*) desc, sum(valor) desc, estudio`,
      ),
    ),
  );
  return rows.map((row) => ({ estudioId: row.estudio_id, nombre: row.nombre, encargos: Number(row.encargos), valor: Number(row.valor) }));
}

export async function porHora(db: TenantDb, desde: string, hasta: string) {
  const rows = rowsOf<{ hora: Num; encargos: Num }>(
    await db.execute(
      withBase(desde, hasta, sql`select extract(hour from local_ts)::int as hora, count(*) as encargos from base group by 1 order by 1`),
    ),
  );
  return rows.map((row) => ({ hora: Number(row.hora), encargos: Number(row.encargos) }));
}

export async function porDia(db: TenantDb, desde: string, hasta: string) {
  const rows = rowsOf<{ fecha: string; encargos: Num; valor: Num }>(
    await db.execute(
      withBase(
        desde,
        hasta,
        sql`select to_char(local_ts::date, 'YYYY-MM-DD') as fecha, count(*) as encargos, coalesce(sum(valor), 0) as valor
              from base group by 1 order by 1`,
      ),
    ),
  );
  return rows.map((row) => ({ fecha: row.fecha, encargos: Number(row.encargos), valor: Number(row.valor) }));
}

/** Weekday (0 = Sunday) with most assignments; ties go to the earlier weekday. */
export async function diaMayorActividad(db: TenantDb, desde: string, hasta: string): Promise<number | null> {
  const [row] = rowsOf<{ dow: Num }>(
    await db.execute(
      withBase(desde, hasta, sql`select extract(dow from local_ts)::int as dow from base group by 1 order by count(*) desc, 1 limit 1`),
    ),
  );
  return row ? Number(row.dow) : null;
}

/** Pending or prepared assignments received more than `dias` days before `hoy`. */
export async function contarEsperaLarga(db: TenantDb, hoy: string, dias: number) {
  const [row] = rowsOf<{ n: Num }>(
    await db.execute(sql`
      select count(*) as n from encargos
       where estado in ('pendiente', 'preparado') and fecha_encargo < (${hoy}::date - ${dias}::int)`),
  );
  return Number(row?.n ?? 0);
}

/** Ready-to-stamp assignments whose last diligence is more than `dias` days old. */
export async function contarSinEstampar(db: TenantDb, dias: number) {
  const [row] = rowsOf<{ n: Num }>(
    await db.execute(sql`
      select count(*) as n from encargos e
       where e.estado = 'listo_para_estampar'
         and (select max(d.fecha_diligencia) from diligencias d where d.encargo_id = e.id) < now() - make_interval(days => ${dias}::int)`),
  );
  return Number(row?.n ?? 0);
}
