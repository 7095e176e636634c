import {
  type Alarma,
  type Domicilio,
  type DomiciliosValue,
  type Encargo,
  type EncargoConResultados,
  type EncargoEstado,
  formatDate,
  toSantiagoIso,
} from '@receptoria/contracts';
import { type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { withResultados } from '../diligencias/diligencias.repository';

const {
  alarmas,
  domicilios,
  encargoTotales,
  encargos,
  estudios,
  partesDemandantes,
  tiposCausa,
  tiposEncargo,
  tribunales,
} = tenantSchema;

export type EncargoRow = typeof encargos.$inferSelect;
export type EncargoInsert = typeof encargos.$inferInsert;

const { searchText: _searchText, ...encargoColumns } = getTableColumns(encargos);

const joinedSelection = {
  encargo: encargoColumns,
  estudioNombre: estudios.nombre,
  parteNombre: partesDemandantes.nombre,
  tribunalNombre: tribunales.nombre,
  tipoCausaNombre: tiposCausa.nombre,
  tipoEncargoNombre: tiposEncargo.nombre,
};

function selectJoined(db: TenantDb) {
  return db
    .select(joinedSelection)
    .from(encargos)
    .innerJoin(estudios, eq(estudios.id, encargos.estudioId))
    .leftJoin(partesDemandantes, eq(partesDemandantes.id, encargos.parteDemandanteId))
    .leftJoin(tribunales, eq(tribunales.id, encargos.tribunalId))
    .leftJoin(tiposCausa, eq(tiposCausa.id, encargos.tipoCausaId))
    .leftJoin(tiposEncargo, eq(tiposEncargo.id, encargos.tipoEncargoId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

/** Newest first; NULLS LAST matches the list indexes. */
const listOrder = [sql`${encargos.fechaEncargo} desc nulls last`, sql`${encargos.id} desc nulls last`];

const ref = (id: number | null, nombre: string | null) => (id !== null && nombre !== null ? { id, nombre } : null);
const iso = (value: Date | null) => (value ? toSantiagoIso(value) : null);

function toEncargo(row: JoinedRow, addresses: Domicilio[]): Encargo {
  const e = row.encargo;
  return {
    id: e.id,
    numero_rol: e.numeroRol,
    estado: e.estado,
    fecha_encargo: e.fechaEncargo,
    fecha_encargo_formatted: formatDate(e.fechaEncargo),
    fecha_retiro: e.fechaRetiro,
    fecha_demanda: e.fechaDemanda,
    dda_fs_fecha: e.fechaDemanda,
    fecha_resolucion: e.fechaResolucion,
    fecha_comparendo: iso(e.fechaComparendo),
    fecha_prueba: iso(e.fechaPrueba),
    cuantia: e.cuantia,
    numero_operacion: e.numeroOperacion,
    rut_ejecutado: e.rutEjecutado,
    rut_representante_legal: e.rutRepresentanteLegal,
    ejecutados: e.ejecutados,
    partes: e.partes,
    estudio_juridico: { id: e.estudioId, nombre: row.estudioNombre },
    estudio_nombre: row.estudioNombre,
    parte_demandante: ref(e.parteDemandanteId, row.parteNombre),
    parte_demandante_nombre: row.parteNombre ?? '',
    tribunal: ref(e.tribunalId, row.tribunalNombre),
    tribunal_nombre: row.tribunalNombre ?? '',
    tipo_encargo: ref(e.tipoEncargoId, row.tipoEncargoNombre),
    tipo_encargo_nombre: row.tipoEncargoNombre ?? '',
    tipo_causa: ref(e.tipoCausaId, row.tipoCausaNombre),
    tipo_causa_nombre: row.tipoCausaNombre ?? '',
    observaciones: e.observacionesEncargo,
    observaciones_encargo: e.observacionesEncargo,
    observacion_encargo: e.observacionEncargo,
    observacion_retiro: e.observacionRetiro,
    observacion_re_encargo: e.observacionReEncargo,
    motivo_no_realizable: e.motivoNoRealizable,
    encargo_no_realizable: e.encargoNoRealizable,
    es_re_encargado: e.esReEncargado,
    es_re_encargo: e.esReEncargo,
    encargo_original_id: e.encargoOriginalId,
    motivo_re_encargo: e.motivoReEncargo,
    fecha_creacion: toSantiagoIso(e.fechaCreacion),
    fecha_modificacion: toSantiagoIso(e.fechaModificacion),
    version: e.version,
    domicilios: addresses,
  };
}

async function withDomicilios(db: TenantDb, rows: JoinedRow[]): Promise<Encargo[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.encargo.id);
  const addressRows = await db
    .select()
    .from(domicilios)
    .where(inArray(domicilios.encargoId, ids))
    .orderBy(asc(domicilios.encargoId), asc(domicilios.orden), asc(domicilios.id));
  const byEncargo = new Map<number, Domicilio[]>();
  for (const d of addressRows) {
    const list = byEncargo.get(d.encargoId) ?? [];
    list.push({
      id: d.id,
      direccion: d.direccion,
      comuna: d.comuna,
      ciudad: d.ciudad,
      es_principal: d.esPrincipal,
      activo: d.activo,
    });
    byEncargo.set(d.encargoId, list);
  }
  return rows.map((row) => toEncargo(row, byEncargo.get(row.encargo.id) ?? []));
}

export async function findEncargoById(db: TenantDb, id: number): Promise<Encargo | undefined> {
  const rows = await selectJoined(db).where(eq(encargos.id, id));
  return (await withDomicilios(db, rows))[0];
}

/** Assignments of a rol, with their stamp state and last diligence (spec 02 §3 read shape). */
export async function findEncargosByRol(db: TenantDb, numeroRol: string): Promise<EncargoConResultados[]> {
  const rows = await selectJoined(db).where(eq(encargos.numeroRol, numeroRol)).orderBy(asc(encargos.id));
  return withResultados(db, await withDomicilios(db, rows));
}

/** Locks an assignment row for the rest of the transaction. */
export async function lockEncargo(db: TenantDb, id: number): Promise<EncargoRow | undefined> {
  const [row] = await db.select().from(encargos).where(eq(encargos.id, id)).for('update');
  return row;
}

export async function insertEncargo(db: TenantDb, values: EncargoInsert): Promise<number> {
  const [row] = await db.insert(encargos).values(values).returning({ id: encargos.id });
  return (row as { id: number }).id;
}

export async function updateEncargo(db: TenantDb, id: number, values: Partial<EncargoInsert>): Promise<void> {
  await db.update(encargos).set(values).where(eq(encargos.id, id));
}

/** Replaces every address of an assignment, keeping their order. */
export async function replaceDomicilios(db: TenantDb, encargoId: number, list: DomiciliosValue): Promise<void> {
  await db.delete(domicilios).where(eq(domicilios.encargoId, encargoId));
  if (list.length === 0) return;
  await db.insert(domicilios).values(
    list.map((d, index) => ({
      encargoId,
      direccion: d.direccion,
      comuna: d.comuna,
      ciudad: d.ciudad,
      esPrincipal: d.es_principal,
      activo: d.activo,
      orden: index,
    })),
  );
}

export async function upsertAlarma(
  db: TenantDb,
  encargoId: number,
  tipo: Alarma['tipo'],
  fechaHora: Date,
  mensaje: string,
): Promise<void> {
  await db
    .insert(alarmas)
    .values({ encargoId, tipo, fechaHora, mensaje })
    .onConflictDoUpdate({
      target: [alarmas.encargoId, alarmas.tipo],
      set: { fechaHora, mensaje, fechaAviso: null },
    });
}

export async function deleteAlarma(db: TenantDb, encargoId: number, tipo: Alarma['tipo']): Promise<void> {
  await db.delete(alarmas).where(and(eq(alarmas.encargoId, encargoId), eq(alarmas.tipo, tipo)));
}

export async function listAlarmas(db: TenantDb, encargoId: number): Promise<Alarma[]> {
  const rows = await db.select().from(alarmas).where(eq(alarmas.encargoId, encargoId)).orderBy(asc(alarmas.fechaHora));
  return rows.map((a) => ({ id: a.id, tipo: a.tipo, fecha_hora: toSantiagoIso(a.fechaHora), mensaje: a.mensaje }));
}

export interface ReferenceIds {
  estudioId?: number;
  parteDemandanteId?: number;
  tribunalId?: number;
  tipoCausaId?: number;
  tipoEncargoId?: number;
}

/**
 * The related rows an assignment points to (undefined where an id was not given or not found).
 * Sequential: inside a transaction all queries share one connection.
 */
export async function findReferences(db: TenantDb, ids: ReferenceIds) {
  const first = <T>(rows: T[]) => rows[0];
  const estudio =
    ids.estudioId === undefined
      ? undefined
      : first(
          await db
            .select({ id: estudios.id, activo: estudios.activo })
            .from(estudios)
            .where(eq(estudios.id, ids.estudioId)),
        );
  const parte =
    ids.parteDemandanteId === undefined
      ? undefined
      : first(
          await db
            .select({ id: partesDemandantes.id, estudioId: partesDemandantes.estudioId })
            .from(partesDemandantes)
            .where(eq(partesDemandantes.id, ids.parteDemandanteId)),
        );
  const tribunal =
    ids.tribunalId === undefined
      ? undefined
      : first(await db.select({ id: tribunales.id }).from(tribunales).where(eq(tribunales.id, ids.tribunalId)));
  const tipoCausa =
    ids.tipoCausaId === undefined
      ? undefined
      : first(await db.select({ id: tiposCausa.id }).from(tiposCausa).where(eq(tiposCausa.id, ids.tipoCausaId)));
  const tipoEncargo =
    ids.tipoEncargoId === undefined
      ? undefined
      : first(await db.select({ id: tiposEncargo.id }).from(tiposEncargo).where(eq(tiposEncargo.id, ids.tipoEncargoId)));
  return { estudio, parte, tribunal, tipoCausa, tipoEncargo };
}

// ---------------------------------------------------------------------------------------------
// Pending list

/** Lower-case, accent-free text as the search_text column stores it. */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const accentFree = (column: SQL | typeof estudios.nombre) =>
  sql`lower(translate(${column}, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`;

/**
 * One condition per word: the word appears in the assignment's own text (rol, ejecutados, partes,
 * RUTs, operation number), in its firm's, plaintiff's or court's name. Firm, party and court ids are
 * looked up first so the planner can combine the trigram and btree indexes.
 */
async function searchConditions(db: TenantDb, search: string): Promise<SQL[]> {
  const words = searchKey(search)
    .split(/\s+/)
    .filter(Boolean)
    // RUTs typed with thousands dots: 12.345.678-5 → 12345678-5
    .map((word) => (/^[\d.]+-?[\dk]?$/.test(word) ? word.replace(/\./g, '') : word))
    .filter(Boolean)
    .slice(0, 6);
  const conditions: SQL[] = [];
  for (const word of words) {
    const pattern = likePattern(word);
    const [firmRows, partyRows, courtRows] = await Promise.all([
      db
        .select({ id: estudios.id })
        .from(estudios)
        .where(sql`${accentFree(estudios.nombre)} like ${pattern}`)
        .limit(200),
      db
        .select({ id: partesDemandantes.id })
        .from(partesDemandantes)
        .where(sql`${accentFree(sql`${partesDemandantes.nombre}`)} like ${pattern}`)
        .limit(500),
      db
        .select({ id: tribunales.id })
        .from(tribunales)
        .where(sql`${accentFree(sql`${tribunales.nombre}`)} like ${pattern}`)
        .limit(500),
    ]);
    const alternatives: SQL[] = [sql`${encargos.searchText} like ${pattern}`];
    if (firmRows.length > 0) alternatives.push(inArray(encargos.estudioId, firmRows.map((r) => r.id)));
    if (partyRows.length > 0) alternatives.push(inArray(encargos.parteDemandanteId, partyRows.map((r) => r.id)));
    if (courtRows.length > 0) alternatives.push(inArray(encargos.tribunalId, courtRows.map((r) => r.id)));
    conditions.push(alternatives.length === 1 ? (alternatives[0] as SQL) : sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return conditions;
}

export interface ListFilter {
  search?: string;
  estado?: EncargoEstado;
  estudio?: number;
  page: number;
  pageSize: number;
}

export async function listEncargoPage(db: TenantDb, filter: ListFilter) {
  const base: SQL[] = [];
  if (filter.search) base.push(...(await searchConditions(db, filter.search)));
  if (filter.estudio) base.push(eq(encargos.estudioId, filter.estudio));
  const baseWhere = base.length > 0 ? and(...base) : undefined;

  // Without a search the per-state counters kept by trigger answer at once; with one, the matches are counted.
  const totalRows = baseWhere
    ? await db
        .select({ estado: encargos.estado, n: count() })
        .from(encargos)
        .where(baseWhere)
        .groupBy(encargos.estado)
    : await db.select({ estado: encargoTotales.estado, n: encargoTotales.total }).from(encargoTotales);
  const totales = { pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 };
  for (const row of totalRows) totales[row.estado] = Number(row.n);

  const total = filter.estado
    ? totales[filter.estado]
    : totales.pendiente + totales.preparado + totales.listo_para_estampar + totales.estampado;
  const where = filter.estado ? and(baseWhere, eq(encargos.estado, filter.estado)) : baseWhere;
  const offset = (filter.page - 1) * filter.pageSize;
  const rows =
    offset < total
      ? await selectJoined(db)
          .where(where)
          .orderBy(...listOrder)
          .limit(filter.pageSize)
          .offset(offset)
      : [];
  return { count: total, totales, results: await withDomicilios(db, rows) };
}
