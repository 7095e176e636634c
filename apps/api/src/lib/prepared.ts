import type { ControlDb, TenantDb } from '@receptoria/db';
import { Column, is, SQL, Subquery, sql } from 'drizzle-orm';

/**
 * Prepared statements of the hot paths, built once per process and driver: PostgreSQL plans them
 * once per connection instead of on every request, and the query is not built again for every
 * request (nor for every transaction: a statement built on one handle runs on another handle's
 * connection, so a change that locks its row in a transaction reuses the same built statement).
 * PGlite runs them unnamed. Keyed by driver and name only, so a control handle serves as well as a
 * tenant's.
 */
type Database = TenantDb | ControlDb;
type Handle = { session: { constructor: object; client: unknown } };
const builtByDriver = new WeakMap<object, Map<string, { client: unknown }>>();

export function prepared<T>(db: Database, name: string, build: () => T): T {
  const { session } = db as unknown as Handle;
  let byName = builtByDriver.get(session.constructor);
  if (!byName) {
    byName = new Map();
    builtByDriver.set(session.constructor, byName);
  }
  let statement = byName.get(name);
  if (statement === undefined) {
    statement = build() as { client: unknown };
    useRowMapper(statement as unknown as Mappable);
    byName.set(name, statement);
  }
  if (statement.client === session.client) return statement as T;
  // The same built statement, sent through this handle's connection (a pool or a transaction's).
  return Object.create(statement, { client: { value: session.client } }) as T;
}

/** What drizzle's prepared select keeps to turn its array rows into objects. */
interface Mappable {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** An expression's decoder (its .mapWith): not in drizzle's published types. */
const decoderOf = (expression: unknown) => (expression as { decoder: Decoder }).decoder;

/**
 * A prepared select's rows decoded by a mapper built once from its fields: the same objects
 * drizzle's own mapping builds (each value through its column's or expression's decoder, nested
 * by path), without finding every field's kind and walking its path again for every row (the
 * hot reads' rows have ~45 fields). Left to drizzle when an outer join may turn a table's fields
 * into null.
 */
function useRowMapper(statement: Mappable): void {
  const { fields, joinsNotNullableMap, customResultMapper } = statement;
  if (!fields || customResultMapper) return;
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNull) => !notNull)) return;
  const decoders = fields.map(({ field }): Decoder => {
    if (is(field, Column)) return field;
    if (is(field, SQL)) return decoderOf(field);
    if (is(field, Subquery)) return decoderOf((field._ as unknown as { sql: SQL }).sql);
    return decoderOf((field as { sql: SQL }).sql);
  });
  const paths = fields.map(({ path }) => path);
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < paths.length; i += 1) {
      const path = paths[i] as string[];
      const raw = row[i];
      const value = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw);
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth += 1) {
        const key = path[depth] as string;
        node = (node[key] ??= {}) as Record<string, unknown>;
      }
      node[path[path.length - 1] as string] = value;
    }
    return result;
  };
  statement.customResultMapper = (rows) => rows.map(mapRow);
}

type Compiler = { session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): unknown }; dialect: { sqlToQuery(sql: SQL): unknown } };

/**
 * A statement written with drizzle's `sql` template, its values as `sql.placeholder`s: built and
 * prepared once (see prepared), run with `.execute(values)`, answering PostgreSQL's rows as they are.
 */
export function preparedSql<Row>(db: Database, name: string, build: () => SQL) {
  return prepared(db, name, () => {
    const { session, dialect } = db as unknown as Compiler;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as {
      execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
    };
  });
}

/**
 * An insert's values as a statement prepared once per shape — which columns are given, and which of them are
 * null (written as `null`, not as a value through the column's encoder) — under `${prefix}_${n}` for the
 * first `max` shapes of `shapes` (undefined past them: build it for the call). `placeholders()` gives the
 * insert's values (asked only when the statement is built), `parameters` what it is executed with.
 */
export function porForma<T extends object>(shapes: Map<string, string>, prefix: string, max: number, values: T, extra = '') {
  const given = (Object.keys(values) as (keyof T & string)[]).filter((key) => values[key] !== undefined).sort();
  const shape = `${given.map((key) => (values[key] === null ? `${key}=null` : key)).join(',')}|${extra}`;
  const name = shapes.get(shape) ?? (shapes.size < max ? `${prefix}_${shapes.size + 1}` : undefined);
  if (name) shapes.set(shape, name);
  return {
    name,
    placeholders: () => Object.fromEntries(given.map((key) => [key, values[key] === null ? sql`null` : sql.placeholder(key)])) as unknown as T,
    parameters: Object.fromEntries(given.filter((key) => values[key] !== null).map((key) => [key, values[key]])) as Record<string, unknown>,
  };
}
