import type { TenantDb } from '@receptoria/db';
import type { SQL } from 'drizzle-orm';

/**
 * Prepared statements of the hot paths, built once per process and driver: PostgreSQL plans them
 * once per connection instead of on every request, and the query is not built again for every
 * request (nor for every transaction: a statement built on one handle runs on another handle's
 * connection, so a change that locks its row in a transaction reuses the same built statement).
 * PGlite runs them unnamed.
 */
type Handle = { session: { constructor: object; client: unknown } };
const builtByDriver = new WeakMap<object, Map<string, { client: unknown }>>();

export function prepared<T>(db: TenantDb, name: string, build: () => T): T {
  const { session } = db as unknown as Handle;
  let byName = builtByDriver.get(session.constructor);
  if (!byName) {
    byName = new Map();
    builtByDriver.set(session.constructor, byName);
  }
  let statement = byName.get(name);
  if (statement === undefined) {
    statement = build() as { client: unknown };
    byName.set(name, statement);
  }
  if (statement.client === session.client) return statement as T;
  // The same built statement, sent through this handle's connection (a pool or a transaction's).
  return Object.create(statement, { client: { value: session.client } }) as T;
}

type Compiler = { session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): unknown }; dialect: { sqlToQuery(sql: SQL): unknown } };

/**
 * A statement written with drizzle's `sql` template, its values as `sql.placeholder`s: built and
 * prepared once (see prepared), run with `.execute(values)`, answering PostgreSQL's rows as they are.
 */
export function preparedSql<Row>(db: TenantDb, name: string, build: () => SQL) {
  return prepared(db, name, () => {
    const { session, dialect } = db as unknown as Compiler;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as {
      execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
    };
  });
}
