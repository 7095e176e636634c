import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, dropDatabase, ensureDatabase, openDatabase, type TenantSchema, withDatabaseName } from '@receptoria/db';
import { sql } from 'drizzle-orm';
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

beforeAll(async () => {
  await ensureDatabase(pgLocation);
  handles.push(await openDatabase(pgLocation, 'tenant', { poolSize: 3 }));
  handles.push(await openDatabase({ kind: 'pglite', dataDir: pgliteDir }, 'tenant'));
  for (const handle of handles) {
    await handle.db.execute(sql`create table t (id int primary key, nombre text not null)`);
    await handle.db.execute(sql`insert into t values (1, 'Ñuñoa')`);
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
});
