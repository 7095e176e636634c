import { compararTextoEs, ordenarComunas, RUTA_ESTADOS, type RutaDomiciliosQuery } from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';

const { domicilios, encargos, estudios, tiposEncargo } = tenantSchema;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const rowColumns = {
  id: domicilios.id,
  encargoId: encargos.id,
  numeroRol: encargos.numeroRol,
  ejecutados: encargos.ejecutados,
  rutEjecutado: encargos.rutEjecutado,
  direccion: domicilios.direccion,
  comuna: domicilios.comuna,
  ciudad: domicilios.ciudad,
  esPrincipal: domicilios.esPrincipal,
  tipoEncargo: tiposEncargo.nombre,
  fechaEncargo: encargos.fechaEncargo,
  estudio: estudios.nombre,
  estado: encargos.estado,
  observaciones: encargos.observacionesEncargo,
};

/** Addresses a route may visit: active, of pending or prepared assignments that were not re-assigned (spec 02 §4). */
const plannable = () => [eq(domicilios.activo, true), inArray(encargos.estado, [...RUTA_ESTADOS]), eq(encargos.esReEncargado, false)];

/**
 * Plannable addresses, optionally filtered, by comuna in Spanish order (Ñuñoa after Nogales; sorted
 * here, the same on PostgreSQL and PGlite whatever the database's collation), then rol and order.
 */
export async function listDomiciliosPendientes(db: TenantDb, filters: RutaDomiciliosQuery) {
  const conditions = plannable();
  if (filters.comuna) conditions.push(sql`lower(${domicilios.comuna}) = lower(${filters.comuna})`);
  if (filters.numero_rol) conditions.push(ilike(encargos.numeroRol, `%${escapeLike(filters.numero_rol)}%`));
  const rows = await db
    .select(rowColumns)
    .from(domicilios)
    .innerJoin(encargos, eq(encargos.id, domicilios.encargoId))
    .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
    .leftJoin(tiposEncargo, eq(tiposEncargo.id, encargos.tipoEncargoId))
    .where(and(...conditions))
    .orderBy(asc(domicilios.comuna), asc(encargos.numeroRol), asc(domicilios.orden), asc(domicilios.id))
    .limit(2000);
  return rows.sort((a, b) => compararTextoEs(a.comuna, b.comuna));
}

/** Comunas with at least one plannable address (the comuna filter's choices), in Spanish order. */
export async function listComunasDisponibles(db: TenantDb) {
  const rows = await db
    .selectDistinct({ comuna: domicilios.comuna })
    .from(domicilios)
    .innerJoin(encargos, eq(encargos.id, domicilios.encargoId))
    .where(and(...plannable()));
  return ordenarComunas(rows.map((row) => row.comuna));
}

/** The plannable addresses among `ids`; others (unknown, inactive, other states) are left out. */
export async function findDomiciliosPlanificables(db: TenantDb, ids: readonly number[]) {
  return db
    .select(rowColumns)
    .from(domicilios)
    .innerJoin(encargos, eq(encargos.id, domicilios.encargoId))
    .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
    .leftJoin(tiposEncargo, eq(tiposEncargo.id, encargos.tipoEncargoId))
    .where(and(inArray(domicilios.id, [...ids]), ...plannable()));
}

export type DomicilioRutaRow = Awaited<ReturnType<typeof listDomiciliosPendientes>>[number];
