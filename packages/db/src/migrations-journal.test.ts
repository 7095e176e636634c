import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseLocation, dropDatabase, ensureDatabase, migrateDatabase, withDatabaseName } from './connect';

const migrationsRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

const journalOf = async (folder: string): Promise<Journal> =>
  JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

describe('migration journals', () => {
  // The migrator applies only migrations dated after the newest one a database has recorded: a migration
  // dated before an earlier one would be skipped by every database already past that earlier one.
  it.each(['control', 'tenant'])('%s: every migration is dated after the one before it', async (kind) => {
    const { entries } = await journalOf(path.join(migrationsRoot, kind));
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i]!.when, `${entries[i]!.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
    }
  });

  const location: DatabaseLocation = {
    kind: 'postgres',
    url: withDatabaseName(SERVER, `receptoria_journal_${randomBytes(3).toString('hex')}`),
  };
  afterAll(() => dropDatabase(location));

  it('a receiver database migrated up to 0014 takes every later migration', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'receptoria-migraciones-'));
    try {
      await cp(path.join(migrationsRoot, 'tenant'), folder, { recursive: true });
      const journal = await journalOf(folder);
      journal.entries = journal.entries.filter((entry) => entry.idx <= 14);
      await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
      await ensureDatabase(location);
      const client = new pg.Client({ connectionString: location.url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: folder });
        const before = await client.query(`select 1 from information_schema.columns where table_name = 'diligencias' and column_name = 'informante'`);
        expect(before.rowCount).toBe(0);
        await migrateDatabase(location, 'tenant');
        const columns = await client.query<{ column_name: string }>(
          `select column_name from information_schema.columns where table_name = 'diligencias' and column_name in ('informante', 'informante_relacion', 'hora_informada') order by 1`,
        );
        expect(columns.rows.map((r) => r.column_name)).toEqual(['hora_informada', 'informante', 'informante_relacion']);
        const indexes = await client.query<{ indexdef: string }>(`select indexdef from pg_indexes where indexname = 'diligencias_encargo_idx'`);
        // 0015: descending with nulls first (PostgreSQL's default for DESC, so not printed), no longer NULLS LAST.
        expect(indexes.rows[0]?.indexdef).toContain('fecha_diligencia DESC, id DESC');
        expect(indexes.rows[0]?.indexdef).not.toContain('NULLS LAST');
      } finally {
        await client.end();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
