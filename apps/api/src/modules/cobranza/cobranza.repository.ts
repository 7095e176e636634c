import type { CobranzaEncargosQuery } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';

const { estudioEmails, estudios, planillasCobranza } = tenantSchema;

export interface CobrableRow {
  id: number;
  numero_rol: string;
  valor_asociado: string | number;
  ultima_diligencia_valor: string | number | null;
  estudio_id: number;
  estudio_nombre: string;
  fecha_diligencia: string | null;
  fecha_demanda: string | null;
  fecha_estampado: string | null;
  fecha_encargo: string;
  parte_demandante_nombre: string;
  tipo_causa_nombre: string;
  tipo_encargo_nombre: string;
  tipo_estampado: string;
  tribunal_nombre: string;
  rut_ejecutado: string;
  vence_excepciones: string | null;
  recibo_numero: number | null;
  es_re_encargado: boolean;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Stamped assignments that were not re-assigned (spec 02 §4), with their last diligence. The
 * value is the last diligence's final value, else its charged value (spec 02 §9).
 */
async function selectCobrables(db: TenantDb, where: SQL) {
  const result = await db.execute(sql`
    select e.id, e.numero_rol,
           coalesce(ud.valor_final, ud.valor_cobrado, 0) as valor_asociado,
           ud.valor_final as ultima_diligencia_valor,
           e.estudio_id, es.nombre as estudio_nombre,
           to_char(ud.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia,
           to_char(e.fecha_demanda, 'YYYY-MM-DD') as fecha_demanda,
           to_char(e.fecha_estampado, 'YYYY-MM-DD') as fecha_estampado,
           to_char(e.fecha_encargo, 'YYYY-MM-DD') as fecha_encargo,
           coalesce(pd.nombre, '') as parte_demandante_nombre,
           coalesce(tc.nombre, '') as tipo_causa_nombre,
           coalesce(te.nombre, '') as tipo_encargo_nombre,
           coalesce(ts.nombre, '') as tipo_estampado,
           coalesce(tr.nombre, '') as tribunal_nombre,
           e.rut_ejecutado, e.es_re_encargado, px.vence::text as vence_excepciones,
           rc.numero as recibo_numero
      from encargos e
      join estudios es on es.id = e.estudio_id
      left join partes_demandantes pd on pd.id = e.parte_demandante_id
      left join tipos_causa tc on tc.id = e.tipo_causa_id
      left join tipos_encargo te on te.id = e.tipo_encargo_id
      left join tribunales tr on tr.id = e.tribunal_id
      left join lateral (
        select d.id, d.valor_final, d.valor_cobrado, d.fecha_diligencia, d.tipo_estampado_id
          from diligencias d
         where d.encargo_id = e.id
         order by d.fecha_diligencia desc, d.id desc
         limit 1
      ) ud on true
      left join tipos_estampado ts on ts.id = ud.tipo_estampado_id
      -- The requerimiento's term to oppose excepciones: the latest one (an earlier one was replaced by it).
      left join lateral (
        select y.vence from plazos y where y.encargo_id = e.id and y.tipo = 'excepciones' order by y.id desc limit 1
      ) px on true
      -- The receipt (not void) that bills the row's diligence (issue 25).
      left join lateral (
        select r.numero from recibo_items i join recibos r on r.id = i.recibo_id where i.diligencia_id = ud.id and i.activo limit 1
      ) rc on true
     where e.estado = 'estampado' and e.es_re_encargado = false and ${where}
     order by e.fecha_estampado nulls last, e.numero_rol, e.id
     limit 10000`);
  return rowsOf<CobrableRow>(result);
}

export function listCobrables(db: TenantDb, query: CobranzaEncargosQuery) {
  const conditions: SQL[] = [sql`true`];
  if (query.estudio) conditions.push(sql`e.estudio_id = ${query.estudio}`);
  if (query.fecha_especifica) conditions.push(sql`e.fecha_estampado = ${query.fecha_especifica}::date`);
  if (query.fecha_inicio) conditions.push(sql`e.fecha_estampado >= ${query.fecha_inicio}::date`);
  if (query.fecha_fin) conditions.push(sql`e.fecha_estampado <= ${query.fecha_fin}::date`);
  if (query.solo_sin_recibo) conditions.push(sql`rc.numero is null`);
  return selectCobrables(db, sql.join(conditions, sql` and `));
}

export function findCobrablesByIds(db: TenantDb, ids: readonly number[]) {
  return selectCobrables(db, sql`e.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

export async function findEstudio(db: TenantDb, id: number) {
  const [row] = await db.select({ id: estudios.id, nombre: estudios.nombre }).from(estudios).where(eq(estudios.id, id));
  return row;
}

/** Active addresses of one type of a firm. */
export async function listEstudioEmails(db: TenantDb, estudioId: number, tipo: 'cobranza' | 'principal') {
  const rows = await db
    .select({ email: estudioEmails.email })
    .from(estudioEmails)
    .where(and(eq(estudioEmails.estudioId, estudioId), eq(estudioEmails.tipo, tipo), eq(estudioEmails.activo, true)))
    .orderBy(estudioEmails.id);
  return rows.map((row) => row.email);
}

export type PlanillaValues = typeof planillasCobranza.$inferInsert;

export async function insertPlanilla(db: TenantDb, values: PlanillaValues) {
  const [row] = await db.insert(planillasCobranza).values(values).returning({ id: planillasCobranza.id });
  if (!row) throw new Error('planilla insert returned nothing');
  return row.id;
}

/** Seconds during which the same user's identical sheet is the one already stored (a double click). */
export const PLANILLA_REPETIDA_SEGUNDOS = 10;

/**
 * Serializes one user's sheet generations until the transaction ends, so a repeat waits for the
 * first and then finds it.
 */
export async function lockPlanillasOf(tx: TenantDb, usuarioId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('planillas_cobranza'), ${usuarioId}::int)`);
}

/** The same user's sheet with the same filters, columns and totals stored in the last few seconds. */
export async function findPlanillaRepetida(tx: TenantDb, values: PlanillaValues) {
  const [row] = await tx
    .select({ id: planillasCobranza.id, nombreArchivo: planillasCobranza.nombreArchivo })
    .from(planillasCobranza)
    .where(
      and(
        eq(planillasCobranza.usuarioId, values.usuarioId),
        sql`${planillasCobranza.fechaCreacion} > now() - make_interval(secs => ${PLANILLA_REPETIDA_SEGUNDOS})`,
        sql`${planillasCobranza.filtros} = ${JSON.stringify(values.filtros ?? {})}::jsonb`,
        sql`${planillasCobranza.columnas} = ${JSON.stringify(values.columnas ?? [])}::jsonb`,
        eq(planillasCobranza.incluirEncabezado, values.incluirEncabezado ?? false),
        eq(planillasCobranza.totalEncargos, values.totalEncargos),
        eq(planillasCobranza.valorTotal, values.valorTotal),
        values.estudioId == null ? isNull(planillasCobranza.estudioId) : eq(planillasCobranza.estudioId, values.estudioId),
      ),
    )
    .orderBy(desc(planillasCobranza.id))
    .limit(1);
  return row;
}

const summaryColumns = {
  id: planillasCobranza.id,
  fechaCreacion: planillasCobranza.fechaCreacion,
  usuario: planillasCobranza.usuario,
  estudioId: planillasCobranza.estudioId,
  estudioNombre: planillasCobranza.estudioNombre,
  filtros: planillasCobranza.filtros,
  columnas: planillasCobranza.columnas,
  totalEncargos: planillasCobranza.totalEncargos,
  valorTotal: planillasCobranza.valorTotal,
  nombreArchivo: planillasCobranza.nombreArchivo,
  envios: planillasCobranza.envios,
};

export function listPlanillas(db: TenantDb, limit = 200) {
  return db.select(summaryColumns).from(planillasCobranza).orderBy(desc(planillasCobranza.fechaCreacion), desc(planillasCobranza.id)).limit(limit);
}

export async function findPlanilla(db: TenantDb, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, archivo: planillasCobranza.archivo })
    .from(planillasCobranza)
    .where(eq(planillasCobranza.id, id));
  return row;
}

/** Appends a send to the sheet's record. */
export async function appendEnvio(db: TenantDb, id: number, envio: { fecha: string; destinatarios: string[]; usuario: string }) {
  await db
    .update(planillasCobranza)
    .set({ envios: sql`${planillasCobranza.envios} || ${JSON.stringify([envio])}::jsonb` })
    .where(eq(planillasCobranza.id, id));
}
