import {
  foldText,
  formatCLP,
  honorariosMessages as m,
  type RetencionTasa,
  type Sugerido,
  type Tarifa,
  type TarifaInput,
  todayIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';
import { comunaValidada } from '../lookups/comunas-validas';
import { rowsOf } from '../recibos/recibos.repository';

const { estudios, retencionTasas, tarifas, tiposEstampado } = tenantSchema;

/** The receiver's fee settings are one audited entity: id 0, the action names the list changed. */
const HONORARIOS_ID = 0;

export async function getRetencion(db: TenantDb): Promise<RetencionTasa[]> {
  const rows = await db.select().from(retencionTasas).orderBy(asc(retencionTasas.anio));
  return rows.map((row) => ({ anio: row.anio, tasa: Number(row.tasa) }));
}

/** Replaces the rates by year. Boletas already issued keep the rate they were issued at. */
export async function saveRetencion(db: TenantDb, rows: readonly RetencionTasa[], actor: AuditActor): Promise<RetencionTasa[]> {
  const antes = await getRetencion(db);
  await db.transaction(async (tx) => {
    await tx.delete(retencionTasas);
    if (rows.length > 0) await tx.insert(retencionTasas).values(rows.map((r) => ({ anio: r.anio, tasa: r.tasa })));
    await recordAudit(tx, actor, { entidad: 'honorarios', entidadId: HONORARIOS_ID, accion: 'retencion', cambios: { retencion: { antes, despues: rows } } });
  });
  return getRetencion(db);
}

function tarifaOf(row: typeof tarifas.$inferSelect): Tarifa {
  return {
    id: row.id,
    estudio_id: row.estudioId,
    tipo_estampado_id: row.tipoEstampadoId,
    cuantia_desde: Number(row.cuantiaDesde),
    cuantia_hasta: row.cuantiaHasta === null ? null : Number(row.cuantiaHasta),
    monto_clp: row.montoClp === null ? null : Number(row.montoClp),
    porcentaje_utm: row.porcentajeUtm === null ? null : Number(row.porcentajeUtm),
    recargos: row.recargos,
  };
}

/** The price lists: every row, or a firm's rows and the general list. */
export async function getTarifas(db: TenantDb, estudioId?: number): Promise<Tarifa[]> {
  const rows = await db
    .select()
    .from(tarifas)
    .where(estudioId === undefined ? undefined : or(eq(tarifas.estudioId, estudioId), isNull(tarifas.estudioId)))
    .orderBy(asc(tarifas.orden), asc(tarifas.id));
  return rows.map(tarifaOf);
}

/**
 * Replaces the whole price list (overlaps were refused by the contract); firms and types must exist. With
 * `version` (the highest row id as read, 0 for an empty list), a list changed since is refused with 409.
 */
export async function saveTarifas(db: TenantDb, rows: readonly TarifaInput[], actor: AuditActor, version?: number): Promise<Tarifa[]> {
  const estudioIds = [...new Set(rows.map((r) => r.estudio_id).filter((id): id is number => id !== null))];
  const tipoIds = [...new Set(rows.map((r) => r.tipo_estampado_id).filter((id): id is number => id !== null))];
  if (estudioIds.length > 0) {
    const found = new Set((await db.select({ id: estudios.id }).from(estudios).where(inArray(estudios.id, estudioIds))).map((r) => r.id));
    const missing = estudioIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('BAD_REQUEST', m.estudiosNoEncontrados(missing));
  }
  if (tipoIds.length > 0) {
    const found = new Set((await db.select({ id: tiposEstampado.id }).from(tiposEstampado).where(inArray(tiposEstampado.id, tipoIds))).map((r) => r.id));
    const missing = tipoIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('BAD_REQUEST', m.tiposNoEncontrados(missing));
  }
  const antes = await getTarifas(db);
  const comunasGuardadas = antes.flatMap((t) => t.recargos.map((r) => r.comuna));
  const validas = rows.map((r) => ({ ...r, recargos: r.recargos.map((rec) => ({ ...rec, comuna: comunaValidada(rec.comuna, comunasGuardadas) })) }));
  await db.transaction(async (tx) => {
    if (version !== undefined) {
      await tx.execute(sql`lock table tarifas in share row exclusive mode`);
      const [actual] = rowsOf<{ version: number }>(await tx.execute(sql`select coalesce(max(id), 0)::int as version from tarifas`));
      if (Number(actual?.version ?? 0) !== version) throw new AppError('CONFLICT', m.tarifasDesactualizadas);
    }
    await tx.delete(tarifas);
    if (validas.length > 0) {
      await tx.insert(tarifas).values(
        validas.map((r, orden) => ({
          estudioId: r.estudio_id,
          tipoEstampadoId: r.tipo_estampado_id,
          cuantiaDesde: r.cuantia_desde,
          cuantiaHasta: r.cuantia_hasta,
          montoClp: r.monto_clp,
          porcentajeUtm: r.porcentaje_utm,
          recargos: r.recargos,
          orden,
        })),
      );
    }
    await recordAudit(tx, actor, {
      entidad: 'honorarios',
      entidadId: HONORARIOS_ID,
      accion: 'tarifas',
      cambios: { tarifas: { antes: antes.map(({ id: _id, ...t }) => t), despues: validas } },
    });
  });
  return getTarifas(db);
}

/** The month's UTM as stored (read from the indicator source or typed by the receiver), else the latest before it. */
async function utmDelMes(db: TenantDb, mes: string): Promise<number> {
  const [row] = rowsOf<{ valor: number }>(await db.execute(sql`select valor from utm_mensual where mes <= ${mes} order by mes desc limit 1`));
  if (!row) throw new AppError('BAD_REQUEST', m.utmNoDisponible(mes));
  return Number(row.valor);
}

const enBanda = (t: Tarifa, cuantia: number) => cuantia >= t.cuantia_desde && (t.cuantia_hasta === null || cuantia < t.cuantia_hasta);

function banda(t: Tarifa): string {
  if (t.cuantia_desde === 0 && t.cuantia_hasta === null) return 'toda cuantía';
  if (t.cuantia_hasta === null) return `cuantía desde ${formatCLP(t.cuantia_desde)}`;
  return `cuantía ${formatCLP(t.cuantia_desde)} a ${formatCLP(t.cuantia_hasta)}`;
}

/** What pricing a diligence reads of its assignment: firm, cuantía and the comuna of its principal active address. */
export interface EncargoAPrecio {
  estudio_id: number;
  estudio_nombre: string;
  cuantia: number | null;
  comuna: string | null;
}

/**
 * The fee a diligence of this type on this assignment should carry: the firm's list, else the general
 * list, else the type's default; the band by the assignment's cuantía (none = 0); a row for the exact type
 * before one for any type; plus the surcharge of the comuna of the assignment's principal address.
 */
export async function sugerirHonorario(db: TenantDb, encargoId: number, tipoEstampadoId: number): Promise<Sugerido> {
  const [encargo] = rowsOf<Omit<EncargoAPrecio, 'cuantia'> & { cuantia: string | null }>(
    await db.execute(sql`
      select e.estudio_id, es.nombre as estudio_nombre, e.cuantia,
             (select d.comuna from domicilios d where d.encargo_id = e.id and d.activo order by d.es_principal desc, d.orden, d.id limit 1) as comuna
        from encargos e join estudios es on es.id = e.estudio_id
       where e.id = ${encargoId}`),
  );
  if (!encargo) throw new AppError('NOT_FOUND', m.encargoNoEncontrado);
  const [tipo] = await db.select().from(tiposEstampado).where(eq(tiposEstampado.id, tipoEstampadoId));
  if (!tipo) throw new AppError('BAD_REQUEST', m.tipoEstampadoInvalido);
  const lista = await getTarifas(db, encargo.estudio_id);
  return sugeridoDe({ ...encargo, cuantia: encargo.cuantia === null ? null : Number(encargo.cuantia) }, tipo, lista, (mes) => utmDelMes(db, mes));
}

/**
 * The suggestion of sugerirHonorario from what was read: the firm's rows and the general list (`lista`, in
 * their order), the type, and the month's UTM, asked for only when the row found is in % of the UTM
 * (AppError when none is known).
 */
export async function sugeridoDe(
  encargo: EncargoAPrecio,
  tipo: { id: number; nombre: string; valorPorDefecto: number },
  lista: readonly Tarifa[],
  utm: (mes: string) => Promise<number>,
): Promise<Sugerido> {
  const tipoEstampadoId = tipo.id;
  const cuantia = encargo.cuantia ?? 0;
  const candidatos = (estudioId: number | null) =>
    lista.find((t) => t.estudio_id === estudioId && t.tipo_estampado_id === tipoEstampadoId && enBanda(t, cuantia)) ??
    lista.find((t) => t.estudio_id === estudioId && t.tipo_estampado_id === null && enBanda(t, cuantia));
  const delEstudio = candidatos(encargo.estudio_id);
  const tarifa = delEstudio ?? candidatos(null);
  if (!tarifa) {
    return {
      monto: tipo.valorPorDefecto,
      fuente: 'tipo_estampado',
      detalle: `Valor del tipo ${tipo.nombre}: ${formatCLP(tipo.valorPorDefecto)}`,
      tarifa_id: null,
      estudio_nombre: encargo.estudio_nombre,
    };
  }
  let base: number;
  let detalle: string;
  const origen = delEstudio ? `Tarifa de ${encargo.estudio_nombre}` : 'Tarifa general';
  if (tarifa.monto_clp !== null) {
    base = tarifa.monto_clp;
    detalle = `${origen} (${banda(tarifa)}): ${formatCLP(base)}`;
  } else {
    const mes = todayIso().slice(0, 7);
    const valor = await utm(mes);
    base = Math.round((valor * (tarifa.porcentaje_utm ?? 0)) / 100);
    detalle = `${origen} (${banda(tarifa)}): ${String(tarifa.porcentaje_utm).replace('.', ',')} % UTM de ${formatCLP(valor)} = ${formatCLP(base)}`;
  }
  const comuna = encargo.comuna ? foldText(encargo.comuna) : null;
  const recargo = comuna === null ? undefined : tarifa.recargos.find((r) => foldText(r.comuna) === comuna);
  if (recargo) detalle += ` + recargo ${recargo.comuna} ${formatCLP(recargo.monto_clp)}`;
  return {
    monto: base + (recargo?.monto_clp ?? 0),
    fuente: delEstudio ? 'tarifa_estudio' : 'tarifa_general',
    detalle,
    tarifa_id: tarifa.id,
    estudio_nombre: encargo.estudio_nombre,
  };
}

/** The month's UTM, as utmDelMes answers it, from a value read beforehand (null: none on record). */
export const utmLeida =
  (valor: number | null) =>
  async (mes: string): Promise<number> => {
    if (valor === null) throw new AppError('BAD_REQUEST', m.utmNoDisponible(mes));
    return valor;
  };

/** The fee a diligence stores without a custom value: the suggestion's amount, the type's default when the list cannot price it. */
export async function montoSugerido(suggest: () => Promise<Sugerido>, porDefecto: number): Promise<number> {
  try {
    return (await suggest()).monto;
  } catch (error) {
    if (error instanceof AppError) return porDefecto;
    throw error;
  }
}

/** The suggested fee for a new diligence; the type's default when the list cannot price it (no UTM known yet). */
export async function valorSugerido(db: TenantDb, encargoId: number, tipoEstampadoId: number, porDefecto: number): Promise<number> {
  return montoSugerido(() => sugerirHonorario(db, encargoId, tipoEstampadoId), porDefecto);
}
