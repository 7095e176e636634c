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
 * Assignments worked that day still without results: still preparado, with no diligence, visited, created
 * or changed that day (the hour of the last of those), the re-assigned originals left out as in the work
 * queue.
 */
export async function listSinResultadosDelDia(db: TenantDb, fecha: string): Promise<SinResultadoRow[]> {
  return rowsOf<SinResultadoRow>(
    await db.execute(sql`
      select e.id, e.numero_rol, es.nombre as estudio, e.ejecutados,
        (select d.direccion || ', ' || d.comuna from domicilios d where d.encargo_id = e.id and d.activo
          order by d.es_principal desc, d.orden, d.id limit 1) as direccion,
        to_char(t.ultimo at time zone 'America/Santiago', 'HH24:MI') as hora
      from encargos e
      join estudios es on es.id = e.estudio_id
      cross join lateral (
        select greatest(
          case when e.fecha_modificacion >= ${dayStart(fecha)} and e.fecha_modificacion < ${dayEnd(fecha)} then e.fecha_modificacion end,
          (select max(v.fecha_hora) from visitas v where v.encargo_id = e.id and v.fecha_hora >= ${dayStart(fecha)} and v.fecha_hora < ${dayEnd(fecha)})
        ) as ultimo
      ) t
      where e.estado = 'preparado' and not e.es_re_encargado
        and t.ultimo is not null
        and not exists (select 1 from diligencias dd where dd.encargo_id = e.id)
      order by t.ultimo, e.id
      limit 500`),
  );
}

export interface VisitaRow {
  id: number;
  encargo_id: number;
  hora: string;
  numero_rol: string;
  estudio: string;
  domicilio: string | null;
  tipo: string;
  resultado: string;
  autor: string;
  con_resultados: boolean;
  con_certificado: boolean;
  facturable: boolean;
}

/**
 * The visits of that day (a visit a later one corrects shows as its correction), each with whether
 * results were stored from it or after it, whether a certificate followed, and whether Cobranza bills
 * the assignment.
 */
export async function listVisitasDelDia(db: TenantDb, fecha: string): Promise<VisitaRow[]> {
  return rowsOf<VisitaRow>(
    await db.execute(sql`
      select v.id, v.encargo_id, to_char(v.fecha_hora at time zone 'America/Santiago', 'HH24:MI') as hora,
        e.numero_rol, es.nombre as estudio,
        case when v.domicilio_direccion is null then null
             else v.domicilio_direccion || coalesce(', ' || nullif(v.domicilio_comuna, ''), '') end as domicilio,
        v.tipo, v.resultado, v.autor_nombre as autor,
        exists (select 1 from diligencias d where d.encargo_id = v.encargo_id
                  and (d.visita_uuid = v.uuid or d.fecha_creacion >= v.fecha_hora)) as con_resultados,
        exists (select 1 from estampados s where s.encargo_id = v.encargo_id and s.fecha_creacion >= v.fecha_hora) as con_certificado,
        (e.estado = 'estampado' and not e.es_re_encargado) as facturable
      from visitas v
      join encargos e on e.id = v.encargo_id
      join estudios es on es.id = e.estudio_id
      where v.fecha_hora >= ${dayStart(fecha)} and v.fecha_hora < ${dayEnd(fecha)}
        and not exists (select 1 from visitas c where c.corrige_a = v.uuid)
      order by v.fecha_hora, v.id
      limit 1000`),
  );
}
