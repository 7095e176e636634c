import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { controlLocation, ensureDatabase, migrateHandle, openDatabase, TenantPools } from '@receptoria/db';
import type { AppConfig } from '../lib/config';
import { type InstallationConfig, prepareInstallation } from './first-start';

/**
 * A first start on the embedded database runs PostgreSQL's initdb, every migration and the demo data
 * inside PGlite, whose WebAssembly memory grows and is never given back (500–900 MB held until the
 * server restarted). The server therefore has them made in a short-lived process of its own and then
 * opens the ready folders, as on any later start.
 */
export type EmbeddedInstallConfig = InstallationConfig & Pick<AppConfig, 'database' | 'tenantPool'>;

export interface EmbeddedInstallResult {
  ms: number;
  /** The creating process's peak resident memory. */
  peakRssMb: number;
}

interface InstalledMessage {
  peakRssKb: number;
}

/** True on the embedded database while its control database has not been created yet. */
export function isFirstEmbeddedStart(config: Pick<AppConfig, 'database'>): boolean {
  const location = controlLocation(config.database);
  return location.kind === 'pglite' && location.dataDir !== 'memory://' && !existsSync(path.join(location.dataDir, 'PG_VERSION'));
}

/** Creates, migrates and fills the embedded databases in this process, then closes them. */
export async function installEmbedded(config: EmbeddedInstallConfig): Promise<void> {
  const location = controlLocation(config.database);
  await ensureDatabase(location);
  const control = await openDatabase(location, 'control');
  const tenantPools = new TenantPools(config.tenantPool);
  try {
    await migrateHandle(control, 'control');
    const log = { warn: (...args: unknown[]) => process.stderr.write(`${JSON.stringify(args)}\n`) };
    await prepareInstallation({ controlDb: control.db, databaseConfig: config.database, tenantPools, log }, config);
  } finally {
    await tenantPools.closeAll();
    await control.close();
  }
}

/**
 * Runs `entry` (the compiled or source `install-embedded` beside the server's own entry) as a child
 * process that calls installEmbedded with this configuration; rejects when it does not finish.
 * Its output (the first start's passwords) goes where the server's own goes.
 */
export function installEmbeddedInChild(
  config: EmbeddedInstallConfig,
  entry: string,
  execArgv: string[] = process.execArgv,
): Promise<EmbeddedInstallResult> {
  const started = performance.now();
  const child = fork(entry, [], { execArgv, serialization: 'advanced' });
  const message: EmbeddedInstallConfig = {
    database: config.database,
    tenantPool: config.tenantPool,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    demoUsers: config.demoUsers,
  };
  child.send(message);
  let installed: InstalledMessage | undefined;
  child.on('message', (reply: InstalledMessage) => {
    installed = reply;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && installed) {
        resolve({ ms: performance.now() - started, peakRssMb: installed.peakRssKb / 1024 });
      } else {
        reject(new Error(`No se pudo crear la base de datos integrada (proceso ${child.pid}: ${signal ?? `código ${code}`}).`));
      }
    });
  });
}

/** The child's side: waits for the configuration, installs, reports its peak memory and ends. */
export function serveEmbeddedInstall(): void {
  // A server that stops meanwhile takes its claim on the folder with it: nothing may go on writing there.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (config: EmbeddedInstallConfig) => {
    installEmbedded(config).then(
      () => {
        const reply: InstalledMessage = { peakRssKb: process.resourceUsage().maxRSS };
        process.send?.(reply, () => process.exit(0));
      },
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
