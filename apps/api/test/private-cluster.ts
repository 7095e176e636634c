import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Throw-away PostgreSQL clusters of our own (initdb in a temporary folder, a free loopback port): a
 * second database server that the API tests, the scale harness and the fault test stop and start
 * without touching the shared one. Node built-ins only, so bench/ imports this file as it is.
 */

const run = promisify(execFile);
const asPostgresUser = process.getuid?.() === 0;

/** The newest Debian PostgreSQL whose server binaries are installed (initdb, pg_ctl). */
function newestPgBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => existsSync(path.join(root, entry.name, 'bin/initdb')))
        .map((entry) => entry.name)
        .sort((x, y) => Number(y) - Number(x))
    : [];
  return majors[0] ? path.join(root, majors[0], 'bin') : '/usr/lib/postgresql/15/bin';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateClusterOptions {
  /** Folder of initdb and pg_ctl; default TEST_PG_BIN, else the newest installed. */
  pgBin?: string;
  /** Prefix of the temporary folder's name. */
  prefix?: string;
  /** PostgreSQL's max_connections (its default, 100, when unset). */
  maxConnections?: number;
  /** false runs with fsync=off (faster; nothing here survives an OS crash anyway). Default false. */
  fsync?: boolean;
}

export class PrivateCluster {
  private constructor(
    readonly root: string,
    readonly port: number,
    private readonly pgBin: string,
    private readonly options: string,
  ) {}

  static async create(options: PrivateClusterOptions = {}): Promise<PrivateCluster> {
    const root = mkdtempSync(path.join(os.tmpdir(), options.prefix ?? 'receptoria-cluster-'));
    if (asPostgresUser) {
      const { stdout: uid } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(root, Number(uid.trim()), Number(gid.trim()));
    }
    const port = await freePort();
    const settings = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1'];
    if (options.maxConnections) settings.push(`-c max_connections=${options.maxConnections}`);
    if (!options.fsync) settings.push('-c fsync=off');
    const cluster = new PrivateCluster(root, port, options.pgBin ?? process.env.TEST_PG_BIN ?? newestPgBin(), settings.join(' '));
    try {
      await cluster.pgRun('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
      await cluster.start();
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      throw error;
    }
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.root, 'data');
  }

  get logFile(): string {
    return path.join(this.root, 'postgres.log');
  }

  /** URL of its maintenance database, as the superuser. */
  get url(): string {
    return this.urlOf('postgres');
  }

  /** URL of one of its databases, as the superuser. */
  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /**
   * A server binary, as the postgres OS user when we are root (initdb refuses root). Asynchronous, so
   * a load keeps running while the server goes down or comes up.
   */
  private async pgRun(binary: string, args: string[]): Promise<void> {
    const file = path.join(this.pgBin, binary);
    const [command, argv] = asPostgresUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    await run(command, argv, { timeout: 120_000 });
  }

  // The server's output goes to a log file (-l): a pipe held open by it would never end the call.
  start(): Promise<void> {
    return this.pgRun('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-w', '-t', '60', '-o', this.options, 'start']);
  }

  restart(): Promise<void> {
    return this.pgRun('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-m', 'fast', '-w', '-t', '60', '-o', this.options, 'restart']);
  }

  stop(): Promise<void> {
    return this.pgRun('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  /** Immediate mode: no checkpoint, clients cut off, crash recovery at the next start. */
  stopHard(): Promise<void> {
    return this.pgRun('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
  }

  /** Stops it (when running) and removes its folder; `keep` leaves the folder for a look afterwards. */
  async destroy(keep = false): Promise<void> {
    await this.stop().catch(() => undefined);
    if (!keep) rmSync(this.root, { recursive: true, force: true });
  }
}
