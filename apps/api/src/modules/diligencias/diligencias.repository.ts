import { type ColaItem, type DiligenciaResumen, type EncargoEstado, type TipoPlazo, todayIso, toSantiagoIso } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { prepared } from '../../lib/prepared';

const { diligencias, encargoTotales, encargos, estudios, plazos, tiposEncargo, tiposEstampado } = tenantSchema;

export type TipoEstampadoRow = typeof tiposEstampado.$inferSelect;
export type DiligenciaRow = typeof diligencias.$inferSelect;
export type DiligenciaInsert = typeof diligencias.$inferInsert;

export async function listTiposEstampado(db: TenantDb): Promise<TipoEstampadoRow[]> {
  return db.select().from(tiposEstampado).where(eq(tiposEstampado.activo, true)).orderBy(asc(tiposEstampado.orden), asc(tiposEstampado.id));
}

/** A stamp type as a JSON column of another statement (placeholder `tipo`): read in the same round trip. */
export const tipoEstampadoJson = sql<TipoEstampadoJson | null>`(select row_to_json(t) from ${tiposEstampado} t where t.id = ${sql.placeholder('tipo')})`;

export interface TipoEstampadoJson {
  id: number;
  codigo: string;
  nombre: string;
  valor_por_defecto: number;
  orden: number;
  activo: boolean;
}

export const tipoFromJson = (t: TipoEstampadoJson | null): TipoEstampadoRow | undefined =>
  t === null ? undefined : { id: t.id, codigo: t.codigo, nombre: t.nombre, valorPorDefecto: t.valor_por_defecto, orden: t.orden, activo: t.activo };

/** A stamp type by id (a prepared statement: every stamp looks it up) or by code. */
export async function findTipoEstampado(db: TenantDb, ref: number | string): Promise<TipoEstampadoRow | undefined> {
  const [row] =
    typeof ref === 'number'
      ? await prepared(db, 'tipo_estampado', () =>
          db.select().from(tiposEstampado).where(eq(tiposEstampado.id, sql.placeholder('id'))).prepare('tipo_estampado'),
        ).execute({ id: ref })
      : await db.select().from(tiposEstampado).where(eq(tiposEstampado.codigo, ref));
  return row;
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

/** The last diligence as the JSON of `ultimaDiligenciaJson` (snake_case columns, timestamps as text). */
interface UltimaJson {
  id: number;
  encargo_id: number;
  tipo_estampado_id: number;
  tipo_nombre: string | null;
  fecha_diligencia: string;
  apuntes_terreno: string;
  tratamiento: string;
  valor_cobrado: number | null;
  valor_final: number;
  motivo_cambio_valor: string;
  observaciones: string;
  informante: string;
  informante_relacion: string;
  hora_informada: boolean;
  domicilio_id: number | null;
  domicilio_direccion: string | null;
  domicilio_comuna: string | null;
  creado_por: string;
  fecha_creacion: string;
}

/**
 * An assignment's last diligence with its type's name, as JSON inside the query that reads the
 * assignment (`encargoId` is that query's id column): one round trip instead of a second query.
 */
export function ultimaDiligenciaJson(encargoId: SQL) {
  return sql<UltimaJson | null>`(select json_build_object('id', x.id, 'encargo_id', x.encargo_id, 'tipo_estampado_id', x.tipo_estampado_id,
      'tipo_nombre', t.nombre, 'fecha_diligencia', x.fecha_diligencia, 'apuntes_terreno', x.apuntes_terreno, 'tratamiento', x.tratamiento,
      'valor_cobrado', x.valor_cobrado, 'valor_final', x.valor_final, 'motivo_cambio_valor', x.motivo_cambio_valor,
      'observaciones', x.observaciones, 'informante', x.informante, 'informante_relacion', x.informante_relacion,
      'hora_informada', x.hora_informada, 'domicilio_id', x.domicilio_id, 'domicilio_direccion', x.domicilio_direccion,
      'domicilio_comuna', x.domicilio_comuna, 'creado_por', x.creado_por, 'fecha_creacion', x.fecha_creacion)
    from ${diligencias} x left join ${tiposEstampado} t on t.id = x.tipo_estampado_id
    where x.encargo_id = ${encargoId} order by x.fecha_diligencia desc, x.id desc limit 1)`;
}

/** The stamp columns of an assignment and its last diligence (from ultimaDiligenciaJson). */
export function toResultados(
  stamp: { id: number; estadoEstampado: string; fechaEstampado: string | null; observacionEstampado: string },
  u: UltimaJson | null,
): ResultadosRow {
  return {
    id: stamp.id,
    estadoEstampado: stamp.estadoEstampado,
    fechaEstampado: stamp.fechaEstampado,
    observacionEstampado: stamp.observacionEstampado,
    ultima:
      u === null
        ? null
        : {
            id: u.id,
            encargoId: u.encargo_id,
            tipoEstampadoId: u.tipo_estampado_id,
            tipoNombre: u.tipo_nombre ?? '',
            fechaDiligencia: new Date(u.fecha_diligencia),
            apuntesTerreno: u.apuntes_terreno,
            tratamiento: u.tratamiento,
            valorCobrado: u.valor_cobrado === null ? null : Number(u.valor_cobrado),
            valorFinal: Number(u.valor_final),
            motivoCambioValor: u.motivo_cambio_valor,
            observaciones: u.observaciones,
            informante: u.informante,
            informanteRelacion: u.informante_relacion,
            horaInformada: u.hora_informada,
            domicilioId: u.domicilio_id ?? null,
            domicilioDireccion: u.domicilio_direccion ?? null,
            domicilioComuna: u.domicilio_comuna ?? null,
            creadoPor: u.creado_por,
            fechaCreacion: new Date(u.fecha_creacion),
          },
  };
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
    informante: d.informante,
    informante_relacion: d.informanteRelacion,
    hora_informada: d.horaInformada,
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
    ultima_diligencia_informante: u?.informante ?? null,
    ultima_diligencia_informante_relacion: u?.informanteRelacion ?? null,
    ultima_diligencia_hora_informada: u?.horaInformada ?? null,
    diligencia: u ? toDiligenciaResumen(u) : null,
    resultado: u ? { id: u.tipoEstampadoId, nombre: u.tipoNombre } : null,
  };
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
  plazo_tipo: TipoPlazo | null;
  plazo_vence: string | null;
}

/** Assignments of one state, oldest waiting first, with how long they wait. */
export async function listCola(
  db: TenantDb,
  estado: 'preparado' | 'listo_para_estampar',
  limit: number,
  now = new Date(),
): Promise<{ items: ColaItem[]; total: number }> {
  // The page first, then its rows' names, last diligence and nearest open deadline (for those rows only).
  // Waiting for results since the assignment date: the page is read backwards off the (estado, fecha_encargo
  // desc, id desc) index — 'nulls first' is that index's backward order (neither column is ever null).
  // Waiting for a stamp since the last diligence (the Santiago day each assignment keeps of its latest one),
  // else since the assignment date: the page is read off the (estado, that day, id) index (migration 0025).
  const pagina =
    estado === 'preparado'
      ? sql`select e.id, e.fecha_encargo as orden from ${encargos} e
            where e.estado = ${estado} and e.es_re_encargado = false
            order by e.fecha_encargo asc nulls first, e.id asc nulls first limit ${limit}`
      : sql`select e.id, coalesce(e.ultima_diligencia_dia, e.fecha_encargo) as orden
            from ${encargos} e
            where e.estado = ${estado} and e.es_re_encargado = false
            order by coalesce(e.ultima_diligencia_dia, e.fecha_encargo) asc, e.id asc limit ${limit}`;
  const result = (await db.execute(sql`
    select e.id, e.numero_rol, e.estado, s.nombre as estudio_nombre, e.ejecutados, te.nombre as tipo_encargo_nombre,
           e.es_re_encargo, e.fecha_encargo::text as fecha_encargo, q.orden::text as esperando_desde,
           t.nombre as ultima_tipo, d.fecha_diligencia as ultima_fecha, p.tipo as plazo_tipo, p.vence::text as plazo_vence
    from (${pagina}) q
    join ${encargos} e on e.id = q.id
    join ${estudios} s on s.id = e.estudio_id
    left join ${tiposEncargo} te on te.id = e.tipo_encargo_id
    left join lateral (
      select x.fecha_diligencia, x.tipo_estampado_id from ${diligencias} x
      where x.encargo_id = e.id order by x.fecha_diligencia desc, x.id desc limit 1
    ) d on true
    left join ${tiposEstampado} t on t.id = d.tipo_estampado_id
    left join lateral (
      select y.tipo, y.vence from ${plazos} y
      where y.encargo_id = e.id and y.estado = 'pendiente' order by y.vence asc, y.id asc limit 1
    ) p on true
    order by q.orden asc, q.id asc`)) as unknown as { rows: ColaRow[] };
  // The state's count kept by the encargo_totales triggers, less its re-assigned originals (few; partial
  // index, migration 0025): not a count of every waiting assignment.
  const [countRow] = (
    (await db.execute(sql`
      select ((select coalesce(sum(${encargoTotales.total}), 0) from ${encargoTotales} where ${encargoTotales.estado} = ${estado})
              - (select count(*) from ${encargos} where ${encargos.estado} = ${estado} and ${encargos.esReEncargado}))::int as n`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
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
      ultima_diligencia_fecha: r.ultima_fecha === null ? null : toSantiagoIso(r.ultima_fecha instanceof Date ? r.ultima_fecha : new Date(r.ultima_fecha)),
      plazo_proximo: r.plazo_tipo === null || r.plazo_vence === null ? null : { tipo: r.plazo_tipo, vence: r.plazo_vence, vencido: r.plazo_vence < hoy },
    }),
  );
  return { items, total: Number(countRow?.n ?? 0) };
}

/** Completes the hour of a diligence typed with its date alone (the date kept, now informed). */
export async function completarHoraDiligencia(db: TenantDb, id: number, fecha: Date): Promise<DiligenciaRow> {
  const [row] = await db
    .update(diligencias)
    .set({ fechaDiligencia: fecha, horaInformada: true })
    .where(eq(diligencias.id, id))
    .returning();
  if (!row) throw new Error(`la diligencia ${id} no se actualizó`);
  return row;
}

export async function countDiligencias(db: TenantDb, encargoIds: readonly number[]): Promise<number> {
  if (encargoIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(diligencias)
    .where(inArray(diligencias.encargoId, [...encargoIds]));
  return Number(row?.n ?? 0);
}
