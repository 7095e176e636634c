import {
  DIAS_CARTA_ART_46,
  diasExcepciones,
  diasHabiles,
  type EstadoPlazo,
  type LugarRequerimiento,
  type MarcarSubidoValue,
  type Plazo,
  plazoMessages as m,
  type PlazosQuery,
  TIPO_ESTAMPADO_ART_44,
  TIPO_ESTAMPADO_REQUERIMIENTO,
  type TipoPlazo,
  todayIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { preparedSql } from '../../lib/prepared';
import type { AuditActor } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import { avanzarEncargo, instanteDeFecha } from '../ciclo-vida/ciclo-vida.service';
import { type CalendarioRef, conteoDelReceptor } from './calendario.service';

const { plazos, encargos, estudios } = tenantSchema;

type PlazoRow = typeof plazos.$inferSelect;

/** Who closes an open deadline when a later act of the same kind starts a new one. */
export const REEMPLAZADO = 'reemplazado';

function estadoDe(row: Pick<PlazoRow, 'estado' | 'vence'>, hoy: string): EstadoPlazo {
  if (row.estado === 'cumplido') return 'cumplido';
  return row.vence < hoy ? 'vencido' : 'pendiente';
}

/** The assignment's rol and firm, read with the deadline. */
interface DelEncargo {
  numeroRol: string;
  estudioId: number;
  estudio: string;
}

const delEncargo = { numeroRol: encargos.numeroRol, estudioId: encargos.estudioId, estudio: estudios.nombre };

function toPlazo(row: PlazoRow, encargo: DelEncargo, hoy: string): Plazo {
  return {
    id: row.id,
    encargo_id: row.encargoId,
    numero_rol: encargo.numeroRol,
    estudio_id: encargo.estudioId,
    estudio: encargo.estudio,
    tipo: row.tipo as TipoPlazo,
    vence: row.vence,
    estado: estadoDe(row, hoy),
    origen: row.origen,
    cumplido_en: row.cumplidoEn,
    referencia: row.referencia,
  };
}

interface NuevoPlazo {
  encargoId: number;
  tipo: TipoPlazo;
  desde: string;
  dias: number;
  origen: string;
  lugarRequerimiento?: LugarRequerimiento | null;
  diasTabla?: number | null;
}

/**
 * Starts a deadline inside the act's transaction. One act starts one deadline: the same act seen again
 * (an art. 44 notification recorded on the phone, then saved as results; a certificate generated again)
 * finds the deadline it started and opens none: one per kind and act date, and the upload to the court
 * one per assignment. An open deadline of the same kind started by an earlier act is closed as cumplido
 * by 'reemplazado' (kept as evidence): the later act is the one that counts (a second requerimiento).
 */
async function crearPlazo(tx: TenantDb, ref: CalendarioRef, nuevo: NuevoPlazo, actor: AuditActor, dias?: (sla: number) => number): Promise<PlazoRow> {
  const [mismo] = await tx
    .select()
    .from(plazos)
    .where(and(eq(plazos.encargoId, nuevo.encargoId), eq(plazos.tipo, nuevo.tipo), ...(nuevo.tipo === 'subida_estampado' ? [] : [eq(plazos.desde, nuevo.desde)])))
    .orderBy(desc(plazos.id))
    .limit(1);
  if (mismo) return mismo;
  const conteo = await conteoDelReceptor(tx, ref, nuevo.desde);
  const total = dias ? dias(conteo.diasSlaSubida) : nuevo.dias;
  const { vence } = diasHabiles(nuevo.desde, total, conteo.opciones);
  await tx
    .update(plazos)
    .set({ estado: 'cumplido', cumplidoEn: nuevo.desde, cumplidoPor: REEMPLAZADO })
    .where(and(eq(plazos.encargoId, nuevo.encargoId), eq(plazos.tipo, nuevo.tipo), eq(plazos.estado, 'pendiente')));
  const [row] = await tx
    .insert(plazos)
    .values({
      encargoId: nuevo.encargoId,
      tipo: nuevo.tipo,
      desde: nuevo.desde,
      dias: total,
      vence,
      origen: nuevo.origen,
      lugarRequerimiento: nuevo.lugarRequerimiento ?? null,
      diasTabla: nuevo.diasTabla ?? null,
    })
    .returning();
  const creado = row as PlazoRow;
  await recordAudit(tx, actor, {
    entidad: 'plazo',
    entidadId: creado.id,
    accion: 'crear',
    cambios: diffFields(null, { encargo_id: creado.encargoId, tipo: creado.tipo, desde: creado.desde, dias: creado.dias, vence: creado.vence, origen: creado.origen }),
  });
  return creado;
}

/** What a results save brings for the deadlines: the stamp type's code and the requerimiento's place. */
export interface ActoDiligencia {
  encargoId: number;
  diligenciaId: number;
  tipoCodigo: string;
  fechaDiligencia: Date;
  lugarRequerimiento: LugarRequerimiento | undefined;
  diasTabla: number | undefined;
}

/** Refuses a requerimiento de pago without its place (before anything is stored). */
export function exigirLugarRequerimiento(tipoCodigo: string, lugar: LugarRequerimiento | undefined): void {
  if (tipoCodigo === TIPO_ESTAMPADO_REQUERIMIENTO && lugar === undefined) {
    throw new AppError('BAD_REQUEST', m.lugarRequerido, { errors: { lugar_requerimiento: [m.lugarRequerido] } });
  }
}

/**
 * The deadline a stored diligence starts, in its transaction: the term to oppose excepciones after a
 * requerimiento de pago, the art. 46 letter after an art. 44 notification; none for other types.
 */
export async function plazoDeDiligencia(tx: TenantDb, ref: CalendarioRef, acto: ActoDiligencia, actor: AuditActor): Promise<PlazoRow | null> {
  const desde = todayIso(acto.fechaDiligencia);
  const origen = `diligencia:${acto.diligenciaId}`;
  if (acto.tipoCodigo === TIPO_ESTAMPADO_REQUERIMIENTO) {
    exigirLugarRequerimiento(acto.tipoCodigo, acto.lugarRequerimiento);
    const lugar = acto.lugarRequerimiento as LugarRequerimiento;
    const diasTabla = lugar === 'fuera_territorio' ? (acto.diasTabla ?? 0) : null;
    return crearPlazo(
      tx,
      ref,
      { encargoId: acto.encargoId, tipo: 'excepciones', desde, dias: diasExcepciones(lugar, diasTabla), origen, lugarRequerimiento: lugar, diasTabla },
      actor,
    );
  }
  if (acto.tipoCodigo === TIPO_ESTAMPADO_ART_44) {
    return crearPlazo(tx, ref, { encargoId: acto.encargoId, tipo: 'carta_art_46', desde, dias: DIAS_CARTA_ART_46, origen }, actor);
  }
  return null;
}

/**
 * The art. 46 letter's deadline after an art. 44 notification recorded as a field visit (issue 23), in
 * the visit's transaction: 2 días hábiles from the visit's Santiago date.
 */
export async function plazoDeVisitaArt44(
  tx: TenantDb,
  ref: CalendarioRef,
  acto: { encargoId: number; visitaUuid: string; fechaHora: Date },
  actor: AuditActor,
): Promise<PlazoRow> {
  return crearPlazo(
    tx,
    ref,
    { encargoId: acto.encargoId, tipo: 'carta_art_46', desde: todayIso(acto.fechaHora), dias: DIAS_CARTA_ART_46, origen: `visita:${acto.visitaUuid}` },
    actor,
  );
}

/** The open deadlines of one kind of an assignment, met on `fecha` (e.g. the art. 46 letter sent); returns how many. */
export async function cumplirPlazosDeEncargo(
  tx: TenantDb,
  encargoId: number,
  tipo: TipoPlazo,
  fecha: string,
  actor: AuditActor,
  referencia: string | null = null,
): Promise<number> {
  const abiertos = await tx
    .select()
    .from(plazos)
    .where(and(eq(plazos.encargoId, encargoId), eq(plazos.tipo, tipo), eq(plazos.estado, 'pendiente')))
    .for('update');
  for (const row of abiertos) await cerrar(tx, row, fecha, actor, referencia);
  return abiertos.length;
}

/** The upload deadline of a stamp generated for an assignment: the setting's días hábiles from its generation. */
export async function plazoDeEstampado(
  tx: TenantDb,
  ref: CalendarioRef,
  acto: { encargoId: number; estampadoId: string; generado: Date },
  actor: AuditActor,
): Promise<PlazoRow> {
  return crearPlazo(
    tx,
    ref,
    { encargoId: acto.encargoId, tipo: 'subida_estampado', desde: todayIso(acto.generado), dias: 0, origen: `estampado:${acto.estampadoId}` },
    actor,
    (sla) => sla,
  );
}

/**
 * GET /calendario/plazos/ as the JSON text of PlazoListSchema, written by PostgreSQL in one prepared
 * statement (planned once per connection; one per combination of filters, so each is planned for its own
 * conditions): the deadlines due in [desde, hasta] with their assignment's rol and firm, by due date then
 * id. The columns are PlazoSchema's keys in order, and array_to_json writes each row as JSON.stringify
 * does (no spaces; dates as YYYY-MM-DD), so the text is byte for byte what serializing the rows gave.
 * `hoy` (Santiago's date) tells vencido from pendiente. The range is read off the (vence, id, …) index
 * alone, whose entries hold the deadline's columns the list shows (tenant 0028), in the list's order.
 */
const plazosJsonStatement = (filtro: { encargo: boolean; estudio: boolean; estado: EstadoPlazo | undefined }) => {
  const hoy = sql`${sql.placeholder('hoy')}::date`;
  const where: SQL[] = [sql`p.vence >= ${sql.placeholder('desde')}::date`, sql`p.vence <= ${sql.placeholder('hasta')}::date`];
  if (filtro.encargo) where.push(sql`p.encargo_id = ${sql.placeholder('encargo')}::int`);
  if (filtro.estudio) where.push(sql`e.estudio_id = ${sql.placeholder('estudio')}::int`);
  if (filtro.estado === 'cumplido') where.push(sql`p.estado = 'cumplido'`);
  if (filtro.estado === 'pendiente') where.push(sql`p.estado = 'pendiente'`, sql`p.vence >= ${hoy}`);
  if (filtro.estado === 'vencido') where.push(sql`p.estado = 'pendiente'`, sql`p.vence < ${hoy}`);
  return sql`select coalesce(array_to_json(array_agg(r order by r.vence, r.id)), '[]')::text as plazos from (
    select p.id, p.encargo_id, e.numero_rol, e.estudio_id, s.nombre as estudio, p.tipo, p.vence,
           case when p.estado = 'cumplido' then 'cumplido' when p.vence < ${hoy} then 'vencido' else 'pendiente' end as estado,
           p.origen, p.cumplido_en, p.referencia
    from ${plazos} p
    join ${encargos} e on e.id = p.encargo_id
    join ${estudios} s on s.id = e.estudio_id
    where ${sql.join(where, sql` and `)}
  ) r`;
};

/** GET /calendario/plazos/: the deadlines due in a range, sorted by due date, as JSON text (see plazosJsonStatement). */
export async function listPlazosJson(db: TenantDb, query: PlazosQuery, now = new Date()): Promise<string> {
  const filtro = { encargo: query.encargo !== undefined, estudio: query.estudio !== undefined, estado: query.estado };
  const name = `plazos_json_${filtro.estado ?? 'todos'}${filtro.encargo ? '_encargo' : ''}${filtro.estudio ? '_estudio' : ''}`;
  const { rows } = await preparedSql<{ plazos: string }>(db, name, () => plazosJsonStatement(filtro)).execute({
    desde: query.desde,
    hasta: query.hasta,
    hoy: todayIso(now),
    ...(filtro.encargo ? { encargo: query.encargo } : {}),
    ...(filtro.estudio ? { estudio: query.estudio } : {}),
  });
  return (rows[0] as { plazos: string }).plazos;
}

/** GET /calendario/plazos/: the deadlines due in a range, sorted by due date. */
export async function listPlazos(db: TenantDb, query: PlazosQuery, now = new Date()): Promise<Plazo[]> {
  return JSON.parse(await listPlazosJson(db, query, now)) as Plazo[];
}

async function cerrar(tx: TenantDb, row: PlazoRow, fecha: string, actor: AuditActor, referencia: string | null = null): Promise<PlazoRow> {
  const [updated] = await tx
    .update(plazos)
    .set({ estado: 'cumplido', cumplidoEn: fecha, cumplidoPor: actor.username, ...(referencia === null ? {} : { referencia }) })
    .where(eq(plazos.id, row.id))
    .returning();
  await recordAudit(tx, actor, {
    entidad: 'plazo',
    entidadId: row.id,
    accion: 'cumplir',
    cambios: diffFields(
      { estado: row.estado, cumplido_en: row.cumplidoEn, referencia: row.referencia },
      { estado: 'cumplido', cumplido_en: fecha, referencia: referencia ?? row.referencia },
    ),
  });
  return updated as PlazoRow;
}

/** POST /calendario/plazos/{id}/cumplir/: the deadline met today (404 unknown, 409 already met). */
export async function cumplirPlazo(db: TenantDb, id: number, actor: AuditActor, now = new Date()): Promise<Plazo> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ plazo: plazos, ...delEncargo })
      .from(plazos)
      .innerJoin(encargos, eq(encargos.id, plazos.encargoId))
      .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
      .where(eq(plazos.id, id))
      .for('update', { of: plazos });
    if (!found) throw new AppError('NOT_FOUND', m.plazoNoEncontrado);
    if (found.plazo.estado === 'cumplido') throw new AppError('CONFLICT', m.plazoYaCumplido);
    const hoy = todayIso(now);
    return toPlazo(await cerrar(tx, found.plazo, hoy, actor), found, hoy);
  });
}

/** POST /encargos/{id}/marcar_subido/: the assignment's open upload deadlines met on `fecha`. */
export async function marcarSubido(db: TenantDb, encargoId: number, input: MarcarSubidoValue, actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const [encargo] = await tx.select({ id: encargos.id }).from(encargos).where(eq(encargos.id, encargoId));
    if (!encargo) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
    const abiertos = await tx
      .select()
      .from(plazos)
      .where(and(eq(plazos.encargoId, encargoId), eq(plazos.tipo, 'subida_estampado'), eq(plazos.estado, 'pendiente')))
      .for('update');
    if (abiertos.length === 0) throw new AppError('CONFLICT', m.sinSubidaPendiente);
    for (const row of abiertos) await cerrar(tx, row, input.fecha, actor);
    await recordAudit(tx, actor, {
      entidad: 'encargo',
      entidadId: encargoId,
      accion: 'marcar_subido',
      cambios: { subido_al_tribunal: { antes: null, despues: input.fecha } },
    });
    // Uploaded to the court: the assignment's act (a listo_para_estampar one becomes estampado).
    const now = new Date();
    await avanzarEncargo(
      tx,
      {
        encargoId,
        tipo: 'estampado_subido',
        instante: instanteDeFecha(input.fecha, now),
        actor: actor.username,
        datos: { fecha: input.fecha },
        origen: `subida_plazo:${(abiertos[0] as PlazoRow).id}`,
      },
      actor,
      now,
    );
    return abiertos.length;
  });
}

/** Counts the given open deadlines again under the receiver's current calendar; returns how many moved. */
async function recontar(tx: TenantDb, ref: CalendarioRef, abiertos: PlazoRow[], actor: AuditActor): Promise<number> {
  if (abiertos.length === 0) return 0;
  const desdes = abiertos.map((p) => p.desde).sort();
  const conteo = await conteoDelReceptor(tx, ref, desdes[0] as string, desdes[desdes.length - 1] as string);
  let movidos = 0;
  for (const row of abiertos) {
    const { vence } = diasHabiles(row.desde, row.dias, conteo.opciones);
    if (vence === row.vence) continue;
    await tx.update(plazos).set({ vence }).where(eq(plazos.id, row.id));
    await recordAudit(tx, actor, {
      entidad: 'plazo',
      entidadId: row.id,
      accion: 'recalcular',
      cambios: diffFields({ vence: row.vence }, { vence }),
    });
    movidos += 1;
  }
  return movidos;
}

/**
 * After an own day on `fecha` was added or removed (a holiday of its own, or a library holiday marked
 * as hábil; inside that transaction): the open deadlines whose span (desde, vence] it touches are
 * counted again; returns how many moved.
 */
export async function recalcularPlazos(tx: TenantDb, ref: CalendarioRef, fecha: string, actor: AuditActor): Promise<number> {
  const abiertos = await tx
    .select()
    .from(plazos)
    .where(and(eq(plazos.estado, 'pendiente'), lt(plazos.desde, fecha), gte(plazos.vence, fecha)))
    .for('update');
  return recontar(tx, ref, abiertos, actor);
}

/**
 * After the Saturdays or the region changed (inside the settings' transaction): every open deadline is
 * counted again (a due date can move earlier as well as later); returns how many moved.
 */
export async function recalcularPlazosAbiertos(tx: TenantDb, ref: CalendarioRef, actor: AuditActor): Promise<number> {
  const abiertos = await tx.select().from(plazos).where(eq(plazos.estado, 'pendiente')).for('update');
  return recontar(tx, ref, abiertos, actor);
}
