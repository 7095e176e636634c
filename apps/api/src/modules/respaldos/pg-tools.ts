import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

export class PgToolError extends Error {}

/** The server's major version (15 for 15.x, 9 never: we need ≥ 10). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(rows[0]?.server_version_num ?? 0) / 10_000);
  } finally {
    await client.end();
  }
}

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function toolMajor(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function pgConfigBinDir(): Promise<string | null> {
  try {
    const { stdout } = await run('pg_config', ['--bindir'], { timeout: 10_000 });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

const found = new Map<string, string>();

/**
 * pg_dump / pg_restore for a server of `major`: PG_BIN_DIR when set, then Debian's
 * /usr/lib/postgresql/<major>/bin, then `pg_config --bindir`, then PATH. The same major is taken first;
 * a newer one reads and writes an older server's dumps, an older one cannot and is refused.
 */
export async function findPgTool(tool: PgTool, major: number, binDir?: string): Promise<string> {
  const cacheKey = `${tool}:${major}:${binDir ?? ''}`;
  const cached = found.get(cacheKey);
  if (cached) return cached;
  const candidates = [
    ...(binDir ? [path.join(binDir, tool)] : []),
    `/usr/lib/postgresql/${major}/bin/${tool}`,
    ...((await pgConfigBinDir()) ? [path.join((await pgConfigBinDir())!, tool)] : []),
  ];
  // Last, whatever the PATH finds.
  const onPath = tool;
  let newer: string | null = null;
  const seen: string[] = [];
  for (const candidate of [...new Set(candidates), onPath]) {
    if (candidate !== onPath && !(await executable(candidate))) continue;
    const version = await toolMajor(candidate);
    if (version === null) continue;
    seen.push(`${candidate} (${version})`);
    if (version === major) {
      found.set(cacheKey, candidate);
      return candidate;
    }
    if (version > major && !newer) newer = candidate;
  }
  if (newer) {
    found.set(cacheKey, newer);
    return newer;
  }
  throw new PgToolError(
    `No se encontró ${tool} para PostgreSQL ${major} (el servidor de la base de datos). ` +
      `Instale el cliente de PostgreSQL ${major} (Debian: apt-get install postgresql-client-${major}) ` +
      `o indique su carpeta en PG_BIN_DIR.${seen.length ? ` Encontrados: ${seen.join(', ')}.` : ''}`,
  );
}

/** Connection settings for a libpq tool, the password kept out of the command line (ps shows it). */
export function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  // The tool runs with this process's environment (PATH, locale, PGSSLMODE…) plus the password.
  // eslint-disable-next-line no-restricted-properties
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env };
}

/** Runs a libpq tool; its error output becomes the error's message. */
export async function runPgTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(file, args, { env, maxBuffer: 16 * 1024 * 1024, timeout: 6 * 60 * 60_000 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new PgToolError(`${path.basename(file)} falló: ${stderr || (error as Error).message}`);
  }
}
