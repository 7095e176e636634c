import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoPrepare, MAX_NAMED, PLAN_PER_CALL } from './auto-prepare';
import { dropDatabase, ensureDatabase, openDatabase, withDatabaseName } from './connect';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const location = { kind: 'postgres' as const, url: withDatabaseName(SERVER, `receptoria_preparetest_${randomBytes(3).toString('hex')}`) };

let client: pg.Client;

/** The statements this connection has named, as PostgreSQL lists them. */
async function namedStatements(): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
  return rows.map((row) => row.statement);
}

beforeAll(async () => {
  await ensureDatabase(location);
  client = new pg.Client({ connectionString: location.url });
  await client.connect();
  autoPrepare(client);
  await client.query('create table t (id int primary key, nombre text)');
  await client.query("insert into t values (1, 'Ñuñoa'), (2, 'Maipú')");
});
afterAll(async () => {
  await client.end();
  await dropDatabase(location);
});

describe('autoPrepare', () => {
  it('names a data statement the second time the connection sends it, and answers the same rows', async () => {
    const text = 'select nombre from t where id = $1';
    const first = await client.query({ text, values: [1] });
    expect(await namedStatements()).not.toContain(text);
    const second = await client.query({ text, values: [2] });
    const third = await client.query({ text, values: [1] });
    expect(await namedStatements()).toContain(text);
    expect([first.rows, second.rows, third.rows]).toEqual([[{ nombre: 'Ñuñoa' }], [{ nombre: 'Maipú' }], [{ nombre: 'Ñuñoa' }]]);
  });

  it('leaves transaction control, scripts and statements named by the caller alone', async () => {
    for (let i = 0; i < 2; i += 1) {
      await client.query('begin');
      await client.query("update t set nombre = 'Ñuñoa' where id = 1; update t set nombre = 'Maipú' where id = 2");
      await client.query('commit');
      await client.query({ name: 'propio', text: 'select count(*)::int as n from t', values: [] });
    }
    const statements = await namedStatements();
    expect(statements.some((s) => s.includes('update t'))).toBe(false);
    expect(statements.filter((s) => s === 'select count(*)::int as n from t')).toHaveLength(1);
  });

  it('never names a statement marked to be planned with its values on every call', async () => {
    const text = `select nombre from t where nombre like $1 ${PLAN_PER_CALL}`;
    const answers = [];
    for (const pattern of ['%uñ%', '%ip%', '%uñ%']) answers.push((await client.query({ text, values: [pattern] })).rows);
    expect(answers).toEqual([[{ nombre: 'Ñuñoa' }], [{ nombre: 'Maipú' }], [{ nombre: 'Ñuñoa' }]]);
    expect((await namedStatements()).some((s) => s.includes('plan_per_call'))).toBe(false);
  });

  it('names at most MAX_NAMED statements on one connection', async () => {
    for (let i = 0; i < MAX_NAMED + 20; i += 1) {
      const text = `select ${i} as n from t where id = $1`;
      await client.query({ text, values: [1] });
      const { rows } = await client.query({ text, values: [1] });
      expect(rows).toEqual([{ n: i }]);
    }
    const named = (await namedStatements()).filter((s) => s !== 'select count(*)::int as n from t');
    expect(named.length).toBeLessThanOrEqual(MAX_NAMED);
  });

  it('is on for every connection of an opened PostgreSQL database, drizzle queries included', async () => {
    const handle = await openDatabase(location, 'control', { poolSize: 1 });
    try {
      for (const id of [1, 2, 1]) await handle.db.execute(sql`select nombre from t where id = ${id}`);
      const result = await handle.db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like 'select nombre from t where id = $1'`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    } finally {
      await handle.close();
    }
    // The drizzle client of a plain connection is unaffected by another connection's names.
    expect(await drizzle(client).execute(sql`select 1 as one`)).toBeTruthy();
  });
});
