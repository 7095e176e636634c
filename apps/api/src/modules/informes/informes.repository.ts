import type { EmailTipo } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const { estudios, estudioEmails, informesConfiguracion, informesEnvios } = tenantSchema;

export type EnvioRow = typeof informesEnvios.$inferSelect;
export type EnvioInsert = typeof informesEnvios.$inferInsert;

export async function findEstudioConConfiguracion(db: TenantDb, estudioId: number) {
  const [row] = await db
    .select({
      id: estudios.id,
      nombre: estudios.nombre,
      activo: estudios.activo,
      diario: estudios.enviarInformesDiarios,
      mensual: estudios.enviarInformesMensuales,
      informesActivos: informesConfiguracion.informesActivos,
      semanal: informesConfiguracion.semanal,
      formato: informesConfiguracion.formato,
      correoRaiz: informesConfiguracion.correoRaiz,
      configurado: sql<boolean>`${informesConfiguracion.estudioId} is not null`,
    })
    .from(estudios)
    .leftJoin(informesConfiguracion, eq(informesConfiguracion.estudioId, estudios.id))
    .where(eq(estudios.id, estudioId));
  return row;
}
export type EstudioConConfiguracion = NonNullable<Awaited<ReturnType<typeof findEstudioConConfiguracion>>>;

/** Active firms with their report settings (for the scheduler). */
export async function findEstudiosActivosConConfiguracion(db: TenantDb) {
  const rows = await db
    .select({ id: estudios.id })
    .from(estudios)
    .where(eq(estudios.activo, true))
    .orderBy(estudios.id);
  const result: EstudioConConfiguracion[] = [];
  for (const row of rows) {
    const found = await findEstudioConConfiguracion(db, row.id);
    if (found) result.push(found);
  }
  return result;
}

export async function saveConfiguracion(
  db: TenantDb,
  estudioId: number,
  values: { informesActivos: boolean; diario: boolean; semanal: boolean; mensual: boolean; formato: string; correoRaiz: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(estudios)
      .set({ enviarInformesDiarios: values.diario, enviarInformesMensuales: values.mensual, fechaModificacion: now })
      .where(eq(estudios.id, estudioId));
    const row = {
      informesActivos: values.informesActivos,
      semanal: values.semanal,
      formato: values.formato,
      correoRaiz: values.correoRaiz,
      fechaModificacion: now,
    };
    await tx
      .insert(informesConfiguracion)
      .values({ estudioId, ...row })
      .onConflictDoUpdate({ target: informesConfiguracion.estudioId, set: row });
  });
}

/** Active e-mails of the given kinds. */
export async function findEmailsPorTipo(db: TenantDb, estudioId: number, tipos: EmailTipo[]): Promise<string[]> {
  const rows = await db
    .select({ email: estudioEmails.email })
    .from(estudioEmails)
    .where(and(eq(estudioEmails.estudioId, estudioId), eq(estudioEmails.activo, true), inArray(estudioEmails.tipo, tipos)))
    .orderBy(estudioEmails.id);
  return rows.map((row) => row.email);
}

export interface FilaInformeRow {
  id: number;
  numero_rol: string;
  estado: string;
  fecha_encargo: string | null;
  fecha_demanda: string | null;
  fecha_estampado: string | null;
  rut_ejecutado: string;
  ejecutados: string;
  parte_demandante: string;
  tribunal: string;
  tipo_causa_nombre: string;
  tipo_encargo_nombre: string;
  tipo_estampado: string;
  fecha_diligencia: string | null;
  valor_asociado: string | number | null;
  vence_excepciones: string | null;
}

/**
 * Assignments of a firm in estampado or listo_para_estampar whose last diligence (Santiago time)
 * or stamp date falls in the period (spec 02 §4).
 */
export async function findFilasInforme(
  db: TenantDb,
  estudioId: number,
  periodo: { fechaInicio: string; fechaFin: string; desde: Date; hasta: Date },
): Promise<FilaInformeRow[]> {
  const result = await db.execute(sql`
    select e.id, e.numero_rol, e.estado, e.fecha_encargo::text as fecha_encargo, e.fecha_demanda::text as fecha_demanda,
      e.fecha_estampado::text as fecha_estampado, e.rut_ejecutado, e.ejecutados,
      coalesce(p.nombre, '') as parte_demandante, coalesce(t.nombre, '') as tribunal,
      coalesce(tc.nombre, '') as tipo_causa_nombre, coalesce(te.nombre, '') as tipo_encargo_nombre,
      coalesce(ts.nombre, '') as tipo_estampado,
      to_char(d.fecha_diligencia at time zone 'America/Santiago', 'YYYY-MM-DD') as fecha_diligencia,
      d.valor_final as valor_asociado, px.vence::text as vence_excepciones
    from encargos e
    left join partes_demandantes p on p.id = e.parte_demandante_id
    left join tribunales t on t.id = e.tribunal_id
    left join tipos_causa tc on tc.id = e.tipo_causa_id
    left join tipos_encargo te on te.id = e.tipo_encargo_id
    left join lateral (
      select dl.fecha_diligencia, dl.valor_final, dl.tipo_estampado_id from diligencias dl
      where dl.encargo_id = e.id order by dl.fecha_diligencia desc, dl.id desc limit 1
    ) d on true
    left join tipos_estampado ts on ts.id = d.tipo_estampado_id
    -- The requerimiento's term to oppose excepciones: the latest one (an earlier one was replaced by it).
    left join lateral (
      select y.vence from plazos y where y.encargo_id = e.id and y.tipo = 'excepciones' order by y.id desc limit 1
    ) px on true
    where e.estudio_id = ${estudioId}
      and e.estado in ('estampado', 'listo_para_estampar')
      and ((e.fecha_estampado >= ${periodo.fechaInicio} and e.fecha_estampado <= ${periodo.fechaFin})
        or (d.fecha_diligencia >= ${periodo.desde.toISOString()} and d.fecha_diligencia < ${periodo.hasta.toISOString()}))
    order by coalesce(e.fecha_estampado, (d.fecha_diligencia at time zone 'America/Santiago')::date), e.numero_rol, e.id
  `);
  return (result as unknown as { rows: FilaInformeRow[] }).rows;
}

// ---------------------------------------------------------------------------------------------
// Delivery log

export async function insertEnvio(db: TenantDb, values: EnvioInsert): Promise<EnvioRow> {
  const [row] = await db.insert(informesEnvios).values(values).returning();
  return row as EnvioRow;
}

export async function updateEnvio(db: TenantDb, id: number, values: Partial<EnvioInsert>): Promise<void> {
  await db.update(informesEnvios).set(values).where(eq(informesEnvios.id, id));
}

export function listEnvios(db: TenantDb, estudioId: number, limite: number): Promise<EnvioRow[]> {
  return db
    .select()
    .from(informesEnvios)
    .where(eq(informesEnvios.estudioId, estudioId))
    .orderBy(desc(informesEnvios.id))
    .limit(limite);
}

/**
 * Claims the scheduled send of (firm, frequency, period): inserts it as 'enviando', or takes over a
 * 'fallido' row (a retry) or an 'enviando' row whose claimer's lease ran out. Returns null when
 * another worker holds it or it was already sent / found empty. Atomic: one statement.
 */
export async function claimEnvioProgramado(
  db: TenantDb,
  values: { estudioId: number; frecuencia: 'diario' | 'semanal' | 'mensual'; fechaInicio: string; fechaFin: string },
  leaseUntil: Date,
  now: Date,
): Promise<EnvioRow | null> {
  const result = await db.execute(sql`
    insert into informes_envios (estudio_id, frecuencia, fecha_inicio, fecha_fin, origen, estado, intentos, reclamado_hasta, fecha_creacion)
    values (${values.estudioId}, ${values.frecuencia}, ${values.fechaInicio}, ${values.fechaFin}, 'programado', 'enviando', 1,
      ${leaseUntil.toISOString()}, ${now.toISOString()})
    on conflict (estudio_id, frecuencia, fecha_inicio) where origen = 'programado'
    do update set estado = 'enviando', intentos = informes_envios.intentos + 1, reclamado_hasta = excluded.reclamado_hasta
      where informes_envios.estado = 'fallido'
        or (informes_envios.estado = 'enviando' and informes_envios.reclamado_hasta < ${now.toISOString()})
    returning id
  `);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  if (!row) return null;
  const [claimed] = await db.select().from(informesEnvios).where(eq(informesEnvios.id, row.id));
  return claimed ?? null;
}
