import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgTool, libpqArgs } from './pg-tools';

/** A folder with a fake pg_dump that says it is of `major`. */
async function fakeBin(root: string, major: number): Promise<string> {
  const dir = path.join(root, `pg${major}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pg_dump');
  await writeFile(file, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${major}.3"\n`);
  await chmod(file, 0o755);
  return dir;
}

describe('finding pg_dump for the server', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'receptoria-pgbin-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('takes PG_BIN_DIR when it is the server’s major, and a newer one when no same one exists', async () => {
    const bin = await fakeBin(root, 91);
    expect(await findPgTool('pg_dump', 91, bin)).toBe(path.join(bin, 'pg_dump'));
    // An older server (no /usr/lib/postgresql/7): the newer client found first reads it.
    expect(await findPgTool('pg_dump', 7, bin)).toBe(path.join(bin, 'pg_dump'));
  });

  it('passes over an older PG_BIN_DIR for Debian’s folder of the same major', async () => {
    const bin = await fakeBin(root, 12);
    expect(await findPgTool('pg_dump', 15, bin)).toBe('/usr/lib/postgresql/15/bin/pg_dump');
  });

  it('refuses clients older than the server, in Spanish, naming the package', async () => {
    const bin = await fakeBin(root, 13);
    await expect(findPgTool('pg_dump', 99, bin)).rejects.toThrow(
      /^No se encontró pg_dump para PostgreSQL 99 .*apt-get install postgresql-client-99\) o indique su carpeta en PG_BIN_DIR\. Encontrados: .*\(13\)/,
    );
  });

  it('keeps the password out of the command line', () => {
    const { dbname, env } = libpqArgs('postgres://app:s%40cret@db.example.cl:5433/receptoria_ana');
    expect(dbname).toBe('postgres://app@db.example.cl:5433/receptoria_ana');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});
