import {
  type DiligenciaResumen,
  type EncargoEstado,
  type FirmaNotificado,
  leerEntregaCopias,
  type Tarifa,
  todayIso,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { prepared, preparedSql } from '../../lib/prepared';

const { auditoria, cartasArt46, diligencias, encargoEventos, encargoTotales, encargos, estudios, plazos, tarifas, tiposEncargo, tiposEstampado, utmMensual } =
  tenantSchema;

export type TipoEstampadoRow = typeof tiposEstampado.$inferSelect;
export type DiligenciaRow = typeof diligencias.$inferSelect;
export type DiligenciaInsert = typeof diligencias.$inferInsert;

export async function listTiposEstampado(db: TenantDb): Promise<TipoEstampadoRow[]> {
  return db.select().from(tiposEstampado).where(eq(tiposEstampado.activo, true)).orderBy(asc(tiposEstampado.orden), asc(tiposEstampado.id));
}

/** A stamp type as a JSON column of another statement (placeholder `tipo`): read in the same round trip. */
export const tipoEstampadoJson = sql<TipoEstampadoJson | null>`(select row_to_json(t) from ${tiposEstampado} t where t.id = ${sql.placeholder('tipo')})`;

/**
 * The price-list rows a diligence of the assignment read beside it may take (the firm's and the general
 * list's, in their order, shaped as Tarifa), as a JSON column of a statement over encargos.
 */
export const tarifasJson = sql<Tarifa[]>`coalesce((select json_agg(json_build_object('id', t.id, 'estudio_id', t.estudio_id,
      'tipo_estampado_id', t.tipo_estampado_id, 'cuantia_desde', t.cuantia_desde, 'cuantia_hasta', t.cuantia_hasta,
      'monto_clp', t.monto_clp, 'porcentaje_utm', t.porcentaje_utm, 'recargos', t.recargos) order by t.orden, t.id)
    from ${tarifas} t where t.estudio_id = ${sql.identifier('encargos')}.${sql.identifier('estudio_id')} or t.estudio_id is null), '[]'::json)`;

/** The UTM of the month `mes` (placeholder), else the latest before it, as a column of another statement (null: none on record). */
export const utmJson = sql<number | null>`(select u.valor from ${utmMensual} u where u.mes <= ${sql.placeholder('mes')} order by u.mes desc limit 1)`;

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
  visita_uuid?: string | null;
  entrega_copias?: DiligenciaRow['entregaCopias'];
  firma_notificado?: string | null;
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
      'domicilio_comuna', x.domicilio_comuna, 'creado_por', x.creado_por, 'fecha_creacion', x.fecha_creacion,
      'visita_uuid', x.visita_uuid, 'entrega_copias', x.entrega_copias, 'firma_notificado', x.firma_notificado)
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
            visitaUuid: u.visita_uuid ?? null,
            entregaCopias: u.entrega_copias ?? null,
            firmaNotificado: u.firma_notificado ?? null,
          },
  };
}

export function toDiligenciaResumen(d: Omit<DiligenciaRow, 'visitaUuid' | 'entregaCopias' | 'firmaNotificado'> & Partial<DiligenciaRow>): DiligenciaResumen {
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
    visita_uuid: d.visitaUuid ?? null,
    entrega_copias: leerEntregaCopias(d.entregaCopias),
    firma_notificado: (d.firmaNotificado as FirmaNotificado | null) ?? null,
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

/**
 * An instant as toSantiagoIso writes it (2025-03-10T09:30:00-03:00: Santiago's wall clock to the second,
 * then its offset), whatever the session's time zone.
 */
const santiagoIso = (instant: SQL) => sql`to_char(${instant} at time zone 'America/Santiago', 'YYYY-MM-DD"T"HH24:MI:SS')
  || (select case when o.m < 0 then '-' else '+' end || lpad((abs(o.m) / 60)::text, 2, '0') || ':' || lpad((abs(o.m) % 60)::text, 2, '0')
      from (select round(extract(epoch from (${instant} at time zone 'America/Santiago') - (${instant} at time zone 'UTC')) / 60)::int as m) o)`;

/**
 * One list of the work queue as a JSON array of ColaItem, oldest waiting first: the page of `estado` is
 * read off an index in `orden` (since when it waits), then only its rows are joined, each once — names by
 * key, the last diligence only where the assignment's day of its latest one (kept by 0025's triggers for
 * every writer) says it has one, the nearest open deadline as the assignment's first entry in the open
 * deadlines' (encargo_id, vence, id) index (migration 0026). The columns are ColaItem's keys, in order.
 */
const listaJson = (estado: EncargoEstado, orden: SQL, pageOrder: SQL, limite: SQL, hoy: SQL) => sql`coalesce((select json_agg(r order by r.esperando_desde, r.id) from (
    select q.id, q.numero_rol, q.estado, s.nombre as estudio_nombre, q.ejecutados, coalesce(te.nombre, '') as tipo_encargo_nombre,
           q.es_re_encargo, q.fecha_encargo, q.orden as esperando_desde, greatest(0, ${hoy} - q.orden) as dias_esperando,
           d.tipo_nombre as ultima_diligencia_tipo_estampado_nombre, d.fecha as ultima_diligencia_fecha,
           case when p.vence is not null then json_build_object('tipo', p.tipo, 'vence', p.vence, 'vencido', p.vence < ${hoy}) end as plazo_proximo
    from (
      select e.id, e.numero_rol, e.estado, e.estudio_id, e.ejecutados, e.tipo_encargo_id, e.es_re_encargo, e.fecha_encargo,
             e.ultima_diligencia_dia, ${orden} as orden
      from ${encargos} e
      where e.estado = ${sql.raw(`'${estado}'`)} and e.es_re_encargado = false
      order by ${pageOrder} limit ${limite}
    ) q
    join ${estudios} s on s.id = q.estudio_id
    left join ${tiposEncargo} te on te.id = q.tipo_encargo_id
    left join lateral (
      select t.nombre as tipo_nombre, ${santiagoIso(sql`x.fecha_diligencia`)} as fecha
      from ${diligencias} x left join ${tiposEstampado} t on t.id = x.tipo_estampado_id
      where q.ultima_diligencia_dia is not null and x.encargo_id = q.id
      order by x.fecha_diligencia desc, x.id desc limit 1
    ) d on true
    left join lateral (
      select y.tipo, y.vence from ${plazos} y
      where y.encargo_id = q.id and y.estado = 'pendiente' order by y.vence asc, y.id asc limit 1
    ) p on true
  ) r), '[]')`;

/**
 * The state's count kept by the encargo_totales triggers, less its re-assigned originals (few; partial
 * index, migration 0025): not a count of every waiting assignment.
 */
const totalJson = (estado: EncargoEstado) =>
  sql`((select coalesce(sum(${encargoTotales.total}), 0) from ${encargoTotales} where ${encargoTotales.estado} = ${sql.raw(`'${estado}'`)})
    - (select count(*) from ${encargos} where ${encargos.estado} = ${sql.raw(`'${estado}'`)} and ${encargos.esReEncargado}))::int`;

/**
 * The /resultados-dashboard work queue as the JSON text of ColaResponse, written by PostgreSQL in one
 * statement (prepared: planned once per connection), `hoy` (Santiago's date) its only value. The API sends
 * the text as it comes.
 * - Waiting for results since the assignment date: the page is read backwards off the (estado,
 *   fecha_encargo desc, id desc) index — 'nulls first' is that index's backward order (neither column is
 *   ever null).
 * - Waiting for a stamp since the Santiago day each assignment keeps of its latest diligence, else since
 *   the assignment date: off the (estado, that day, id) index (migration 0025).
 * - Letters: open 'Carta certificada art. 46' deadlines whose notification has no letter on record,
 *   soonest due first, off their own index (migration 0026); vencida once the due date has passed.
 */
const colaJsonStatement = (limit: number) => {
  const hoy = sql`${sql.placeholder('hoy')}::date`;
  const limite = sql.raw(String(Math.trunc(limit)));
  return sql`select json_build_object(
    'esperando_resultados', ${listaJson('preparado', sql`e.fecha_encargo`, sql`e.fecha_encargo asc nulls first, e.id asc nulls first`, limite, hoy)},
    'esperando_estampado', ${listaJson(
      'listo_para_estampar',
      sql`coalesce(e.ultima_diligencia_dia, e.fecha_encargo)`,
      sql`coalesce(e.ultima_diligencia_dia, e.fecha_encargo) asc, e.id asc`,
      limite,
      hoy,
    )},
    'totales', json_build_object('esperando_resultados', ${totalJson('preparado')}, 'esperando_estampado', ${totalJson('listo_para_estampar')}),
    'cartas_art46', coalesce((
      select json_agg(json_build_object('encargo_id', c.encargo_id, 'numero_rol', c.numero_rol, 'vence', c.vence,
                                        'estado', case when c.vence < ${hoy} then 'vencida' else 'pendiente' end) order by c.vence, c.id)
      from (
        select y.id, y.encargo_id, e.numero_rol, y.vence
        from ${plazos} y join ${encargos} e on e.id = y.encargo_id
        where y.tipo = 'carta_art_46' and y.estado = 'pendiente'
          and not exists (select 1 from ${cartasArt46} c where c.encargo_id = y.encargo_id and c.fecha_notificacion = y.desde)
        order by y.vence asc, y.id asc limit ${limite}
      ) c), '[]')
  )::text as cola`;
};

/** The work queue's body as JSON text (see colaJsonStatement), each list at most `limit` long. */
export async function readColaJson(db: TenantDb, limit: number, now = new Date()): Promise<string> {
  const { rows } = await preparedSql<{ cola: string }>(db, `cola_json_${limit}`, () => colaJsonStatement(limit)).execute({ hoy: todayIso(now) });
  return (rows[0] as { cola: string }).cola;
}

/** What saving results stores of a diligence: every column but its id (the field links optional: null). */
type CamposDeVisita = 'visitaUuid' | 'entregaCopias' | 'firmaNotificado';
export type DiligenciaValues = Omit<DiligenciaRow, 'id' | CamposDeVisita> & Partial<Pick<DiligenciaRow, CamposDeVisita>>;

/** The results save's writes beside the diligence: the assignment's new state and the two audit entries' changes. */
export interface ResultadosEscritura {
  /** The assignment's version as read: the save writes nothing once another change has raised it. */
  version: number;
  estado: EncargoEstado;
  fechaModificacion: Date;
  actor: { userId: number | null; username: string; ip: string; userAgent: string };
  cambiosDiligencia: Record<string, unknown>;
  cambiosEncargo: Record<string, unknown>;
  /** The stamp type's name, for the assignment's 'resultados' event written by the same statement. */
  tipoNombre?: string;
}

/**
 * Results saved in one statement (one round trip, its own transaction when run outside one): the
 * assignment updated while its version is still the one read (the work queue's last-diligence day set
 * here, so the diligences' trigger finds it right and adds no second version), the diligence inserted
 * for it, both audit entries (the diligence created, the assignment's 'resultados') in that order, and
 * the assignment's 'resultados' event (its lifecycle, ciclo-vida).
 * Answers the new diligence's id; undefined, with nothing written, when the assignment changed since.
 */
export async function insertDiligenciaConResultados(db: TenantDb, diligencia: DiligenciaValues, w: ResultadosEscritura): Promise<number | undefined> {
  const p = (name: string) => sql.placeholder(name);
  const { rows } = await preparedSql<{ id: number }>(
    db,
    'diligencia_con_resultados',
    () => sql`
      with u as (
        update ${encargos} set estado = ${p('estado')}, fecha_modificacion = ${p('fechaModificacion')}::timestamptz,
               ultima_diligencia_dia = greatest(ultima_diligencia_dia, (${p('fechaDiligencia')}::timestamptz at time zone 'America/Santiago')::date)
         where id = ${p('encargoId')}::int and version = ${p('version')}::int
        returning id
      ), d as (
        insert into ${diligencias} (encargo_id, tipo_estampado_id, fecha_diligencia, apuntes_terreno, tratamiento, valor_cobrado, valor_final,
                                    motivo_cambio_valor, observaciones, informante, informante_relacion, hora_informada,
                                    domicilio_id, domicilio_direccion, domicilio_comuna, creado_por, fecha_creacion,
                                    visita_uuid, entrega_copias, firma_notificado)
        select u.id, ${p('tipoEstampadoId')}::int, ${p('fechaDiligencia')}::timestamptz, ${p('apuntesTerreno')}::text, ${p('tratamiento')}::text,
               ${p('valorCobrado')}::bigint, ${p('valorFinal')}::bigint, ${p('motivoCambioValor')}::text, ${p('observaciones')}::text,
               ${p('informante')}::text, ${p('informanteRelacion')}::text, ${p('horaInformada')}::boolean, ${p('domicilioId')}::int,
               ${p('domicilioDireccion')}::text, ${p('domicilioComuna')}::text, ${p('creadoPor')}::text, ${p('fechaCreacion')}::timestamptz,
               ${p('visitaUuid')}::uuid, ${p('entregaCopiasJson')}::jsonb, ${p('firmaNotificado')}::text
          from u
        returning id
      ), a as (
        insert into ${auditoria} (usuario_id, usuario, entidad, entidad_id, accion, cambios, ip, user_agent)
        select ${p('usuarioId')}::int, ${p('usuario')}::text, x.entidad, x.entidad_id, x.accion, x.cambios,
               coalesce(${p('ip')}::text, ''), coalesce(${p('userAgent')}::text, '')
          from d, u, lateral (values ('diligencia', d.id, 'crear', ${p('cambiosDiligencia')}::jsonb),
                                     ('encargo', u.id, 'resultados', ${p('cambiosEncargo')}::jsonb)) as x(entidad, entidad_id, accion, cambios)
      ), ev as (
        insert into ${encargoEventos} (encargo_id, tipo, instante, registrado_en, actor, datos, origen)
        select u.id, 'resultados', ${p('fechaDiligencia')}::timestamptz, ${p('fechaCreacion')}::timestamptz, ${p('usuario')}::text,
               jsonb_build_object('diligencia_id', d.id, 'tipo_estampado_id', ${p('tipoEstampadoId')}::int, 'tipo', ${p('tipoNombre')}::text,
                                  'domicilio', concat_ws(', ', ${p('domicilioDireccion')}::text, ${p('domicilioComuna')}::text)),
               'diligencia:' || d.id
          from d, u
      )
      select id from d`,
  ).execute({
    ...diligencia,
    visitaUuid: diligencia.visitaUuid ?? null,
    entregaCopiasJson: diligencia.entregaCopias ? JSON.stringify(diligencia.entregaCopias) : null,
    firmaNotificado: diligencia.firmaNotificado ?? null,
    version: w.version,
    estado: w.estado,
    fechaModificacion: w.fechaModificacion,
    usuarioId: w.actor.userId,
    usuario: w.actor.username,
    ip: w.actor.ip,
    userAgent: w.actor.userAgent,
    cambiosDiligencia: JSON.stringify(w.cambiosDiligencia),
    cambiosEncargo: JSON.stringify(w.cambiosEncargo),
    tipoNombre: w.tipoNombre ?? '',
  });
  return rows[0]?.id;
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
