import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  type ControlDb,
  controlLocation,
  ensureDatabase,
  migrateHandle,
  openDatabase,
  TenantPools,
} from '@receptoria/db';
import { claimEmbedded, EmbeddedInUseError, type EmbeddedOwner, readLiveOwner } from './bootstrap/embedded-access';
import { readEnv } from './env';
import type { AppConfig } from './lib/config';
import { configFromEnv } from './lib/config-from-env';
import { createUser } from './modules/tenants/tenants.service';
import { loadServidores } from './modules/servidores/directorio';
import { QUEUES } from './jobs/jobs.plugin';
import type { RespaldoTrabajo, RespaldoTrabajoResultado } from './jobs/respaldos.job';
import {
  ejecutarRespaldo,
  type RespaldoContext,
  type RespaldoResultado,
  respaldosConfigPorDefecto,
  restaurarReceptor,
  type RestauracionResultado,
} from './modules/respaldos/respaldos.service';

const USAGE = `Uso: pnpm --filter @receptoria/api cli create-user --username U --password P
       [--tenant-id N] [--first-name F] [--last-name L] [--email E] [--cargo receptor|secretaria] [--permisos a,b]
     pnpm --filter @receptoria/api cli backup --receptor <id|all>
     pnpm --filter @receptoria/api cli restore --receptor <id> --file <archivo> [--into <nueva-base>] [--replace]

backup escribe en BACKUP_DIR un respaldo (pg_dump, o el volcado propio de la base integrada) con su .sha256;
"all" respalda también la base de control. restore comprueba el SHA-256 y restaura: en una base nueva con
--into, en la del receptor si ya no existe, o encima de la actual solo con --replace (el receptor queda en
mantenimiento, sus solicitudes reciben 503, y la base anterior se conserva con otro nombre).

Funciona con el servidor detenido o en marcha: sobre la base de datos integrada (sin DATABASE_URL),
con el servidor en marcha el comando trabaja a través del propio servidor.`;

class CliError extends Error {}

/**
 * A command of the CLI: run in this process with the whole application, or through a running
 * server that keeps the embedded database (its control database reached on the server's socket).
 */
interface Command {
  local(config: AppConfig): Promise<void>;
  remote(controlDb: ControlDb, url: string): Promise<void>;
}

const print = (text: string) => process.stdout.write(`${text}\n`);

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('es-CL', { maximumFractionDigits: 2 })} MB`;
}

function printBackup(resultado: RespaldoResultado): void {
  for (const archivo of resultado.archivos) {
    print(`Respaldo escrito: ${archivo.archivo} (${mb(archivo.bytes)}, SHA-256 ${archivo.sha256})${archivo.s3 ? ` → ${archivo.s3}` : ''}`);
  }
  for (const eliminado of resultado.eliminados) print(`Eliminado por la retención: ${eliminado}`);
  if (resultado.errores.length) throw new CliError(`El respaldo no se completó:\n${resultado.errores.map((e) => `  - ${e}`).join('\n')}`);
}

function printRestore(resultado: RestauracionResultado): void {
  print(`Respaldo restaurado en ${resultado.destino} (${(resultado.ms / 1000).toLocaleString('es-CL', { maximumFractionDigits: 1 })} s).`);
  if (resultado.anterior) print(`La base anterior se conservó como ${resultado.anterior}; elimínela cuando ya no la necesite.`);
}

/** Waits this long for a running server to pick up a backup or restore before giving up. */
const PICKUP_TIMEOUT_MS = 60_000;

/** Asks a running server (embedded database) to back up or restore, through its job queue, and waits. */
async function throughServerQueue(url: string, trabajo: RespaldoTrabajo): Promise<RespaldoTrabajoResultado> {
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url, max: 1, supervise: false, schedule: false, migrate: false, createSchema: false } as never);
  boss.on('error', () => undefined);
  await boss.start();
  try {
    const id = await boss.send(QUEUES.respaldoManual, trabajo, { retryLimit: 0, expireInSeconds: 6 * 60 * 60 });
    if (!id) throw new CliError('El servidor no aceptó el pedido.');
    const sent = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const job = await boss.getJobById<RespaldoTrabajo>(QUEUES.respaldoManual, id);
      if (!job) throw new CliError('El pedido desapareció de la cola del servidor.');
      if (job.state === 'completed') return job.output as unknown as RespaldoTrabajoResultado;
      if (job.state === 'failed' || job.state === 'cancelled') {
        const output = job.output as { message?: string } | null;
        throw new CliError(`El servidor no pudo completar el pedido: ${output?.message ?? job.state}`);
      }
      if (job.state === 'created' && Date.now() - sent > PICKUP_TIMEOUT_MS) {
        await boss.cancel(QUEUES.respaldoManual, id).catch(() => undefined);
        throw new CliError(
          'El servidor en marcha no tomó el pedido en un minuto: ¿se inició con JOBS_ENABLED=0? ' +
            'Detenga el servidor y vuelva a ejecutar el comando, o inícielo con los trabajos activos.',
        );
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: true } as never).catch(() => undefined);
  }
}

/** The whole application (it makes the first receiver on a fresh folder), for commands about users. */
async function withApp(config: AppConfig, work: (controlDb: ControlDb) => Promise<void>): Promise<void> {
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  try {
    await work(app.controlDb);
  } finally {
    await app.close();
  }
}

/**
 * Only the control database and the receivers' databases as they are, for backups and restores: the
 * application's start would create (empty) a receiver's database that is missing, the very one a
 * restore is about to bring back.
 */
async function withDatabases(config: AppConfig, work: (ctx: RespaldoContext) => Promise<void>): Promise<void> {
  const location = controlLocation(config.database);
  await ensureDatabase(location);
  const control = await openDatabase(location, 'control', { poolSize: 2 });
  const tenantPools = new TenantPools({ max: 4, idleMs: 60_000, poolSize: 2 });
  try {
    await migrateHandle(control, 'control');
    await loadServidores(config, control.db);
    const quiet = () => undefined;
    await work({
      controlDb: control.db,
      databaseConfig: config.database,
      tenantPools,
      config: config.respaldos ?? respaldosConfigPorDefecto(config.database),
      // The command prints what failed; the nightly job is the one that mails.
      log: { info: quiet, error: quiet },
      sessionCacheTtlMs: config.sessionCacheTtlMs ?? 5_000,
    });
  } finally {
    await tenantPools.closeAll();
    await control.close();
  }
}

function parseCommand(argv: string[]): Command | null {
  const [command, ...rest] = argv;
  if (command === 'backup') {
    const { values } = parseArgs({ args: rest, options: { receptor: { type: 'string' } } });
    const receptor = values.receptor === 'all' ? 'all' : Number(values.receptor);
    if (receptor !== 'all' && !(Number.isInteger(receptor) && receptor > 0)) return null;
    return {
      local: (config) => withDatabases(config, async (ctx) => printBackup(await ejecutarRespaldo(ctx, { origen: 'manual', receptor }))),
      remote: async (_db, url) => {
        const result = await throughServerQueue(url, { accion: 'respaldar', receptor });
        if (result.accion === 'respaldar') printBackup(result.resultado);
      },
    };
  }
  if (command === 'restore') {
    const { values } = parseArgs({
      args: rest,
      options: { receptor: { type: 'string' }, file: { type: 'string' }, into: { type: 'string' }, replace: { type: 'boolean', default: false } },
    });
    const receptor = Number(values.receptor);
    if (!(Number.isInteger(receptor) && receptor > 0) || !values.file) return null;
    const pedido = { receptor, archivo: path.resolve(values.file), into: values.into, replace: values.replace };
    return {
      local: (config) => withDatabases(config, async (ctx) => printRestore(await restaurarReceptor(ctx, pedido))),
      remote: async (_db, url) => {
        const result = await throughServerQueue(url, { accion: 'restaurar', ...pedido });
        if (result.accion !== 'restaurar') return;
        if (result.error || !result.resultado) throw new CliError(result.error ?? 'El servidor no restauró el respaldo.');
        printRestore(result.resultado);
      },
    };
  }
  const createUserCommand = parseCreateUser(command, rest);
  return createUserCommand && { local: (config) => withApp(config, (controlDb) => createUserCommand(controlDb)), remote: (db) => createUserCommand(db) };
}

function parseCreateUser(command: string | undefined, rest: string[]): ((controlDb: ControlDb) => Promise<void>) | null {
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
    await command.remote(handle.db, url);
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
  // A command does its own work: scheduled jobs (reports, reminders, nightly backups) stay with the server.
  const config = { ...configFromEnv(readEnv()), logger: false as const, jobs: { enabled: false } };
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
    await command.local(config);
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
