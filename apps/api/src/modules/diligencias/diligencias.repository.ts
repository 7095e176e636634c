import { type ColaItem, type DiligenciaResumen, type EncargoEstado, todayIso, toSantiagoIso } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

const { diligencias, encargos, estudios, tiposEncargo, tiposEstampado } = tenantSchema;

export type TipoEstampadoRow = typeof tiposEstampado.$inferSelect;
export type DiligenciaRow = typeof diligencias.$inferSelect;
export type DiligenciaInsert = typeof diligencias.$inferInsert;

export async function listTiposEstampado(db: TenantDb): Promise<TipoEstampadoRow[]> {
  return db.select().from(tiposEstampado).where(eq(tiposEstampado.activo, true)).orderBy(asc(tiposEstampado.orden), asc(tiposEstampado.id));
}

/** A stamp type by id or by code. */
export async function findTipoEstampado(db: TenantDb, ref: number | string): Promise<TipoEstampadoRow | undefined> {
  const [row] = await db
    .select()
    .from(tiposEstampado)
    .where(typeof ref === 'number' ? eq(tiposEstampado.id, ref) : eq(tiposEstampado.codigo, ref));
  return row;
}

export async function insertDiligencia(db: TenantDb, values: DiligenciaInsert): Promise<DiligenciaRow> {
  const [row] = await db.insert(diligencias).values(values).returning();
  return row as DiligenciaRow;
}

export interface UltimaDiligencia extends DiligenciaRow {
  tipoNombre: string;
}

/** The current (last) diligence of an assignment. */
export async function findUltimaDiligencia(db: TenantDb, encargoId: number): Promise<UltimaDiligencia | undefined> {
  const [row] = await db
    .select({ d: diligencias, tipoNombre: tiposEstampado.nombre })
    .from(diligencias)
    .innerJoin(tiposEstampado, eq(tiposEstampado.id, diligencias.tipoEstampadoId))
    .where(eq(diligencias.encargoId, encargoId))
    .orderBy(desc(diligencias.fechaDiligencia), desc(diligencias.id))
    .limit(1);
  return row ? { ...row.d, tipoNombre: row.tipoNombre } : undefined;
}

export interface ResultadosRow {
  id: number;
  estadoEstampado: string;
  fechaEstampado: string | null;
  observacionEstampado: string;
  ultima: UltimaDiligencia | null;
}

interface LateralRow {
  id: number;
  estado_estampado: string;
  fecha_estampado: string | null;
  observacion_estampado: string;
  d_id: number | null;
  d_encargo_id: number | null;
  d_tipo_estampado_id: number | null;
  d_tipo_nombre: string | null;
  d_fecha_diligencia: string | Date | null;
  d_apuntes_terreno: string | null;
  d_tratamiento: string | null;
  d_valor_cobrado: string | number | null;
  d_valor_final: string | number | null;
  d_motivo_cambio_valor: string | null;
  d_observaciones: string | null;
  d_creado_por: string | null;
  d_fecha_creacion: string | Date | null;
}

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));
const toDate = (value: string | Date | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** Stamp state and last diligence of several assignments: one query, a LATERAL join per assignment. */
export async function findResultados(db: TenantDb, ids: readonly number[]): Promise<Map<number, ResultadosRow>> {
  const map = new Map<number, ResultadosRow>();
  if (ids.length === 0) return map;
  const result = (await db.execute(sql`
    select e.id, e.estado_estampado, e.fecha_estampado::text as fecha_estampado, e.observacion_estampado,
           d.id as d_id, d.encargo_id as d_encargo_id, d.tipo_estampado_id as d_tipo_estampado_id, t.nombre as d_tipo_nombre,
           d.fecha_diligencia as d_fecha_diligencia, d.apuntes_terreno as d_apuntes_terreno, d.tratamiento as d_tratamiento,
           d.valor_cobrado as d_valor_cobrado, d.valor_final as d_valor_final, d.motivo_cambio_valor as d_motivo_cambio_valor,
           d.observaciones as d_observaciones, d.creado_por as d_creado_por, d.fecha_creacion as d_fecha_creacion
    from ${encargos} e
    left join lateral (
      select * from ${diligencias} x where x.encargo_id = e.id order by x.fecha_diligencia desc, x.id desc limit 1
    ) d on true
    left join ${tiposEstampado} t on t.id = d.tipo_estampado_id
    where e.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)) as unknown as { rows: LateralRow[] };
  for (const r of result.rows) {
    map.set(Number(r.id), {
      id: Number(r.id),
      estadoEstampado: r.estado_estampado,
      fechaEstampado: r.fecha_estampado,
      observacionEstampado: r.observacion_estampado,
      ultima:
        r.d_id === null
          ? null
          : {
              id: Number(r.d_id),
              encargoId: Number(r.d_encargo_id),
              tipoEstampadoId: Number(r.d_tipo_estampado_id),
              tipoNombre: r.d_tipo_nombre ?? '',
              fechaDiligencia: toDate(r.d_fecha_diligencia) as Date,
              apuntesTerreno: r.d_apuntes_terreno ?? '',
              tratamiento: r.d_tratamiento ?? '',
              valorCobrado: toNumber(r.d_valor_cobrado),
              valorFinal: toNumber(r.d_valor_final) ?? 0,
              motivoCambioValor: r.d_motivo_cambio_valor ?? '',
              observaciones: r.d_observaciones ?? '',
              creadoPor: r.d_creado_por ?? '',
              fechaCreacion: toDate(r.d_fecha_creacion) as Date,
            },
    });
  }
  return map;
}

export function toDiligenciaResumen(d: DiligenciaRow): DiligenciaResumen {
  return {
    id: d.id,
    fecha_diligencia: toSantiagoIso(d.fechaDiligencia),
    apuntes_terreno: d.apuntesTerreno,
    tratamiento: d.tratamiento,
    valor_cobrado: d.valorCobrado,
    valor_final: d.valorFinal,
    motivo_cambio_valor: d.motivoCambioValor,
    observaciones: d.observaciones,
  };
}

/** The read-shape fields of spec 02 §3 for one assignment. */
export function resultadoFields(r: ResultadosRow | undefined) {
  const u = r?.ultima ?? null;
  return {
    estado_estampado: r?.estadoEstampado ?? '',
    fecha_estampado: r?.fechaEstampado ?? null,
    observacion_estampado: r?.observacionEstampado ?? '',
    tipo_estampado: u?.tipoEstampadoId ?? null,
    tipo_estampado_nombre: u?.tipoNombre ?? '',
    valor_asociado: u?.valorFinal ?? null,
    ultima_diligencia_tipo_estampado: u?.tipoEstampadoId ?? null,
    ultima_diligencia_tipo_estampado_nombre: u?.tipoNombre ?? null,
    ultima_diligencia_fecha: u ? toSantiagoIso(u.fechaDiligencia) : null,
    ultima_diligencia_apuntes: u?.apuntesTerreno ?? null,
    ultima_diligencia_valor: u?.valorFinal ?? null,
    ultima_diligencia_observaciones: u?.observaciones ?? null,
    ultima_diligencia_tratamiento: u?.tratamiento ?? null,
    diligencia: u ? toDiligenciaResumen(u) : null,
    resultado: u ? { id: u.tipoEstampadoId, nombre: u.tipoNombre } : null,
  };
}

/** Adds the stamp state and last diligence to assignments read by rol. */
export async function withResultados<T extends { id: number }>(db: TenantDb, list: T[]) {
  const found = await findResultados(
    db,
    list.map((e) => e.id),
  );
  return list.map((e) => ({ ...e, ...resultadoFields(found.get(e.id)) }));
}

// ---------------------------------------------------------------------------------------------
// Work queue (/resultados-dashboard)

const DAY_MS = 86_400_000;

function diasEntre(desde: string, hoy: string): number {
  return Math.max(0, Math.round((Date.parse(`${hoy}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DAY_MS));
}

interface ColaRow {
  id: number;
  numero_rol: string;
  estado: EncargoEstado;
  estudio_nombre: string;
  ejecutados: string;
  tipo_encargo_nombre: string | null;
  es_re_encargo: boolean;
  fecha_encargo: string;
  esperando_desde: string;
  ultima_tipo: string | null;
  ultima_fecha: string | Date | null;
}

/** Assignments of one state, oldest waiting first, with how long they wait. */
export async function listCola(
  db: TenantDb,
  estado: 'preparado' | 'listo_para_estampar',
  limit: number,
  now = new Date(),
): Promise<{ items: ColaItem[]; total: number }> {
  // Waiting for results since the assignment date; waiting for a stamp since the last diligence.
  const desde =
    estado === 'preparado'
      ? sql`e.fecha_encargo`
      : sql`coalesce((d.fecha_diligencia at time zone 'America/Santiago')::date, e.fecha_encargo)`;
  const result = (await db.execute(sql`
    select e.id, e.numero_rol, e.estado, s.nombre as estudio_nombre, e.ejecutados, te.nombre as tipo_encargo_nombre,
           e.es_re_encargo, e.fecha_encargo::text as fecha_encargo, (${desde})::text as esperando_desde,
           t.nombre as ultima_tipo, d.fecha_diligencia as ultima_fecha
    from ${encargos} e
    join ${estudios} s on s.id = e.estudio_id
    left join ${tiposEncargo} te on te.id = e.tipo_encargo_id
    left join lateral (
      select x.fecha_diligencia, x.tipo_estampado_id from ${diligencias} x
      where x.encargo_id = e.id order by x.fecha_diligencia desc, x.id desc limit 1
    ) d on true
    left join ${tiposEstampado} t on t.id = d.tipo_estampado_id
    where e.estado = ${estado}
    order by ${desde} asc, e.id asc
    limit ${limit}`)) as unknown as { rows: ColaRow[] };
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(encargos)
    .where(and(eq(encargos.estado, estado)));
  const hoy = todayIso(now);
  const items = result.rows.map(
    (r): ColaItem => ({
      id: Number(r.id),
      numero_rol: r.numero_rol,
      estado: r.estado,
      estudio_nombre: r.estudio_nombre,
      ejecutados: r.ejecutados,
      tipo_encargo_nombre: r.tipo_encargo_nombre ?? '',
      es_re_encargo: r.es_re_encargo,
      fecha_encargo: r.fecha_encargo,
      esperando_desde: r.esperando_desde,
      dias_esperando: diasEntre(r.esperando_desde, hoy),
      ultima_diligencia_tipo_estampado_nombre: r.ultima_tipo,
      ultima_diligencia_fecha: r.ultima_fecha === null ? null : toSantiagoIso(toDate(r.ultima_fecha) as Date),
    }),
  );
  return { items, total: Number(countRow?.n ?? 0) };
}

export async function countDiligencias(db: TenantDb, encargoIds: readonly number[]): Promise<number> {
  if (encargoIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(diligencias)
    .where(inArray(diligencias.encargoId, [...encargoIds]));
  return Number(row?.n ?? 0);
}
