import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The server binaries (initdb, pg_ctl): TEST_PG_BIN, else the newest Debian PostgreSQL installed. */
const PG_BIN =
  process.env.TEST_PG_BIN ??
  (readdirSync('/usr/lib/postgresql', { withFileTypes: true })
    .filter((entry) => existsSync(path.join('/usr/lib/postgresql', entry.name, 'bin/initdb')))
    .map((entry) => entry.name)
    .sort((x, y) => Number(y) - Number(x))
    .map((major) => `/usr/lib/postgresql/${major}/bin`)[0] ??
    '/usr/lib/postgresql/15/bin');
const asPostgresUser = process.getuid?.() === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL binary, as the postgres OS user when we are root (initdb refuses root). */
async function pgRun(binary: string, args: string[]): Promise<void> {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = asPostgresUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  await run(command, argv, { timeout: 120_000 });
}

/**
 * A throw-away PostgreSQL cluster of its own (initdb in a temporary folder, a free loopback port): a
 * second database server that tests can stop and start without touching the shared one.
 */
export class PrivateCluster {
  private constructor(
    readonly root: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivateCluster> {
    const root = mkdtempSync(path.join(os.tmpdir(), 'receptoria-cluster-'));
    if (asPostgresUser) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(root, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new PrivateCluster(root, await freePort());
    await pgRun('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.root, 'data');
  }

  /** URL of its maintenance database, as the superuser. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.root} -c listen_addresses=127.0.0.1 -c fsync=off`;
    return pgRun('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.root, 'postgres.log'), '-w', '-t', '60', '-o', options, 'start']);
  }

  stop(): Promise<void> {
    return pgRun('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    rmSync(this.root, { recursive: true, force: true });
  }
}
