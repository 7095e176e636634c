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
import { PLAN_PER_CALL, type TenantDb, tenantSchema } from '@receptoria/db';
import { and, asc, eq, getTableColumns, inArray, type Placeholder, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { LRUCache } from 'lru-cache';
import { resultadoFields, toResultados, ultimaDiligenciaJson } from '../diligencias/diligencias.repository';
import { porForma, prepared, preparedSql } from '../../lib/prepared';
import { ADDRESS_MIN_WORD, addressAlternative, addressKey, addressMatchesBranch, addressMatchOf } from './encargos-busqueda-domicilios';

const {
  alarmas,
  domicilios,
  encargoTotales,
  encargos,
  encargosCambios,
  estudios,
  idempotenciaClaves,
  partesDemandantes,
  tiposCausa,
  tiposEncargo,
  tribunales,
} = tenantSchema;

export type EncargoRow = typeof encargos.$inferSelect;
export type EncargoInsert = typeof encargos.$inferInsert;

// Neither the search text nor the work queue's last-diligence day (kept for its index) is part of an assignment read.
const { searchText: _searchText, ultimaDiligenciaDia: _ultimaDiligenciaDia, ...encargoColumns } = getTableColumns(encargos);

/**
 * An encargos column always qualified with its table: drizzle leaves columns unqualified in a
 * single-table select, where a correlated subquery would read its own table's column instead.
 */
function encargosColumn(column: AnyPgColumn): SQL {
  return sql`${sql.identifier('encargos')}.${sql.identifier(column.name)}`;
}

/** The name of the row `column` points to, as a scalar subquery (cheaper to plan than a join). */
const nombreDe = (table: PgTable, column: AnyPgColumn) =>
  sql<string | null>`(select n.nombre from ${table} n where n.id = ${encargosColumn(column)})`;

/**
 * An assignment with the names of its firm, plaintiff, court and types. Scalar subqueries rather
 * than a six-table join: PostgreSQL plans them in a fraction of the time, and the hot reads are
 * planned on every call when their parameters keep a generic plan from winning.
 */
const joinedSelection = {
  encargo: encargoColumns,
  estudioNombre: nombreDe(estudios, encargos.estudioId) as SQL<string>,
  parteNombre: nombreDe(partesDemandantes, encargos.parteDemandanteId),
  tribunalNombre: nombreDe(tribunales, encargos.tribunalId),
  tipoCausaNombre: nombreDe(tiposCausa, encargos.tipoCausaId),
  tipoEncargoNombre: nombreDe(tiposEncargo, encargos.tipoEncargoId),
};

/** A row of joinedSelection. */
interface JoinedRow {
  encargo: EncargoStored;
  estudioNombre: string;
  parteNombre: string | null;
  tribunalNombre: string | null;
  tipoCausaNombre: string | null;
  tipoEncargoNombre: string | null;
}

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

/** An assignment's reminders as JSON inside the row query (see domiciliosJson). */
const alarmasJson = sql<
  { id: number; tipo: Alarma['tipo']; fecha_hora: string; mensaje: string }[]
>`coalesce((select json_agg(json_build_object('id', a.id, 'tipo', a.tipo, 'fecha_hora', a.fecha_hora, 'mensaje', a.mensaje) order by a.fecha_hora, a.id) from ${alarmas} a where a.encargo_id = ${encargosColumn(encargos.id)}), '[]'::json)`;

export interface EncargoFull {
  encargo: Encargo;
  alarmas: Alarma[];
  /** The stored row (the stamp columns, ids and version the read shape does not carry as such). */
  row: EncargoStored;
}

/** A stored assignment row without its derived search column. */
export type EncargoStored = Omit<EncargoRow, 'searchText' | 'ultimaDiligenciaDia'>;

type FullRow = PageRow & { alarmas: { id: number; tipo: Alarma['tipo']; fecha_hora: string; mensaje: string }[] };

function toFull(found: FullRow): EncargoFull {
  return {
    encargo: toEncargo(found, found.domicilios),
    alarmas: found.alarmas.map((a) => ({ id: a.id, tipo: a.tipo, fecha_hora: toSantiagoIso(new Date(a.fecha_hora)), mensaje: a.mensaje })),
    row: found.encargo,
  };
}

/** Built on first use: domiciliosJson is defined with the list queries below. */
const fullSelection = () => ({ ...joinedSelection, domicilios: domiciliosJson, alarmas: alarmasJson });

/** One assignment with its addresses, reminders and stamp columns, in one prepared statement. */
export async function findEncargoFull(db: TenantDb, id: number): Promise<EncargoFull | undefined> {
  const [found] = await prepared(db, 'encargo_completo', () =>
    db.select(fullSelection()).from(encargos).where(eq(encargos.id, sql.placeholder('id'))).prepare('encargo_completo'),
  ).execute({ id });
  return found ? toFull(found as FullRow) : undefined;
}

/**
 * The same, locking the row for the rest of the transaction: a change reads what it changes and
 * the audit trail's "before" in one round trip.
 */
export async function lockEncargoFull(db: TenantDb, id: number): Promise<EncargoFull | undefined> {
  const [found] = await prepared(db, 'encargo_completo_bloqueo', () =>
    db
      .select(fullSelection())
      .from(encargos)
      .where(eq(encargos.id, sql.placeholder('id')))
      .for('update')
      .prepare('encargo_completo_bloqueo'),
  ).execute({ id });
  return found ? toFull(found as FullRow) : undefined;
}

/**
 * Every assignment of a rol, oldest first, with `extra` columns beside each (a prepared statement named
 * `name`), locked for the rest of the transaction when `lock`.
 */
function byRol<E extends Record<string, SQL>>(db: TenantDb, name: string, extra: E, lock: boolean) {
  return prepared(db, name, () => {
    const query = db
      .select({ ...fullSelection(), ...extra })
      .from(encargos)
      .where(eq(encargos.numeroRol, sql.placeholder('rol')))
      .orderBy(asc(encargos.id));
    return (lock ? query.for('update') : query).prepare(name);
  });
}

/**
 * The same with the values of the `extra` columns beside each assignment (their placeholders filled
 * from `values`, beside `rol`): a caller reads what it checks with the assignments, in one round trip.
 */
export async function encargosFullByRolWith<X>(
  db: TenantDb,
  name: string,
  extra: Record<string, SQL>,
  values: Record<string, unknown>,
  lock: boolean,
): Promise<{ full: EncargoFull; extra: X }[]> {
  const rows = (await byRol(db, name, extra, lock).execute(values)) as (FullRow & X)[];
  return rows.map((row) => ({ full: toFull(row), extra: row }));
}

/** Every assignment of a rol, locked, oldest first (results are saved by rol). */
export async function lockEncargosFullByRol(db: TenantDb, numeroRol: string): Promise<EncargoFull[]> {
  const rows = await byRol(db, 'encargos_completos_rol_bloqueo', {}, true).execute({ rol: numeroRol });
  return (rows as FullRow[]).map(toFull);
}

/**
 * An assignment after an UPDATE that changed none of its references, addresses or reminders:
 * the returned row with the names, addresses and reminders read before it.
 */
export function withUpdatedRow(before: EncargoFull, row: EncargoStored): EncargoFull {
  const e = before.encargo;
  return {
    encargo: toEncargo(
      {
        encargo: row,
        estudioNombre: e.estudio_nombre,
        parteNombre: e.parte_demandante?.nombre ?? null,
        tribunalNombre: e.tribunal?.nombre ?? null,
        tipoCausaNombre: e.tipo_causa?.nombre ?? null,
        tipoEncargoNombre: e.tipo_encargo?.nombre ?? null,
      },
      e.domicilios,
    ),
    alarmas: before.alarmas,
    row,
  };
}

/** The names a new assignment's references carry (as findReferences found them). */
export interface ReferenceNames {
  estudio: string;
  parte: string | null;
  tribunal: string | null;
  tipoCausa: string | null;
  tipoEncargo: string | null;
}

/** A just-inserted assignment with its inserted addresses and reminders, without reading it back. */
export function newEncargoFull(row: EncargoStored, names: ReferenceNames, addresses: Domicilio[], reminders: Alarma[]): EncargoFull {
  return {
    encargo: toEncargo(
      {
        encargo: row,
        estudioNombre: names.estudio,
        parteNombre: names.parte,
        tribunalNombre: names.tribunal,
        tipoCausaNombre: names.tipoCausa,
        tipoEncargoNombre: names.tipoEncargo,
      },
      addresses,
    ),
    alarmas: [...reminders].sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora) || a.id - b.id),
    row,
  };
}

export async function findEncargoById(db: TenantDb, id: number): Promise<Encargo | undefined> {
  return (await findEncargoFull(db, id))?.encargo;
}

/** Assignments of a rol, with their stamp state and last diligence (spec 02 §3 read shape). */
export async function findEncargosByRol(db: TenantDb, numeroRol: string): Promise<EncargoConResultados[]> {
  // One prepared statement with the addresses and the last diligence inside (see selectPage).
  const rows = await prepared(db, 'encargos_por_rol', () =>
    db
      .select({ ...joinedSelection, domicilios: domiciliosJson, ultima: ultimaDiligenciaJson(encargosColumn(encargos.id)) })
      .from(encargos)
      .where(eq(encargos.numeroRol, sql.placeholder('rol')))
      .orderBy(asc(encargos.id))
      .prepare('encargos_por_rol'),
  ).execute({ rol: numeroRol });
  // Object.assign onto the fresh object, not a spread of both: V8 turns a spread of ~40 fields plus
  // more into a slow dictionary object (~70 µs each, measured; Object.assign ~0.3 µs).
  return rows.map((row) => Object.assign(toEncargo(row as PageRow, row.domicilios), resultadoFields(toResultados(row.encargo, row.ultima))));
}

/** The fields of a `with` query, as the main query selects them (typed like the returning it wraps). */
function fieldsOf<T extends object>(cte: { _: { selectedFields: T } }): T {
  return Object.fromEntries(Object.keys(cte._.selectedFields).map((key) => [key, (cte as unknown as Record<string, unknown>)[key]])) as T;
}

const DOMICILIO_RETURNING = sql.raw('id, direccion, comuna, ciudad, es_principal, activo, orden');

/** Addresses `d` as the answers carry them, in order (one JSON array). */
const DOMICILIOS_AGG = sql.raw(
  "json_agg(json_build_object('id', d.id, 'direccion', d.direccion, 'comuna', d.comuna, 'ciudad', d.ciudad, 'es_principal', d.es_principal, 'activo', d.activo) order by d.orden, d.id)",
);

/**
 * An idempotency key to claim for a new assignment in the statement that inserts it: a repeat
 * racing the first waits for it on the key's unique index and then finds the key taken.
 */
export interface ClaveNueva {
  operacion: string;
  clave: string;
  huella: string;
}

/**
 * A new assignment, its addresses in order and, when given, its idempotency key, in one statement
 * (one round trip); answers with what was stored. `claimed` is false when the key was already
 * taken: the caller must then undo the insert (roll its transaction back).
 */
export async function insertEncargoConDomicilios(
  db: TenantDb,
  values: EncargoInsert,
  list: DomiciliosValue,
  clave?: ClaveNueva,
): Promise<{ row: EncargoStored; addresses: Domicilio[]; claimed: boolean }> {
  // The statement depends only on which columns are given (null ones written as null) and whether a
  // key comes: built and prepared once per such shape, its values (the addresses as arrays) sent as
  // parameters.
  const forma = porForma(newEncargoShapes, 'encargo_nuevo', NEW_ENCARGO_SHAPES_MAX, values, clave ? 'clave' : '');
  const parameters: Record<string, unknown> = {
    dDireccion: list.map((a) => a.direccion),
    dComuna: list.map((a) => a.comuna),
    dCiudad: list.map((a) => a.ciudad),
    dPrincipal: list.map((a) => a.es_principal),
    dActivo: list.map((a) => a.activo),
    kOperacion: clave?.operacion,
    kClave: clave?.clave,
    kHuella: clave?.huella,
    ...forma.parameters,
  };
  const { name } = forma;
  if (!name) return newEncargoStatement(db, forma.placeholders(), Boolean(clave)).execute(parameters).then(newEncargoResult);
  const found = await prepared(db, name, () => newEncargoStatement(db, forma.placeholders(), Boolean(clave), name)).execute(parameters);
  return newEncargoResult(found);
}

/** The shapes of new-assignment statements seen so far, and the name each is prepared under. */
const newEncargoShapes = new Map<string, string>();
/** Past this many shapes (unusual combinations of fields), the statement is built per request instead. */
const NEW_ENCARGO_SHAPES_MAX = 32;

/**
 * A new assignment with the given column values (placeholders, or null), its addresses (arrays dDireccion, dComuna, dCiudad,
 * dPrincipal, dActivo, in order) and, with `withClave`, its idempotency key (kOperacion, kClave,
 * kHuella), in one statement with placeholders; prepared under `name` when given.
 */
function newEncargoStatement(db: TenantDb, placeholders: EncargoInsert, withClave: boolean, name?: string) {
  const e = db.$with('e').as(db.insert(encargos).values(placeholders).returning(encargoColumns));
  // Data-changing `with` queries drizzle has no builder for (insert … select from another `with`).
  const d = db.$with('d').as(
    sql`insert into ${domicilios} (encargo_id, direccion, comuna, ciudad, es_principal, activo, orden)
      select e.id, x.direccion, x.comuna, x.ciudad, x.es_principal, x.activo, x.n - 1
      from e cross join unnest(${sql.placeholder('dDireccion')}::text[], ${sql.placeholder('dComuna')}::text[],
        ${sql.placeholder('dCiudad')}::text[], ${sql.placeholder('dPrincipal')}::boolean[], ${sql.placeholder('dActivo')}::boolean[])
        with ordinality as x(direccion, comuna, ciudad, es_principal, activo, n)
      returning ${DOMICILIO_RETURNING}` as unknown as TypedQueryBuilder<undefined>,
  );
  const k =
    withClave &&
    db.$with('k').as(
      sql`insert into ${idempotenciaClaves} (operacion, clave, huella, encargo_id)
        select ${sql.placeholder('kOperacion')}, ${sql.placeholder('kClave')}, ${sql.placeholder('kHuella')}, e.id from e
        on conflict (operacion, clave) do nothing
        returning id` as unknown as TypedQueryBuilder<undefined>,
    );
  const query = db
    .with(...(k ? [e, d, k] : [e, d]))
    .select({
      ...fieldsOf(e),
      domicilios: sql<Domicilio[]>`coalesce((select ${DOMICILIOS_AGG} from d), '[]'::json)`,
      claimed: k ? sql<boolean>`exists (select 1 from k)` : sql<boolean>`true`,
    })
    .from(e);
  // Without a name, an unnamed statement: built and planned for this call only.
  return query.prepare(name ?? '');
}

function newEncargoResult(rows: unknown[]): { row: EncargoStored; addresses: Domicilio[]; claimed: boolean } {
  const { domicilios: addresses, claimed, ...row } = rows[0] as EncargoStored & { domicilios: Domicilio[]; claimed: boolean };
  return { row: row as EncargoStored, addresses, claimed };
}

export async function updateEncargo(db: TenantDb, id: number, values: Partial<EncargoInsert>): Promise<void> {
  await db.update(encargos).set(values).where(eq(encargos.id, id));
}

/** The same, answering with the row as stored (its version raised by the trigger). */
export async function updateEncargoReturning(db: TenantDb, id: number, values: Partial<EncargoInsert>): Promise<EncargoStored> {
  const [row] = await db.update(encargos).set(values).where(eq(encargos.id, id)).returning(encargoColumns);
  return row as EncargoStored;
}

/**
 * Replaces every address of an assignment, keeping their order; answers with the addresses as
 * stored (a new assignment's come with its insert: insertEncargoConDomicilios).
 */
export async function replaceDomicilios(db: TenantDb, encargoId: number, list: DomiciliosValue): Promise<Domicilio[]> {
  await db.delete(domicilios).where(eq(domicilios.encargoId, encargoId));
  if (list.length === 0) return [];
  const rows = await db
    .insert(domicilios)
    .values(
      list.map((d, index) => ({
        encargoId,
        direccion: d.direccion,
        comuna: d.comuna,
        ciudad: d.ciudad,
        esPrincipal: d.es_principal,
        activo: d.activo,
        orden: index,
      })),
    )
    .returning({
      id: domicilios.id,
      direccion: domicilios.direccion,
      comuna: domicilios.comuna,
      ciudad: domicilios.ciudad,
      es_principal: domicilios.esPrincipal,
      activo: domicilios.activo,
      orden: domicilios.orden,
    });
  return rows.sort((a, b) => a.orden - b.orden || a.id - b.id).map(({ orden: _orden, ...d }) => d);
}

export async function upsertAlarma(
  db: TenantDb,
  encargoId: number,
  tipo: Alarma['tipo'],
  fechaHora: Date,
  mensaje: string,
): Promise<Alarma> {
  const [row] = await db
    .insert(alarmas)
    .values({ encargoId, tipo, fechaHora, mensaje })
    .onConflictDoUpdate({
      target: [alarmas.encargoId, alarmas.tipo],
      set: { fechaHora, mensaje, fechaAviso: null },
    })
    .returning({ id: alarmas.id });
  return { id: (row as { id: number }).id, tipo, fecha_hora: toSantiagoIso(fechaHora), mensaje };
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

/** A related row found by findReferences: its id and the name an assignment shows for it. */
interface Found {
  id: number;
  nombre: string;
}

/**
 * The related rows an assignment points to (undefined where an id was not given or not found), in
 * one round trip: each look-up is a scalar subquery that finds nothing for an id not given.
 */
export async function findReferences(db: TenantDb, ids: ReferenceIds) {
  const byId = (table: PgTable, placeholder: string) =>
    sql<Found | null>`(select json_build_object('id', r.id, 'nombre', r.nombre) from ${table} r where r.id = ${sql.placeholder(placeholder)})`;
  const [row] = await prepared(db, 'encargo_referencias', () =>
    db
      .select({
        estudio: sql<(Found & { activo: boolean }) | null>`(select json_build_object('id', e.id, 'nombre', e.nombre, 'activo', e.activo) from ${estudios} e where e.id = ${sql.placeholder('estudio')})`,
        parte: sql<(Found & { estudioId: number }) | null>`(select json_build_object('id', p.id, 'nombre', p.nombre, 'estudioId', p.estudio_id) from ${partesDemandantes} p where p.id = ${sql.placeholder('parte')})`,
        tribunal: byId(tribunales, 'tribunal'),
        tipoCausa: byId(tiposCausa, 'tipoCausa'),
        tipoEncargo: byId(tiposEncargo, 'tipoEncargo'),
      })
      .from(sql`(select 1) uno`)
      .prepare('encargo_referencias'),
  ).execute({
    estudio: ids.estudioId ?? null,
    parte: ids.parteDemandanteId ?? null,
    tribunal: ids.tribunalId ?? null,
    tipoCausa: ids.tipoCausaId ?? null,
    tipoEncargo: ids.tipoEncargoId ?? null,
  });
  return {
    estudio: row?.estudio ?? undefined,
    parte: row?.parte ?? undefined,
    tribunal: row?.tribunal ?? undefined,
    tipoCausa: row?.tipoCausa ?? undefined,
    tipoEncargo: row?.tipoEncargo ?? undefined,
  };
}

export type References = Awaited<ReturnType<typeof findReferences>>;

// ---------------------------------------------------------------------------------------------
// Pending list

/** The first row of a statement sent with `db.execute`. */
const firstRow = <T>(result: unknown) => (result as { rows: T[] }).rows[0];

/** Search counts stop here: beyond it the list says "more than" instead of scanning every match. */
export const LIST_COUNT_CAP = 1000;

/** Addresses as JSON inside the row query: one round trip for a page instead of two. */
const domiciliosJson = sql<Domicilio[]>`coalesce((select ${DOMICILIOS_AGG} from ${domicilios} d where d.encargo_id = ${encargosColumn(encargos.id)}), '[]'::json)`;

/** The per-state counters summed over their shards, as JSON text (computed once per statement). */
const totalesJson = sql<string | null>`(select json_object_agg(s.estado, s.n)::text from (select ${encargoTotales.estado} as estado, sum(${encargoTotales.total}) as n from ${encargoTotales} group by ${encargoTotales.estado}) s)`;

/**
 * Deferred join: the page's ids are found on the (estado, fecha, id) index alone; only those rows
 * are then read with their firm, party, court, types and addresses (pageJsonOf).
 */
const pageIds = (db: TenantDb, where: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) =>
  db.select({ id: encargos.id }).from(encargos).where(where).orderBy(...listOrder).limit(limit).offset(offset);

type PageRow = JoinedRow & { domicilios: Domicilio[] };

/**
 * A page of assignments as the JSON text of the list's `results`, in list order, written by the
 * database function encargos_pagina_json (tenant migration 0012): the same fields, values and key
 * order as toEncargo (a test holds the two equal). The API sends the text as it comes.
 */
const pageJson = (ids: SQL) => sql<string>`encargos_pagina_json(${ids})`;

/** The page whose ids a subquery finds, as JSON (see pageJson). */
const pageJsonOf = (page: SQLWrapper) => pageJson(sql`array(${page})`);

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

/**
 * `column LIKE pattern`, in a statement PostgreSQL plans with the pattern every time (never a named
 * statement's generic plan, which cannot tell a rare fragment from a common word).
 */
const matches = (column: SQL | AnyPgColumn, pattern: string) => sql`${column} like ${pattern} ${sql.raw(PLAN_PER_CALL)}`;

const accentFree = (column: SQL) => sql`lower(translate(${column}, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`;

/** The search's words: accent-free, RUTs without thousands dots (12.345.678-5 → 12345678-5), at most six. */
function searchWords(search: string | undefined): string[] {
  return searchKey(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^[\d.]+-?[\dk]?$/.test(word) ? word.replace(/\./g, '') : word))
    .filter(Boolean)
    .slice(0, 6);
}

/** What a search's words match: one condition per word, and what those conditions stand for. */
interface SearchMatch {
  conditions: SQL[];
  /** The words with the firm, party and court ids each matched: equal keys, equal conditions. */
  key: string;
  /** The sum of encargos_cambios when the ids were looked up (see countsCache). */
  cambios: string;
}

/**
 * One condition per word: the word appears in the assignment's own text (rol, ejecutados, partes,
 * RUTs, operation number; trigram-indexed), in its firm's, plaintiff's or court's name, or in one of
 * its active addresses (street, comuna). The firm, party, court and address matches of every word
 * are looked up first, in one query (with the changes counter), so the planner can combine the
 * trigram and btree indexes.
 */
async function searchConditions(db: TenantDb, words: string[]): Promise<SearchMatch> {
  const patterns = words.map(likePattern);
  const list = sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;
  // Words long enough are also looked up in the addresses (see encargos-busqueda-domicilios).
  const addressWords = words.flatMap((word, index) => (word.length >= ADDRESS_MIN_WORD ? [index + 1] : []));
  const found = firstRow<{ cambios: string; ids: { word: number; kind: 'e' | 'p' | 't' | 'd'; id: number }[] }>(
    await db.execute(sql`
    select (select coalesce(sum(${encargosCambios.cambios}), 0) from ${encargosCambios})::text as cambios,
      coalesce((select json_agg(f) from (
        select w.i as word, 'e' as kind, e.id from unnest(${list}) with ordinality as w(p, i)
          join ${estudios} e on ${accentFree(sql`e.nombre`)} like w.p
        union all
        select w.i, 'p', x.id from unnest(${list}) with ordinality as w(p, i)
          join ${partesDemandantes} x on ${accentFree(sql`x.nombre`)} like w.p
        union all
        select w.i, 't', x.id from unnest(${list}) with ordinality as w(p, i)
          join ${tribunales} x on ${accentFree(sql`x.nombre`)} like w.p${
            addressWords.length > 0 ? sql` union all ${addressMatchesBranch(list, addressWords)}` : sql``
          }) f), '[]'::json) as ids`),
  );
  const byWord = patterns.map(() => ({ e: [] as number[], p: [] as number[], t: [] as number[], d: [] as number[] }));
  for (const row of found?.ids ?? []) byWord[Number(row.word) - 1]?.[row.kind].push(row.id);
  const matched = byWord.map((ids, index) => {
    const sorted = (list: number[]) => list.sort((a, b) => a - b).slice(0, 500);
    return { firms: sorted(ids.e), parties: sorted(ids.p), courts: sorted(ids.t), addresses: addressMatchOf(words[index] ?? '', ids.d) };
  });
  const conditions = patterns.map((pattern, index) => {
    const { firms, parties, courts, addresses } = matched[index] as (typeof matched)[number];
    const alternatives: SQL[] = [matches(encargos.searchText, pattern)];
    if (firms.length > 0) alternatives.push(inArray(encargos.estudioId, firms));
    if (parties.length > 0) alternatives.push(inArray(encargos.parteDemandanteId, parties));
    if (courts.length > 0) alternatives.push(inArray(encargos.tribunalId, courts));
    const address = addressAlternative(addresses, pattern);
    if (address) alternatives.push(address);
    return alternatives.length === 1 ? (alternatives[0] as SQL) : sql`(${sql.join(alternatives, sql` or `)})`;
  });
  const key = JSON.stringify([words, matched.map(({ addresses, ...ids }) => ({ ...ids, addresses: addressKey(addresses) }))]);
  return { conditions, key, cambios: found?.cambios ?? '0' };
}

/** A search as it was counted: its per-state counts and, when the pass saw them all, its matches in list order. */
interface Remembered {
  cambios: string;
  /** Per state, each up to LIST_COUNT_CAP + 1 when the matches were too many for one pass. */
  totales: Record<EncargoEstado, number>;
  /** Every match's id in list order and, at the same index, its state's place in ESTADOS. */
  matches?: { ids: Int32Array; estados: Uint8Array };
}

/** Memory the remembered searches of all receivers may take (their matches, mostly): 16 MiB. */
const REMEMBERED_BYTES = 16 * 1024 * 1024;

const remembered = new LRUCache<string, Remembered>({
  maxSize: REMEMBERED_BYTES,
  sizeCalculation: (value, key) => 200 + key.length * 2 + (value.matches ? value.matches.ids.byteLength + value.matches.estados.byteLength : 0),
  ttl: 10 * 60_000,
});

/** Each receiver's database handle gets a number of its own, never reused: the prefix of its searches' keys. */
const receiverOf = new WeakMap<TenantDb, number>();
let receivers = 0;

function rememberedKey(db: TenantDb, key: string): string {
  let receiver = receiverOf.get(db);
  if (receiver === undefined) {
    receivers += 1;
    receiver = receivers;
    receiverOf.set(db, receiver);
  }
  return `${receiver}|${key}`;
}

/**
 * A receiver's recent searches: paging through one, choosing a state tile or coming back to the list
 * reads its counts and its matches here instead of finding them again, and then only the page's
 * assignments are read (as they are now). An entry serves only while the receiver's encargos_cambios
 * sum is the one it was counted at — any change to any assignment (created, edited, results saved,
 * deleted) moves the sum, so the next search finds its matches again — and a renamed firm, party or
 * court changes the ids in the key. Entries live 10 minutes, the least recently used going first past
 * REMEMBERED_BYTES for all receivers together.
 */
const rememberedSearches = {
  get: (db: TenantDb, key: string, cambios: string) => {
    const entry = remembered.get(rememberedKey(db, key));
    return entry?.cambios === cambios ? entry : undefined;
  },
  set: (db: TenantDb, key: string, entry: Remembered) => remembered.set(rememberedKey(db, key), entry),
};

/**
 * A search with fewer matches than this is answered from one pass over them: every state's exact
 * count, the page's ids and every match in list order (remembered). With more (a very common word),
 * the pass is a sample that already proves which states reach the cap; only the others are counted,
 * one bounded scan each, and only the counts are remembered: its pages are read in list order, which
 * finds a page of such a word in a few hundred rows.
 */
export const ONE_PASS_LIMIT = 10_000;

/** The states in the order the answers list them. */
const ESTADOS: EncargoEstado[] = ['pendiente', 'preparado', 'listo_para_estampar', 'estampado'];

const NO_TOTALES = (): Record<EncargoEstado, number> => ({ pendiente: 0, preparado: 0, listo_para_estampar: 0, estampado: 0 });

/** A state as one digit, its place in ESTADOS (how the pass writes each match's state after its id). */
const estadoDigit = sql.raw(`case estado ${ESTADOS.map((e, i) => `when '${e}' then '${i}'`).join(' ')} end`);

const MATCH_ORDER = sql.raw('fecha desc nulls last, id desc nulls last');

/**
 * Up to ONE_PASS_LIMIT matches in one pass: how many, per state, and the page asked for, in list
 * order, as JSON (see pageJson). `matches` when the pass saw every match: the counts and the page
 * are then exact, and so is the list of matches (with more, neither the page nor the list is written:
 * the caller pages over all the matches).
 */
async function matchesPass(db: TenantDb, where: SQL, estado: EncargoEstado | undefined, limit: number, offset: number) {
  const result = (await db.execute(sql`
    with m as materialized (
      select ${encargos.id} as id, ${encargos.estado} as estado, ${encargos.fechaEncargo} as fecha
      from ${encargos} where ${where} limit ${ONE_PASS_LIMIT}
    )
    select c.n,
      (select coalesce(json_object_agg(estado, c), '{}'::json) from (select estado, count(*)::int as c from m group by estado) s) as totales,
      case when c.n < ${ONE_PASS_LIMIT} then ${pageJson(sql`array(
        select id from m where ${estado ? sql`estado = ${estado}` : sql`true`}
        order by ${MATCH_ORDER} limit ${limit} offset ${offset})`)} end as results,
      case when c.n < ${ONE_PASS_LIMIT} then (select string_agg(id::text || ${estadoDigit}, ',' order by ${MATCH_ORDER}) from m) end as matches
    from (select count(*)::int as n from m) c`)) as unknown as {
    rows: { n: number; totales: Partial<Record<EncargoEstado, number>>; results: string | null; matches: string | null }[];
  };
  const row = result.rows[0];
  const totales = NO_TOTALES();
  for (const key of ESTADOS) totales[key] = row?.totales[key] ?? 0;
  if (!row || row.n >= ONE_PASS_LIMIT) return { totales, results: undefined, matches: undefined };
  // Each match as its id followed by its state's digit, in list order (one sort of the matches).
  const list = row.matches ? row.matches.split(',') : [];
  const ids = Int32Array.from(list, (match) => Number(match.slice(0, -1)));
  const estados = Uint8Array.from(list, (match) => match.charCodeAt(match.length - 1) - 48);
  return { totales, results: row.results ?? '[]', matches: { ids, estados } };
}

/** Ids of a page of remembered matches, of one state or all. */
function pageOfMatches(matches: { ids: Int32Array; estados: Uint8Array }, estado: EncargoEstado | undefined, limit: number, offset: number): number[] {
  if (!estado) return Array.from(matches.ids.subarray(offset, offset + limit));
  const wanted = ESTADOS.indexOf(estado);
  const page: number[] = [];
  let skipped = 0;
  for (let i = 0; i < matches.ids.length && page.length < limit; i += 1) {
    if (matches.estados[i] !== wanted) continue;
    if (skipped < offset) skipped += 1;
    else page.push(matches.ids[i] as number);
  }
  return page;
}

/** Assignments of the given ids, in that order, as JSON (see pageJson). */
const pageOfIds = (db: TenantDb) =>
  preparedSql<{ results: string }>(db, 'encargos_pagina_ids_json', () => sql`select ${pageJson(sql`${sql.placeholder('ids')}::int[]`)} as results`);

/**
 * Matches of the given states, each counted up to LIST_COUNT_CAP + 1: one bounded scan per state,
 * all in one statement.
 */
async function cappedTotals(db: TenantDb, where: SQL, estados: EncargoEstado[]) {
  const limit = LIST_COUNT_CAP + 1;
  const totales: Partial<Record<EncargoEstado, number>> = {};
  if (estados.length === 0) return totales;
  const counts = estados.map(
    (estado) =>
      sql`(select count(*) from (select 1 from ${encargos} where ${encargos.estado} = ${estado} and ${where} limit ${limit}) x)::int`,
  );
  const result = (await db.execute(sql`select json_build_array(${sql.join(counts, sql`, `)}) as counts`)) as unknown as {
    rows: { counts: number[] }[];
  };
  estados.forEach((estado, index) => {
    totales[estado] = result.rows[0]?.counts[index] ?? 0;
  });
  return totales;
}

/** Assignments per state, from the counters the encargos triggers keep (summed over their shards). */
export async function readEncargoTotales(db: TenantDb): Promise<Record<EncargoEstado, number>> {
  const rows = await prepared(db, 'encargos_totales', () =>
    db
      .select({ estado: encargoTotales.estado, n: sql<string>`sum(${encargoTotales.total})` })
      .from(encargoTotales)
      .groupBy(encargoTotales.estado)
      .prepare('encargos_totales'),
  ).execute();
  const totales = NO_TOTALES();
  for (const row of rows) totales[row.estado] = Number(row.n);
  return totales;
}

/** Pages starting up to here read the counters in their own statement (see listEncargoPage). */
const PAGE_WITH_TOTALES_MAX_OFFSET = 10_000;

const totalOf = (totales: Record<EncargoEstado, number>, estado: EncargoEstado | undefined) =>
  estado ? totales[estado] : ESTADOS.reduce((sum, key) => sum + totales[key], 0);

function totalesFrom(json: string | null): Record<EncargoEstado, number> {
  const counted = (json ? JSON.parse(json) : {}) as Partial<Record<EncargoEstado, number | string>>;
  const totales = NO_TOTALES();
  for (const estado of ESTADOS) totales[estado] = Number(counted[estado] ?? 0);
  return totales;
}

export interface ListFilter {
  search?: string;
  estado?: EncargoEstado;
  estudio?: number;
  page: number;
  pageSize: number;
}

/** The list without a search, a state or not: the counters and the page, one prepared statement each. */
const listaJson = (db: TenantDb, byEstado: boolean) =>
  preparedSql<{ totales: string | null; results: string }>(db, byEstado ? 'encargos_lista_estado_json' : 'encargos_lista_json', () => {
    const ids = pageIds(db, byEstado ? eq(encargos.estado, sql.placeholder('estado')) : undefined, sql.placeholder('limit'), sql.placeholder('offset'));
    return sql`select ${totalesJson} as totales, ${pageJsonOf(ids)} as results`;
  });

/** A page of the pending list; `results` is its assignments as JSON text (see pageJson). */
export interface EncargoPageJson {
  count: number;
  count_capped: boolean;
  totales_capped: EncargoEstado[];
  totales: Record<EncargoEstado, number>;
  results: string;
}

/** The page's assignments as JSON text, and its counts. */
export async function listEncargoPageJson(db: TenantDb, filter: ListFilter): Promise<EncargoPageJson> {
  const offset = (filter.page - 1) * filter.pageSize;
  const words = searchWords(filter.search);

  if (words.length === 0 && !filter.estudio) {
    // The per-state counters kept by trigger come with the page, in one statement. A page far down
    // the list reads them first, so one past its end walks no index for nothing.
    const far = offset > PAGE_WITH_TOTALES_MAX_OFFSET ? await readEncargoTotales(db) : undefined;
    if (far && offset >= totalOf(far, filter.estado)) {
      return { count: totalOf(far, filter.estado), count_capped: false, totales_capped: [], totales: far, results: '[]' };
    }
    const [row] = (await listaJson(db, filter.estado !== undefined).execute({ estado: filter.estado, limit: filter.pageSize, offset })).rows;
    const totales = far ?? totalesFrom(row?.totales ?? null);
    return { count: totalOf(totales, filter.estado), count_capped: false, totales_capped: [], totales, results: row?.results ?? '[]' };
  }

  const search = await searchConditions(db, words);
  const base = search.conditions;
  if (filter.estudio) base.push(eq(encargos.estudioId, filter.estudio));
  const baseWhere = and(...base) as SQL;
  const key = `${search.key}|${filter.estudio ?? ''}`;
  const known = rememberedSearches.get(db, key, search.cambios);
  let totales: Record<EncargoEstado, number>;
  let results: string | undefined;
  let matches = known?.matches;
  if (known) {
    totales = { ...known.totales };
  } else {
    const pass = await matchesPass(db, baseWhere, filter.estado, filter.pageSize, offset);
    totales = pass.totales;
    results = pass.results;
    matches = pass.matches;
    if (!matches) {
      // The sample proves the states it saw past the cap; the others are counted.
      const uncertain = ESTADOS.filter((estado) => totales[estado] <= LIST_COUNT_CAP);
      Object.assign(totales, await cappedTotals(db, baseWhere, uncertain));
    }
    rememberedSearches.set(db, key, { cambios: search.cambios, totales: { ...totales }, matches });
  }
  const capped = filter.estado
    ? totales[filter.estado] > LIST_COUNT_CAP
    : ESTADOS.some((estado) => totales[estado] > LIST_COUNT_CAP);
  const totalesCapped = ESTADOS.filter((estado) => totales[estado] > LIST_COUNT_CAP);
  for (const estado of ESTADOS) totales[estado] = Math.min(totales[estado], LIST_COUNT_CAP);
  const total = totalOf(totales, filter.estado);
  if (results === undefined && matches) {
    const ids = pageOfMatches(matches, filter.estado, filter.pageSize, offset);
    results = ids.length === 0 ? '[]' : ((await pageOfIds(db).execute({ ids })).rows[0]?.results ?? '[]');
  }
  if (results === undefined) {
    results = '[]';
    if (offset < total || capped) {
      const where = filter.estado ? and(baseWhere, eq(encargos.estado, filter.estado)) : baseWhere;
      const page = pageJsonOf(pageIds(db, where, filter.pageSize, offset));
      results = firstRow<{ results: string }>(await db.execute(sql`select ${page} as results`))?.results ?? '[]';
    }
  }
  return { count: total, count_capped: capped, totales_capped: totalesCapped, totales, results };
}

/** The same page with its assignments as objects (the spreadsheet export reads them). */
export async function listEncargoPage(db: TenantDb, filter: ListFilter) {
  const page = await listEncargoPageJson(db, filter);
  return { ...page, results: JSON.parse(page.results) as Encargo[] };
}
