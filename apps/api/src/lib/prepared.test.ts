import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, dropDatabase, ensureDatabase, openDatabase, type TenantSchema, withDatabaseName } from '@receptoria/db';
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, preparedSql } from './prepared';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgLocation = { kind: 'postgres' as const, url: withDatabaseName(SERVER, `receptoria_prepared_${randomBytes(3).toString('hex')}`) };
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'receptoria-prepared-'));

/** A statement built once, answering the name of row `id` of table `t` as the handle sees it. */
function nombre(db: DatabaseHandle<TenantSchema>['db'], id: number) {
  return prepared(db, 'prepared_test_nombre', () =>
    db.select({ nombre: sql<string>`t.nombre` }).from(sql`t`).where(sql`t.id = ${sql.placeholder('id')}`).prepare('prepared_test_nombre'),
  ).execute({ id });
}

const handles: DatabaseHandle<TenantSchema>[] = [];

/** A table whose columns decode what the driver sends (instants, whole pesos past 2^31). */
const fichas = pgTable('fichas', {
  id: integer('id').primaryKey(),
  nombre: text('nombre').notNull(),
  creada: timestamp('creada', { withTimezone: true }).notNull(),
  monto: bigint('monto', { mode: 'number' }),
});

beforeAll(async () => {
  await ensureDatabase(pgLocation);
  handles.push(await openDatabase(pgLocation, 'tenant', { poolSize: 3 }));
  handles.push(await openDatabase({ kind: 'pglite', dataDir: pgliteDir }, 'tenant'));
  for (const handle of handles) {
    await handle.db.execute(sql`create table t (id int primary key, nombre text not null)`);
    await handle.db.execute(sql`insert into t values (1, 'Ñuñoa')`);
    await handle.db.execute(sql`create table fichas (id int primary key, nombre text not null, creada timestamptz not null, monto bigint)`);
    await handle.db.execute(sql`insert into fichas values (1, 'Ñandú', '2025-07-15 10:00-04', 987654321012), (2, 'Maipú', '2025-01-15 10:30:45.678-03', null)`);
  }
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await dropDatabase(pgLocation);
  rmSync(pgliteDir, { recursive: true, force: true });
});

describe.each([
  ['PostgreSQL', 0],
  ['PGlite', 1],
])('prepared statements on %s', (_name, index) => {
  const handle = () => handles[index] as DatabaseHandle<TenantSchema>;

  it('a statement built on the database runs inside a transaction on its connection (sees what it has not committed)', async () => {
    const { db } = handle();
    expect(await nombre(db, 1)).toEqual([{ nombre: 'Ñuñoa' }]);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2, 'Maipú')`);
        expect(await nombre(tx, 2)).toEqual([{ nombre: 'Maipú' }]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    // Rolled back: the database never saw it, and the statement still runs on the pool.
    expect(await nombre(db, 2)).toEqual([]);
    expect(await nombre(db, 1)).toEqual([{ nombre: 'Ñuñoa' }]);
  });

  it('is built once: the same statement object serves the database and every transaction', async () => {
    const { db } = handle();
    let builds = 0;
    const build = () => {
      builds += 1;
      return db.select({ n: sql<number>`count(*)::int` }).from(sql`t`).prepare(`prepared_test_count_${index}`);
    };
    expect(await prepared(db, `prepared_test_count_${index}`, build).execute()).toEqual([{ n: 1 }]);
    for (let i = 0; i < 3; i += 1) {
      await db.transaction(async (tx) => {
        expect(await prepared(tx, `prepared_test_count_${index}`, build).execute()).toEqual([{ n: 1 }]);
      });
    }
    expect(builds).toBe(1);
  });

  it('a statement written as an sql template is built once and answers the rows as PostgreSQL sends them', async () => {
    const { db } = handle();
    let builds = 0;
    const run = (on: typeof db, id: number) =>
      preparedSql<{ id: number; nombre: string }>(on, `prepared_test_sql_${index}`, () => {
        builds += 1;
        return sql`select id, nombre from t where id = ${sql.placeholder('id')}`;
      }).execute({ id });
    expect((await run(db, 1)).rows).toEqual([{ id: 1, nombre: 'Ñuñoa' }]);
    expect((await run(db, 99)).rows).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (3, 'Ñiquén')`);
      expect((await run(tx, 3)).rows).toEqual([{ id: 3, nombre: 'Ñiquén' }]);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
    expect((await run(db, 3)).rows).toEqual([]);
    expect(builds).toBe(1);
  });

  it('decodes a select\'s rows as drizzle does, with a mapper built once for the statement', async () => {
    const { db } = handle();
    const selection = () => ({
      ficha: { id: fichas.id, creada: fichas.creada, monto: fichas.monto },
      nombre: fichas.nombre,
      mayusculas: sql<string>`upper(${fichas.nombre})`,
      dias: sql<number>`(${fichas.id} * 2)::text`.mapWith(Number),
    });
    const statement = prepared(db, `prepared_test_fichas_${index}`, () =>
      db.select(selection()).from(fichas).orderBy(fichas.id).prepare(`prepared_test_fichas_${index}`),
    );
    // The mapper is drizzle's customResultMapper: were it renamed, rows would fall back to drizzle's own mapping.
    expect(typeof (statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const rows = await statement.execute();
    expect(rows).toEqual(await db.select(selection()).from(fichas).orderBy(fichas.id));
    expect(rows).toEqual([
      { ficha: { id: 1, creada: new Date('2025-07-15T14:00:00Z'), monto: 987_654_321_012 }, nombre: 'Ñandú', mayusculas: 'ÑANDÚ', dias: 2 },
      { ficha: { id: 2, creada: new Date('2025-01-15T13:30:45.678Z'), monto: null }, nombre: 'Maipú', mayusculas: 'MAIPÚ', dias: 4 },
    ]);
    expect(Object.keys(rows[0] as object)).toEqual(['ficha', 'nombre', 'mayusculas', 'dias']);
  });
});
