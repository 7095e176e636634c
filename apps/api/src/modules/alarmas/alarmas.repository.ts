import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';

const { alarmas, alarmaAvisos, encargos, estudios } = tenantSchema;

/** Alarms whose time falls in [desde, hasta), with their assignment's rol. */
export function findAlarmasEntre(db: TenantDb, desde: Date, hasta: Date) {
  return db
    .select({
      id: alarmas.id,
      encargoId: alarmas.encargoId,
      numeroRol: encargos.numeroRol,
      tipo: alarmas.tipo,
      fechaHora: alarmas.fechaHora,
      mensaje: alarmas.mensaje,
    })
    .from(alarmas)
    .innerJoin(encargos, eq(encargos.id, alarmas.encargoId))
    .where(and(gte(alarmas.fechaHora, desde), lt(alarmas.fechaHora, hasta)))
    .orderBy(asc(alarmas.fechaHora), asc(alarmas.id));
}

/**
 * Alarms whose Santiago date falls in [desde, hasta] (both YYYY-MM-DD), with their assignment's rol and
 * firm. The bounds are the Santiago midnights PostgreSQL computes (daylight saving included).
 */
export function findAlarmasDelRango(db: TenantDb, desde: string, hasta: string) {
  return db
    .select({
      id: alarmas.id,
      encargoId: alarmas.encargoId,
      numeroRol: encargos.numeroRol,
      estudioId: encargos.estudioId,
      estudio: estudios.nombre,
      tipo: alarmas.tipo,
      fechaHora: alarmas.fechaHora,
      mensaje: alarmas.mensaje,
    })
    .from(alarmas)
    .innerJoin(encargos, eq(encargos.id, alarmas.encargoId))
    .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
    .where(
      and(
        gte(alarmas.fechaHora, sql`(${desde}::date::timestamp at time zone 'America/Santiago')`),
        lt(alarmas.fechaHora, sql`((${hasta}::date + 1)::timestamp at time zone 'America/Santiago')`),
      ),
    )
    .orderBy(asc(alarmas.fechaHora), asc(alarmas.id));
}

/** Claims one reminder; null when it was already sent (or is being sent) by someone else. */
export async function claimAviso(
  db: TenantDb,
  values: { alarmaId: number; aviso: 'dia_antes' | 'dos_horas'; fechaHora: Date; destinatario: string },
): Promise<number | null> {
  const [row] = await db
    .insert(alarmaAvisos)
    .values({ ...values, estado: values.destinatario ? 'enviado' : 'sin_correo' })
    .onConflictDoNothing()
    .returning({ id: alarmaAvisos.id });
  return row?.id ?? null;
}

export async function releaseAviso(db: TenantDb, id: number): Promise<void> {
  await db.delete(alarmaAvisos).where(eq(alarmaAvisos.id, id));
}

export async function markAlarmaAvisada(db: TenantDb, alarmaId: number, now: Date): Promise<void> {
  await db.update(alarmas).set({ fechaAviso: now }).where(eq(alarmas.id, alarmaId));
}
