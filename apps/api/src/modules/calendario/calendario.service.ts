import {
  type CalendarioConfiguracion,
  type CalendarioConfiguracionUpdateValue,
  calendarioMessages as m,
  diasHabiles,
  type DiasHabilesOpciones,
  type DiasHabilesResponse,
  type Feriado,
  type FeriadoPropioCreateValue,
  REGION_CODES,
  type RegionCl,
  sumarDias,
} from '@receptoria/contracts';
import { type ControlDb, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { diffFields } from '../auditoria/audit-diff';
import { recordAudit } from '../auditoria/auditoria.service';
import { findTenant } from '../onboarding/onboarding.repository';
import { aplicaEnComuna, feriadosLegales, regionDeComuna } from './feriados-cl';

/** What else changes with an own holiday, in its transaction (the open deadlines): how many moved. */
export type AlCambiarFeriado = (tx: TenantDb, fecha: string) => Promise<number>;

/** What else changes with the Saturdays or the region, in the settings' transaction: how many deadlines moved. */
export type AlCambiarConfiguracion = (tx: TenantDb) => Promise<number>;

const { feriadosPropios, calendarioConfiguracion } = tenantSchema;

const DEFAULTS = { sabadoHabil: true, region: '', diasSlaSubida: 2 } as const;

function isRegion(value: string): value is RegionCl {
  return (REGION_CODES as readonly string[]).includes(value);
}

/** The receiver's office comuna (control database), '' when unknown. */
async function comunaOficina(controlDb: ControlDb, tenantId: number): Promise<string> {
  return (await findTenant(controlDb, tenantId))?.comuna ?? '';
}

interface Contexto {
  sabadoHabil: boolean;
  region: string;
  regionEfectiva: RegionCl;
  comuna: string;
  diasSlaSubida: number;
}

async function contexto(db: TenantDb, controlDb: ControlDb, tenantId: number): Promise<Contexto> {
  const [row] = await db.select().from(calendarioConfiguracion).where(eq(calendarioConfiguracion.id, 1));
  const config = row ?? DEFAULTS;
  const comuna = await comunaOficina(controlDb, tenantId);
  const regionEfectiva = isRegion(config.region) ? config.region : regionDeComuna(comuna);
  return { sabadoHabil: config.sabadoHabil, region: config.region, regionEfectiva, comuna, diasSlaSubida: config.diasSlaSubida };
}

function toConfiguracion(ctx: Contexto): CalendarioConfiguracion {
  return {
    sabado_habil: ctx.sabadoHabil,
    region: isRegion(ctx.region) ? ctx.region : '',
    region_efectiva: ctx.regionEfectiva,
    dias_sla_subida: ctx.diasSlaSubida,
  };
}

export async function getConfiguracion(db: TenantDb, controlDb: ControlDb, tenantId: number): Promise<CalendarioConfiguracion> {
  return toConfiguracion(await contexto(db, controlDb, tenantId));
}

/**
 * Saves the settings; when the Saturdays or the region change, `alCambiar` recounts the open deadlines
 * in the same transaction (the days to upload a stamp apply to the stamps generated after).
 */
export async function saveConfiguracion(
  db: TenantDb,
  controlDb: ControlDb,
  tenantId: number,
  input: CalendarioConfiguracionUpdateValue,
  actor: AuditActor,
  alCambiar: AlCambiarConfiguracion = async () => 0,
): Promise<CalendarioConfiguracion & { plazos_recalculados: number }> {
  const antes = await getConfiguracion(db, controlDb, tenantId);
  const values = { sabadoHabil: input.sabado_habil, region: input.region, diasSlaSubida: input.dias_sla_subida, fechaModificacion: new Date() };
  const cuentaCambia = antes.sabado_habil !== input.sabado_habil || antes.region !== input.region;
  const plazosRecalculados = await db.transaction(async (tx) => {
    await tx.insert(calendarioConfiguracion).values({ id: 1, ...values }).onConflictDoUpdate({ target: calendarioConfiguracion.id, set: values });
    const { region_efectiva: _a, ...prev } = antes;
    await recordAudit(tx, actor, {
      entidad: 'calendario_configuracion',
      entidadId: 1,
      accion: 'modificar',
      cambios: diffFields(prev, { sabado_habil: input.sabado_habil, region: input.region, dias_sla_subida: input.dias_sla_subida }),
    });
    return cuentaCambia ? alCambiar(tx) : 0;
  });
  return { ...(await getConfiguracion(db, controlDb, tenantId)), plazos_recalculados: plazosRecalculados };
}

type FeriadoPropioRow = typeof feriadosPropios.$inferSelect;

/** An own entry as listed; a 'no_feriado' names the library day(s) it overrides in its source. */
function propio(row: FeriadoPropioRow, anulados: readonly string[] = []): Feriado {
  if (row.tipo === 'no_feriado') {
    return { id: row.id, fecha: row.fecha, nombre: row.nombre, tipo: 'no_feriado', region: null, irrenunciable: false, fuente: m.fuenteNoFeriado(anulados.join(', ')) };
  }
  return { id: row.id, fecha: row.fecha, nombre: row.nombre, tipo: 'propio', region: null, irrenunciable: false, fuente: 'Feriado agregado por el receptor' };
}

async function propiosEntre(db: TenantDb, desde: string, hasta: string): Promise<FeriadoPropioRow[]> {
  return db
    .select()
    .from(feriadosPropios)
    .where(and(gte(feriadosPropios.fecha, desde), lte(feriadosPropios.fecha, hasta)))
    .orderBy(asc(feriadosPropios.fecha));
}

/**
 * A year's holidays for a region (the receiver's by default), the receiver's own days included; sorted
 * by date. A library day the receiver marked as hábil is left out and its 'no_feriado' entry listed.
 */
export async function listFeriados(
  db: TenantDb,
  controlDb: ControlDb,
  tenantId: number,
  anio: number,
  region: RegionCl | undefined,
): Promise<Feriado[]> {
  const regionLista = region ?? (await contexto(db, controlDb, tenantId)).regionEfectiva;
  const rows = await propiosEntre(db, `${anio}-01-01`, `${anio}-12-31`);
  const habiles = new Set(rows.filter((r) => r.tipo === 'no_feriado').map((r) => r.fecha));
  const todos = feriadosLegales(anio, regionLista).map(({ comunas: _c, ...f }): Feriado => ({ id: null, ...f }));
  const legales = todos.filter((f) => !habiles.has(f.fecha));
  const propios = rows.map((r) => propio(r, todos.filter((f) => f.fecha === r.fecha).map((f) => f.nombre)));
  return [...legales, ...propios].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.tipo.localeCompare(b.tipo));
}

/** The library holidays of a date that count for the receiver (national, or its region's and comuna's). */
async function feriadosLegalesDelDia(db: TenantDb, ref: CalendarioRef, fecha: string): Promise<string[]> {
  const ctx = await contexto(db, ref.controlDb, ref.tenantId);
  return feriadosLegales(Number(fecha.slice(0, 4)), ctx.regionEfectiva)
    .filter((f) => f.fecha === fecha && (f.tipo === 'nacional' || aplicaEnComuna(f, ctx.comuna)))
    .map((f) => f.nombre);
}

/**
 * Adds an own day: a holiday of its own, or ('no_feriado') a library holiday of the receiver's calendar
 * counted as hábil (400 when that date has none); `alCambiar` recomputes what it moves (the open
 * deadlines) in the same transaction.
 */
export async function addFeriadoPropio(
  db: TenantDb,
  ref: CalendarioRef,
  alCambiar: AlCambiarFeriado,
  input: FeriadoPropioCreateValue,
  actor: AuditActor,
): Promise<Feriado & { plazos_recalculados: number }> {
  const anulados = input.tipo === 'no_feriado' ? await feriadosLegalesDelDia(db, ref, input.fecha) : [];
  if (input.tipo === 'no_feriado' && anulados.length === 0) {
    throw new AppError('BAD_REQUEST', m.noEsFeriadoLegal(input.fecha), { errors: { fecha: [m.noEsFeriadoLegal(input.fecha)] } });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feriadosPropios)
      .values({ fecha: input.fecha, nombre: input.nombre, tipo: input.tipo, creadoPor: actor.userId ?? 0 })
      .onConflictDoNothing({ target: feriadosPropios.fecha })
      .returning();
    if (!row) throw new AppError('CONFLICT', m.feriadoDuplicado(input.fecha), { errors: { fecha: [m.feriadoDuplicado(input.fecha)] } });
    await recordAudit(tx, actor, {
      entidad: 'feriado_propio',
      entidadId: row.id,
      accion: 'crear',
      cambios: diffFields(null, { fecha: row.fecha, nombre: row.nombre, tipo: row.tipo }),
    });
    return { ...propio(row, anulados), plazos_recalculados: await alCambiar(tx, row.fecha) };
  });
}

/** Removes an own holiday; `alCambiar` recomputes what it moved, in the same transaction. */
export async function deleteFeriadoPropio(db: TenantDb, alCambiar: AlCambiarFeriado, id: number, actor: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(feriadosPropios).where(eq(feriadosPropios.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', m.feriadoNoEncontrado);
    await recordAudit(tx, actor, {
      entidad: 'feriado_propio',
      entidadId: row.id,
      accion: 'eliminar',
      cambios: diffFields({ fecha: row.fecha, nombre: row.nombre, tipo: row.tipo }, null),
    });
    return alCambiar(tx, row.fecha);
  });
}

/** Where the calendar of a receiver is read: its settings (tenant) and its office comuna (control). */
export interface CalendarioRef {
  controlDb: ControlDb;
  tenantId: number;
}

export interface CalendarioConteo {
  opciones: DiasHabilesOpciones;
  diasSlaSubida: number;
}

/**
 * The receiver's counting rules for terms starting between `desde` and `hastaInicio`: national holidays,
 * its region's (and its comuna's), its own days (read through `db`, so a transaction sees its own
 * change), Saturdays per its setting.
 */
export async function conteoDelReceptor(db: TenantDb, ref: CalendarioRef, desde: string, hastaInicio: string = desde): Promise<CalendarioConteo> {
  const ctx = await contexto(db, ref.controlDb, ref.tenantId);
  // 365 días hábiles fit in well under two calendar years, even with Saturdays off and every holiday.
  const hasta = sumarDias(hastaInicio, 800);
  const primerAnio = Number(desde.slice(0, 4));
  const ultimoAnio = Number(hasta.slice(0, 4));
  const feriados = new Map<string, string>();
  for (let anio = primerAnio; anio <= ultimoAnio; anio += 1) {
    for (const f of feriadosLegales(anio, ctx.regionEfectiva)) {
      if (f.tipo === 'nacional' || aplicaEnComuna(f, ctx.comuna)) feriados.set(f.fecha, `Feriado: ${f.nombre}`);
    }
  }
  for (const row of await propiosEntre(db, desde, hasta)) {
    if (row.tipo === 'no_feriado') feriados.delete(row.fecha);
    else if (!feriados.has(row.fecha)) feriados.set(row.fecha, `Feriado propio: ${row.nombre}`);
  }
  return {
    opciones: { feriados, sabadoHabil: ctx.sabadoHabil, motivos: { domingo: m.motivoDomingo, sabado: m.motivoSabado } },
    diasSlaSubida: ctx.diasSlaSubida,
  };
}

/**
 * The due date of a term of `dias` días hábiles from `desde` for this receiver: national holidays, its
 * region's (and its comuna's) and its own days skipped, Saturdays per its setting.
 */
export async function contarDiasHabiles(
  db: TenantDb,
  controlDb: ControlDb,
  tenantId: number,
  desde: string,
  dias: number,
): Promise<DiasHabilesResponse> {
  const { opciones } = await conteoDelReceptor(db, { controlDb, tenantId }, desde);
  return { desde, dias, ...diasHabiles(desde, dias, opciones) };
}
