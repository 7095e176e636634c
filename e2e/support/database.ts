import pg from 'pg';
import { postgresServerUrl } from './environment';

async function withServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${postgresServerUrl}/postgres` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

function likePrefix(name: string) {
  return `${name.replace(/[\\%_]/g, (char) => `\\${char}`)}\\_%`;
}

export async function databaseExists(name: string): Promise<boolean> {
  return withServer(async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return (result.rowCount ?? 0) > 0;
  });
}

/** Drops the control database of a run and every tenant database named after it. */
export async function dropRunDatabases(controlName: string): Promise<string[]> {
  return withServer(async (client) => {
    const result = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or datname like $2',
      [controlName, likePrefix(controlName)],
    );
    const names = result.rows.map((row) => row.datname);
    for (const name of names) await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    return names;
  });
}
