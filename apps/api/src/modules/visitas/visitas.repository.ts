import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { porForma, prepared } from '../../lib/prepared';

const { visitas, visitaFotos, encargos, domicilios, diligencias } = tenantSchema;

export type VisitaRow = typeof visitas.$inferSelect;
export type VisitaInsert = typeof visitas.$inferInsert;
export type FotoMeta = { id: string; visitaId: number; tipoMime: string; bytes: number; subidaEn: Date };

/** The assignment locked for a change (visits of one assignment are recorded one at a time). */
export async function lockEncargo(tx: TenantDb, id: number) {
  const [row] = await prepared(tx, 'visita_bloquea_encargo', () =>
    tx
      .select({ id: encargos.id, numeroRol: encargos.numeroRol, estado: encargos.estado, fechaEncargo: encargos.fechaEncargo })
      .from(encargos)
      .where(eq(encargos.id, sql.placeholder('id')))
      .for('update')
      .prepare('visita_bloquea_encargo'),
  ).execute({ id });
  return row;
}

export async function findEncargoRef(db: TenantDb, id: number) {
  const [row] = await db.select({ id: encargos.id, numeroRol: encargos.numeroRol }).from(encargos).where(eq(encargos.id, id));
  return row;
}

export async function domiciliosDe(db: TenantDb, encargoId: number) {
  return prepared(db, 'visita_domicilios', () =>
    db
      .select({ id: domicilios.id, direccion: domicilios.direccion, comuna: domicilios.comuna, ciudad: domicilios.ciudad, esPrincipal: domicilios.esPrincipal, activo: domicilios.activo })
      .from(domicilios)
      .where(eq(domicilios.encargoId, sql.placeholder('encargoId')))
      .orderBy(asc(domicilios.orden), asc(domicilios.id))
      .prepare('visita_domicilios'),
  ).execute({ encargoId });
}

export async function findVisitaByUuid(db: TenantDb, uuid: string): Promise<VisitaRow | undefined> {
  const [row] = await prepared(db, 'visita_por_uuid', () =>
    db.select().from(visitas).where(eq(visitas.uuid, sql.placeholder('uuid'))).prepare('visita_por_uuid'),
  ).execute({ uuid });
  return row;
}

/** The visit row locked (its photos are added one at a time). */
export async function lockVisitaByUuid(tx: TenantDb, uuid: string): Promise<VisitaRow | undefined> {
  const [row] = await tx.select().from(visitas).where(eq(visitas.uuid, uuid)).for('update');
  return row;
}

/** Inserts unless the uuid exists (a concurrent retry): undefined then. */
export async function insertVisita(tx: TenantDb, values: VisitaInsert): Promise<VisitaRow | undefined> {
  // Prepared once per shape of its columns (a visit from the field always comes in one of a few).
  const { name, placeholders, parameters } = porForma(visitaShapes, 'visita_nueva', VISITA_SHAPES_MAX, values);
  if (!name) return (await tx.insert(visitas).values(values).onConflictDoNothing({ target: visitas.uuid }).returning())[0];
  const [row] = await prepared(tx, name, () =>
    tx.insert(visitas).values(placeholders()).onConflictDoNothing({ target: visitas.uuid }).returning().prepare(name),
  ).execute(parameters);
  return row;
}

/** The shapes of new visits seen so far, and the name each is prepared under; past this many, built per call. */
const visitaShapes = new Map<string, string>();
const VISITA_SHAPES_MAX = 32;

/** The visits of some assignments, oldest first (by fecha_hora, then as stored). */
export async function visitasDe(db: TenantDb, encargoIds: readonly number[]): Promise<VisitaRow[]> {
  if (encargoIds.length === 0) return [];
  return db
    .select()
    .from(visitas)
    .where(encargoIds.length === 1 ? eq(visitas.encargoId, encargoIds[0] as number) : inArray(visitas.encargoId, [...encargoIds]))
    .orderBy(asc(visitas.fechaHora), asc(visitas.id));
}

/** The latest diligence saved from each of some visits (by uuid): uuid → diligence id. */
export async function diligenciasDeVisitas(db: TenantDb, uuids: readonly string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: diligencias.visitaUuid, id: diligencias.id })
    .from(diligencias)
    .where(inArray(diligencias.visitaUuid, [...uuids]))
    .orderBy(asc(diligencias.id));
  return new Map(rows.filter((r): r is { uuid: string; id: number } => r.uuid !== null).map((r) => [r.uuid, r.id]));
}

/** The photos of some visits (without their bytes), in upload order. */
export async function fotosDe(db: TenantDb, visitaIds: readonly number[]): Promise<FotoMeta[]> {
  if (visitaIds.length === 0) return [];
  return db
    .select({ id: visitaFotos.id, visitaId: visitaFotos.visitaId, tipoMime: visitaFotos.tipoMime, bytes: visitaFotos.bytes, subidaEn: visitaFotos.subidaEn })
    .from(visitaFotos)
    .where(inArray(visitaFotos.visitaId, [...visitaIds]))
    .orderBy(asc(visitaFotos.subidaEn), asc(visitaFotos.id));
}

export async function fotosDeVisita(tx: TenantDb, visitaId: number) {
  return tx.select({ id: visitaFotos.id, sha256: visitaFotos.sha256 }).from(visitaFotos).where(eq(visitaFotos.visitaId, visitaId));
}

export async function insertFoto(tx: TenantDb, values: typeof visitaFotos.$inferInsert) {
  const [row] = await tx.insert(visitaFotos).values(values).returning({ id: visitaFotos.id });
  return row as { id: string };
}

export async function findFoto(db: TenantDb, id: string) {
  const [row] = await db.select({ contenido: visitaFotos.contenido, tipoMime: visitaFotos.tipoMime }).from(visitaFotos).where(eq(visitaFotos.id, id));
  return row;
}

export async function visitasDeEncargoEnDomicilio(tx: TenantDb, encargoId: number) {
  return tx
    .select({
      uuid: visitas.uuid,
      domicilioId: visitas.domicilioId,
      domicilioDireccion: visitas.domicilioDireccion,
      domicilioComuna: visitas.domicilioComuna,
      fechaHora: visitas.fechaHora,
      resultado: visitas.resultado,
      corrigeA: visitas.corrigeA,
      informanteNombre: visitas.informanteNombre,
      informanteRelacion: visitas.informanteRelacion,
      informanteGenero: visitas.informanteGenero,
      tipo: visitas.tipo,
    })
    .from(visitas)
    .where(and(eq(visitas.encargoId, encargoId)))
    .orderBy(asc(visitas.fechaHora), asc(visitas.id));
}
