import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The instants a Santiago calendar day starts and ends at, as SQL (midnight to midnight, DST-aware). */
const dayStart = (fecha: string) => sql`(${fecha}::date::timestamp at time zone 'America/Santiago')`;
const dayEnd = (fecha: string) => sql`((${fecha}::date + 1)::timestamp at time zone 'America/Santiago')`;

export interface CertificadoRow {
  id: string;
  encargo_id: number | null;
  numero_rol: string;
  tipo_estampado: string | null;
  estudio: string | null;
  creado_por: string;
  hora: string;
  valor: string | number | null;
  facturable: boolean;
}

/**
 * The stamp documents created that day with the fee of their assignment's current diligence (the last
 * one, as Cobranza reads it) and whether Cobranza bills the assignment (estampado, not re-assigned).
 */
export async function listCertificadosDelDia(db: TenantDb, fecha: string): Promise<CertificadoRow[]> {
  return rowsOf<CertificadoRow>(
    await db.execute(sql`
      select s.id::text as id, s.encargo_id, s.numero_rol, ts.nombre as tipo_estampado, es.nombre as estudio, s.creado_por,
        to_char(s.fecha_creacion at time zone 'America/Santiago', 'HH24:MI') as hora,
        ud.valor_final as valor,
        coalesce(e.estado = 'estampado' and not e.es_re_encargado, false) as facturable
      from estampados s
      left join encargos e on e.id = s.encargo_id
      left join estudios es on es.id = e.estudio_id
      left join tipos_estampado ts on ts.id = s.tipo_estampado_id
      left join lateral (
        select d.valor_final from diligencias d where d.encargo_id = s.encargo_id
        order by d.fecha_diligencia desc nulls first, d.id desc nulls first limit 1
      ) ud on true
      where s.fecha_creacion >= ${dayStart(fecha)} and s.fecha_creacion < ${dayEnd(fecha)}
      order by s.fecha_creacion, s.id
      limit 1000`),
  );
}

export interface SinResultadoRow {
  id: number;
  numero_rol: string;
  estudio: string;
  ejecutados: string;
  direccion: string | null;
  hora: string;
}

/**
 * Assignments worked that day still without results. There is no record of field visits: this is the
 * assignments still preparado, with no diligence, created or changed that day (fecha_modificacion), the
 * re-assigned originals left out as in the work queue.
 */
export async function listSinResultadosDelDia(db: TenantDb, fecha: string): Promise<SinResultadoRow[]> {
  return rowsOf<SinResultadoRow>(
    await db.execute(sql`
      select e.id, e.numero_rol, es.nombre as estudio, e.ejecutados,
        (select d.direccion || ', ' || d.comuna from domicilios d where d.encargo_id = e.id and d.activo
          order by d.es_principal desc, d.orden, d.id limit 1) as direccion,
        to_char(e.fecha_modificacion at time zone 'America/Santiago', 'HH24:MI') as hora
      from encargos e
      join estudios es on es.id = e.estudio_id
      where e.estado = 'preparado' and not e.es_re_encargado
        and e.fecha_modificacion >= ${dayStart(fecha)} and e.fecha_modificacion < ${dayEnd(fecha)}
        and not exists (select 1 from diligencias dd where dd.encargo_id = e.id)
      order by e.fecha_modificacion, e.id
      limit 500`),
  );
}
