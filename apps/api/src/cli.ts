import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type ControlDb, openDatabase } from '@receptoria/db';
import { claimEmbedded, EmbeddedInUseError, type EmbeddedOwner, readLiveOwner } from './bootstrap/embedded-access';
import { readEnv } from './env';
import { configFromEnv } from './lib/config-from-env';
import { createUser } from './modules/tenants/tenants.service';

const USAGE = `Uso: pnpm --filter @receptoria/api cli create-user --username U --password P
       [--tenant-id N] [--first-name F] [--last-name L] [--email E] [--cargo receptor|secretaria] [--permisos a,b]

Funciona con el servidor detenido o en marcha: sobre la base de datos integrada (sin DATABASE_URL),
con el servidor en marcha el comando trabaja a través del propio servidor.`;

class CliError extends Error {}

/** A command of the CLI: what it needs is the control database. */
type Command = (controlDb: ControlDb) => Promise<void>;

function parseCommand(argv: string[]): Command | null {
  const [command, ...rest] = argv;
  if (command !== 'create-user') return null;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'tenant-id': { type: 'string', default: '1' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      email: { type: 'string', default: '' },
      cargo: { type: 'string', default: 'secretaria' },
      permisos: { type: 'string', default: '' },
    },
  });
  const { username, password } = values;
  if (!username || !password) return null;
  return async (controlDb) => {
    const user = await createUser({ controlDb }, {
      tenantId: Number(values['tenant-id']),
      username,
      password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      email: values.email,
      cargo: values.cargo === 'receptor' ? 'receptor' : 'secretaria',
      permisos: values.permisos ? values.permisos.split(',').map((code) => code.trim()) : [],
    });
    process.stdout.write(`Usuario ${user.username} creado (id ${user.id}).\n`);
  };
}

function stopServerFirst(owner: EmbeddedOwner, dataDir: string, why: string): CliError {
  return new CliError(
    `${why}\nLa base de datos integrada (${dataDir}) atiende a un solo proceso a la vez y la está usando el ` +
      `servidor de Receptoría (proceso ${owner.pid}). Detenga el servidor y vuelva a ejecutar el comando; ` +
      'el comando no abrirá la carpeta de datos mientras el servidor la use.',
  );
}

/** Runs the command through the running server's socket (the server keeps the embedded database). */
async function throughServer(owner: EmbeddedOwner, dataDir: string, command: Command): Promise<void> {
  if (!owner.socket) throw stopServerFirst(owner, dataDir, 'El servidor está en marcha pero no ofrece acceso a su base de datos.');
  const url =
    `postgres://postgres@localhost/postgres?host=${encodeURIComponent(owner.socket.dir)}` +
    `&port=${owner.socket.port}`;
  const handle = await openDatabase({ kind: 'postgres', url }, 'control', { poolSize: 1, autoPrepare: false });
  try {
    try {
      await handle.db.execute(sql`select 1`);
    } catch {
      throw stopServerFirst(owner, dataDir, 'El servidor está en marcha pero no responde en su acceso a la base de datos.');
    }
    await command(handle.db);
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  if (!command) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const config = { ...configFromEnv(readEnv()), logger: false as const };
  const dataDir = config.database.dataDir;
  let claim: Awaited<ReturnType<typeof claimEmbedded>> | null = null;
  if (!config.database.controlUrl) {
    const owner = await readLiveOwner(dataDir);
    if (owner?.proceso === 'servidor') return throughServer(owner, dataDir, command);
    try {
      claim = await claimEmbedded(dataDir, 'cli');
    } catch (error) {
      if (error instanceof EmbeddedInUseError && error.owner.proceso === 'servidor') {
        // A server started in the meantime.
        return throughServer(error.owner, dataDir, command);
      }
      if (error instanceof EmbeddedInUseError) throw new CliError(error.message);
      throw error;
    }
  }
  try {
    // The whole application opens the databases itself (and makes the first receiver on a fresh folder).
    const { buildApp } = await import('./app');
    const app = await buildApp(config);
    try {
      await command(app.controlDb);
    } finally {
      await app.close();
    }
  } finally {
    await claim?.release();
  }
}

try {
  await main();
} catch (error) {
  const message =
    error instanceof CliError
      ? error.message
      : ((error as { detail?: string }).detail ?? (error instanceof Error ? error.message : String(error)));
  process.stderr.write(`Error: ${message}\n`);
  process.exitCode = 1;
}
