import { chmod, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGLiteSocketHandler, type PGLiteSocketServerOptions } from '@electric-sql/pglite-socket';

/**
 * The embedded database (PGlite) is one session in one process: two processes opening the same
 * data folder would corrupt it. The process that opens it records itself in `DATA_DIR/en-uso.json`;
 * a running server also serves its control database on a Unix socket (pglite-socket) named there,
 * so the CLI reaches it through the server instead of opening the folder.
 */

type Pglite = PGLiteSocketServerOptions['db'];

export const OWNER_FILE = 'en-uso.json';
/** The socket file is `<dir>/.s.PGSQL.<port>`, the name PostgreSQL clients look for in a socket folder. */
export const SOCKET_PORT = 5432;
/** Longest Unix socket path the kernel takes (108 bytes with the terminator), with a margin. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedOwner {
  pid: number;
  proceso: 'servidor' | 'cli';
  /** Where a running server serves its control database; null while starting or for the CLI. */
  socket: { dir: string; port: number } | null;
  desde: string;
}

export class EmbeddedInUseError extends Error {
  constructor(
    readonly owner: EmbeddedOwner,
    dataDir: string,
  ) {
    super(
      owner.proceso === 'servidor'
        ? `Ya hay un servidor de Receptoría usando la base de datos integrada de ${dataDir} (proceso ${owner.pid}). ` +
            'La base de datos integrada atiende a un solo proceso a la vez: detenga ese servidor antes de iniciar otro.'
        : `La base de datos integrada de ${dataDir} está en uso por un comando de Receptoría (proceso ${owner.pid}). ` +
            'Espere a que termine y vuelva a intentarlo.',
    );
    this.name = 'EmbeddedInUseError';
  }
}

function ownerPath(dataDir: string): string {
  return path.join(dataDir, OWNER_FILE);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process recorded as using the folder; a record left by a process that died is ignored. */
export async function readLiveOwner(dataDir: string): Promise<EmbeddedOwner | null> {
  let text: string;
  try {
    text = await readFile(ownerPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let owner: EmbeddedOwner;
  try {
    owner = JSON.parse(text) as EmbeddedOwner;
  } catch {
    // Half-written by a process that is starting: treat it as in use, without a socket.
    return { pid: 0, proceso: 'servidor', socket: null, desde: '' };
  }
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return null;
  if (owner.pid !== process.pid && !alive(owner.pid)) return null;
  return owner;
}

export interface EmbeddedClaim {
  readonly owner: EmbeddedOwner;
  /** Serves `db` (the control database) on a Unix socket and records it for the CLI. */
  serve(db: Pglite): Promise<void>;
  /** Stops serving clients (before the database closes). */
  stopServing(): Promise<void>;
  /** Stops serving and removes the record (only this process's own), once the database is closed. */
  release(): Promise<void>;
}

async function writeOwner(dataDir: string, owner: EmbeddedOwner, exclusive: boolean): Promise<void> {
  await writeFile(ownerPath(dataDir), `${JSON.stringify(owner, null, 2)}\n`, {
    flag: exclusive ? 'wx' : 'w',
    mode: 0o600,
  });
}

/**
 * Records this process as the only user of the embedded databases under `dataDir`; throws
 * EmbeddedInUseError when another live process already is.
 */
export async function claimEmbedded(dataDir: string, proceso: EmbeddedOwner['proceso']): Promise<EmbeddedClaim> {
  await mkdir(dataDir, { recursive: true });
  const owner: EmbeddedOwner = { pid: process.pid, proceso, socket: null, desde: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      await writeOwner(dataDir, owner, true);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const current = await readLiveOwner(dataDir);
      if (current) throw new EmbeddedInUseError(current, dataDir);
      // Left behind by a process that is gone.
      await unlink(ownerPath(dataDir)).catch(() => undefined);
    }
  }

  let served: {
    server: Server;
    sockets: Set<Socket>;
    socketPath: string;
    privateDir: string | null;
    queue: GatedQueue;
  } | null = null;
  let released = false;
  const claim: EmbeddedClaim = {
    owner,
    async serve(db) {
      let dir = dataDir;
      let privateDir: string | null = null;
      if (path.join(dir, `.s.PGSQL.${SOCKET_PORT}`).length > MAX_SOCKET_PATH) {
        privateDir = await mkdtemp(path.join(os.tmpdir(), 'receptoria-'));
        dir = privateDir;
      }
      const socketPath = path.join(dir, `.s.PGSQL.${SOCKET_PORT}`);
      await unlink(socketPath).catch(() => undefined);
      const queue = new GatedQueue(db);
      const sockets = new Set<Socket>();
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        const handler = new PGLiteSocketHandler({
          queryQueue: queue as never,
          closeOnDetach: true,
          // A client that stops talking mid-transaction must not hold the server's database.
          idleTimeout: 60_000,
        });
        handler.attach(socket).catch(() => socket.destroy());
      });
      server.maxConnections = 4;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, () => {
          server.off('error', reject);
          resolve();
        });
      });
      await chmod(socketPath, 0o600);
      served = { server, sockets, socketPath, privateDir, queue };
      owner.socket = { dir, port: SOCKET_PORT };
      await writeOwner(dataDir, owner, false);
    },
    async stopServing() {
      if (!served) return;
      const { server, sockets, socketPath, privateDir, queue } = served;
      served = null;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A client still connected is cut off: what it left open is rolled back before the database closes.
      for (const socket of sockets) socket.destroy();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      await queue.idle(2_000);
      await unlink(socketPath).catch(() => undefined);
      if (privateDir) await rm(privateDir, { recursive: true, force: true });
    },
    async release() {
      if (released) return;
      released = true;
      await claim.stopServing();
      const current = await readLiveOwner(dataDir).catch(() => null);
      if (current?.pid === process.pid) await unlink(ownerPath(dataDir)).catch(() => undefined);
    },
  };
  return claim;
}

// --- Serving one PGlite session to socket clients without mixing them with the server's own work ---

const STARTUP_PROTOCOL = 196_608;
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'ascii');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return new Uint8Array(message);
}

/** True when PGlite answers this message with ReadyForQuery: the end of one exchange. */
function endsExchange(message: Uint8Array): boolean {
  if (message.length >= 8) {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    if (view.getInt32(4) === STARTUP_PROTOCOL) return true;
  }
  const type = message[0];
  return type === 0x51 /* Query */ || type === 0x53 /* Sync */ || type === 0x58 /* Terminate */;
}

/**
 * The query queue of the socket handlers. pglite-socket's own queue takes PGlite only message by
 * message, so the server's queries could run between a client's Parse and Sync or inside a
 * client's transaction, and a client's message inside one of the server's transactions. Here a
 * client holds PGlite's transaction lock (the one the server's queries and transactions take) from
 * its first message until an exchange ends outside a transaction, and clients take turns whole.
 */
export class GatedQueue {
  private owner: number | null = null;
  private releaseLock: (() => void) | null = null;
  private readonly waiting: { handlerId: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private work: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Pglite) {}

  private async lockFor(handlerId: number): Promise<void> {
    if (this.owner === handlerId) return;
    if (this.owner !== null) {
      await new Promise<void>((resolve, reject) => this.waiting.push({ handlerId, resolve, reject }));
      // Handed over by unlock(): the transaction lock is already held for this handler.
      return;
    }
    this.owner = handlerId;
    await this.takeTransactionLock();
  }

  private takeTransactionLock(): Promise<void> {
    return new Promise<void>((entered) => {
      void this.db._runExclusiveTransaction(
        () =>
          new Promise<void>((release) => {
            this.releaseLock = release;
            entered();
          }),
      );
    });
  }

  private unlock(): void {
    const next = this.waiting.shift();
    if (next) {
      // The lock passes straight to the next client: the server waits until the socket is idle.
      this.owner = next.handlerId;
      next.resolve();
      return;
    }
    this.owner = null;
    const release = this.releaseLock;
    this.releaseLock = null;
    release?.();
  }

  async enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    await this.lockFor(handlerId);
    let size = 0;
    const run = this.db.runExclusive(() =>
      this.db.execProtocolRawStream(message, {
        onRawData: (data) => {
          size += data.length;
          onData(data);
        },
      }),
    );
    this.work = run.catch(() => undefined);
    try {
      await run;
    } finally {
      if (endsExchange(message) && !this.db.isInTransaction()) this.unlock();
    }
    return size;
  }

  getQueueLength(): number {
    return this.waiting.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.waiting.length - 1; i >= 0; i -= 1) {
      const entry = this.waiting[i]!;
      if (entry.handlerId !== handlerId) continue;
      this.waiting.splice(i, 1);
      entry.reject(new Error('Handler disconnected'));
    }
  }

  /** A client gone mid-exchange: end what it left open and give PGlite back. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    try {
      await this.work;
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRaw(SYNC);
        if (this.db.isInTransaction()) await this.db.execProtocolRaw(simpleQuery('ROLLBACK'));
      });
    } finally {
      this.unlock();
    }
  }

  /** Waits (at most `ms`) until no client holds the database, before it closes. */
  async idle(ms: number): Promise<void> {
    const until = Date.now() + ms;
    await this.work;
    while (this.owner !== null && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The PGlite client under a drizzle database opened on the embedded engine. */
export function pgliteOf(db: unknown): Pglite {
  return (db as { $client: Pglite }).$client;
}
