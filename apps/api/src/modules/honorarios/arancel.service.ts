import { type ArancelFila, type ArancelInput, honorariosMessages as m, todayIso, type Utm, type UtmPutInput } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { asc, eq, sql } from 'drizzle-orm';
import { IndicadoresSourceError } from '../../integrations/indicadores/mindicador-client';
import type { UtmSource } from '../../integrations/indicadores/utm-client';
import type { AuditActor } from '../auditoria/audit-actor';
import { recordAudit } from '../auditoria/auditoria.service';

const { arancel, utmMensual } = tenantSchema;

/** The receiver's fee settings are one audited entity (as in honorarios.service). */
const HONORARIOS_ID = 0;

function filaOf(row: typeof arancel.$inferSelect): ArancelFila {
  return {
    id: row.id,
    actuacion: row.actuacion,
    cuantia_desde: Number(row.cuantiaDesde),
    cuantia_hasta: row.cuantiaHasta === null ? null : Number(row.cuantiaHasta),
    porcentaje_utm: Number(row.porcentajeUtm),
  };
}

/**
 * The official schedule as the receiver confirmed it. The domain brief gives the decree's structure
 * (actuación × cuantía band → % UTM) but not its line items, so nothing is preloaded: every value is the receiver's.
 */
export async function getArancel(db: TenantDb): Promise<ArancelFila[]> {
  const rows = await db.select().from(arancel).orderBy(asc(arancel.orden), asc(arancel.id));
  return rows.map(filaOf);
}

/** Replaces the whole schedule (audited with the list before and after). */
export async function saveArancel(db: TenantDb, rows: readonly ArancelInput[], actor: AuditActor): Promise<ArancelFila[]> {
  await db.transaction(async (tx) => {
    const antes = (await getArancel(tx)).map(({ id: _id, ...fila }) => fila);
    await tx.delete(arancel);
    if (rows.length > 0) {
      await tx.insert(arancel).values(
        rows.map((r, orden) => ({
          actuacion: r.actuacion,
          cuantiaDesde: r.cuantia_desde,
          cuantiaHasta: r.cuantia_hasta,
          porcentajeUtm: r.porcentaje_utm,
          orden,
        })),
      );
    }
    await recordAudit(tx, actor, { entidad: 'honorarios', entidadId: HONORARIOS_ID, accion: 'arancel', cambios: { arancel: { antes, despues: rows } } });
  });
  return getArancel(db);
}

const sinValor = (mes: string): Utm => ({ mes, valor: null, fuente: null, detalle: m.utmNoDisponible(mes) });

/**
 * The month's UTM: the stored value (the receiver's, or mindicador's read earlier), else mindicador's, stored
 * on arrival. A month still to come, or the source unreachable, answers no value and asks for a manual one.
 */
export async function getUtm(db: TenantDb, source: UtmSource, mes: string): Promise<Utm> {
  const [stored] = await db.select().from(utmMensual).where(eq(utmMensual.mes, mes));
  if (stored) return { mes, valor: stored.valor, fuente: stored.fuente === 'manual' ? 'manual' : 'mindicador', detalle: null };
  if (mes > todayIso().slice(0, 7)) return sinValor(mes);
  let valor: number | null;
  try {
    valor = await source.utmDelMes(mes);
  } catch (error) {
    if (error instanceof IndicadoresSourceError) return sinValor(mes);
    throw error;
  }
  if (valor === null) return sinValor(mes);
  // A manual value typed meanwhile wins over the source's.
  await db.insert(utmMensual).values({ mes, valor, fuente: 'mindicador' }).onConflictDoNothing();
  const [row] = await db.select().from(utmMensual).where(eq(utmMensual.mes, mes));
  return { mes, valor: row?.valor ?? valor, fuente: row?.fuente === 'manual' ? 'manual' : 'mindicador', detalle: null };
}

/** The receiver's own value for a month: replaces whatever was stored (audited). */
export async function saveUtm(db: TenantDb, input: UtmPutInput, actor: AuditActor): Promise<Utm> {
  await db.transaction(async (tx) => {
    const [antes] = await tx.select().from(utmMensual).where(eq(utmMensual.mes, input.mes));
    await tx
      .insert(utmMensual)
      .values({ mes: input.mes, valor: input.valor, fuente: 'manual' })
      .onConflictDoUpdate({ target: utmMensual.mes, set: { valor: input.valor, fuente: 'manual', actualizadoEn: sql`now()` } });
    await recordAudit(tx, actor, {
      entidad: 'honorarios',
      entidadId: HONORARIOS_ID,
      accion: 'utm',
      cambios: { [`utm_${input.mes}`]: { antes: antes ? { valor: antes.valor, fuente: antes.fuente } : null, despues: { valor: input.valor, fuente: 'manual' } } },
    });
  });
  return { mes: input.mes, valor: input.valor, fuente: 'manual', detalle: null };
}
