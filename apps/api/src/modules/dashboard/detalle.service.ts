import { type DashboardDetalle, DETALLE_TEXTOS, type DetalleClave, type DetalleItem, todayIso } from '@receptoria/contracts';
import type { TenantDb } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { santiagoMonthBounds } from './dashboard.service';

const LIMIT = 300;
const ESTADOS_POR_CLAVE: Record<Exclude<DetalleClave, 'estudios-registrados'>, string[]> = {
  'encargos-activos': ['pendiente', 'preparado', 'listo_para_estampar'],
  'diligencias-pendientes': ['preparado'],
  'diligencias-completadas': ['listo_para_estampar', 'estampado'],
};

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function daysBetween(fromIso: string, toIso: string): number {
  return Math.max(0, Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000));
}

interface EncargoDetalleRow {
  id: number;
  numero_rol: string;
  estado: string;
  tipo_encargo: string | null;
  estudio: string;
  ejecutados: string;
  direccion: string | null;
  fecha_encargo: string;
  resultado: string | null;
  fecha_diligencia: string | null;
  valor: string | number | null;
  total: string | number;
}

/** The list behind a dashboard figure, with the same definitions as the figure itself. */
export async function getDashboardDetalle(db: TenantDb, clave: DetalleClave, now = new Date()): Promise<DashboardDetalle> {
  const textos = DETALLE_TEXTOS[clave];
  const hoy = todayIso(now);
  const { desde, hasta } = santiagoMonthBounds(now);
  const [year, month] = desde.split('-').map(Number) as [number, number];
  const periodoMes = `${MESES[month - 1]} de ${year}`;

  if (clave === 'estudios-registrados') {
    const rows = rowsOf<{ id: number; nombre: string; rut_estudio: string; activo: boolean; encargos_mes: string | number; total: string | number }>(
      await db.execute(sql`
        select e.id, e.nombre, e.rut_estudio, e.activo, count(*) over () as total,
          (select count(*) from encargos x where x.estudio_id = e.id and x.fecha_encargo >= ${desde} and x.fecha_encargo < ${hasta}) as encargos_mes
        from estudios e order by lower(e.nombre), e.id limit ${LIMIT}`),
    );
    const items: DetalleItem[] = rows.map((row) => ({
      id: row.id,
      titulo: row.nombre,
      subtitulo: `RUT ${row.rut_estudio}`,
      estado: row.activo ? 'activo' : 'inactivo',
      estudio: null,
      ejecutado: null,
      direccion: null,
      fecha: null,
      dias_pendiente: null,
      resultado: null,
      valor: null,
      encargos_mes: Number(row.encargos_mes),
    }));
    return { clave, ...textos, total: Number(rows[0]?.total ?? 0), periodo: periodoMes, items };
  }

  const estados = ESTADOS_POR_CLAVE[clave];
  const delMes = clave !== 'encargos-activos';
  const rows = rowsOf<EncargoDetalleRow>(
    await db.execute(sql`
      select e.id, e.numero_rol, e.estado, te.nombre as tipo_encargo, es.nombre as estudio, e.ejecutados,
        (select d.direccion || ', ' || d.comuna from domicilios d where d.encargo_id = e.id and d.activo
          order by d.es_principal desc, d.orden, d.id limit 1) as direccion,
        e.fecha_encargo::text as fecha_encargo, ts.nombre as resultado,
        to_char(dl.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia,
        dl.valor_final as valor, count(*) over () as total
      from encargos e
      join estudios es on es.id = e.estudio_id
      left join tipos_encargo te on te.id = e.tipo_encargo_id
      left join lateral (select dd.fecha_diligencia, dd.valor_final, dd.tipo_estampado_id from diligencias dd
        where dd.encargo_id = e.id order by dd.fecha_diligencia desc, dd.id desc limit 1) dl on true
      left join tipos_estampado ts on ts.id = dl.tipo_estampado_id
      where e.estado in (${sql.join(estados.map((estado) => sql`${estado}`), sql`, `)})
        ${delMes ? sql`and e.fecha_encargo >= ${desde} and e.fecha_encargo < ${hasta}` : sql``}
      order by e.fecha_encargo asc, e.id asc
      limit ${LIMIT}`),
  );
  const completadas = clave === 'diligencias-completadas';
  const items: DetalleItem[] = rows.map((row) => ({
    id: row.id,
    titulo: row.numero_rol,
    subtitulo: row.tipo_encargo ?? '',
    estado: row.estado,
    estudio: row.estudio,
    ejecutado: row.ejecutados || null,
    direccion: row.direccion,
    fecha: completadas ? (row.fecha_diligencia ?? row.fecha_encargo) : row.fecha_encargo,
    dias_pendiente: completadas ? null : daysBetween(row.fecha_encargo, hoy),
    resultado: completadas ? row.resultado : null,
    valor: completadas && row.valor !== null ? Number(row.valor) : null,
    encargos_mes: null,
  }));
  return { clave, ...textos, total: Number(rows[0]?.total ?? 0), periodo: delMes ? periodoMes : null, items };
}
