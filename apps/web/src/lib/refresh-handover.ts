/**
 * Hand-over of renewed tokens between tabs. localStorage is not read-after-write consistent across
 * tabs (Chromium gives each tab its own copy, updated asynchronously), so a tab that takes the
 * renewal lock right after another tab rotated the refresh token may still read the spent one; the
 * server then treats it as a stolen token and revokes the whole session. The tab that renews records
 * here, in IndexedDB (consistent across tabs), which refresh tokens it spent and the pair that
 * replaced them, before it releases the lock.
 */
export interface TokenPair {
  access: string;
  refresh: string;
}

export interface RefreshHandover {
  /** The pair that replaced `refresh`, when some tab already spent it. */
  replacementFor(refresh: string): Promise<TokenPair | null>;
  record(spent: string, pair: TokenPair): Promise<void>;
}

interface Ledger extends TokenPair {
  spent: string[];
}

const DB_NAME = 'receptoria.session';
const STORE = 'handover';
const KEY = 'latest';
/** A tab can lag only a few renewals behind; older spent tokens are forgotten. */
const KEEP_SPENT = 5;
const TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB'));
    request.onblocked = () => reject(new Error('indexedDB blocked'));
  });
}

async function readLedger(db: IDBDatabase): Promise<Ledger | undefined> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY);
    request.onsuccess = () => resolve(request.result as Ledger | undefined);
    request.onerror = () => reject(request.error ?? new Error('indexedDB'));
  });
}

function indexedDbHandover(factory: IDBFactory): RefreshHandover {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= openDb(factory).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  return {
    replacementFor: (refresh) =>
      withTimeout(
        (async () => {
          const ledger = await readLedger(await database());
          return ledger?.spent.includes(refresh) ? { access: ledger.access, refresh: ledger.refresh } : null;
        })(),
        null,
      ),
    record: (spent, pair) =>
      withTimeout(
        (async () => {
          const db = await database();
          const previous = await readLedger(db);
          // Tokens spent before belong to the same chain only when they led to the one spent now.
          const chain = previous && previous.refresh === spent ? previous.spent : [];
          const ledger: Ledger = { ...pair, spent: [...chain, spent].slice(-KEEP_SPENT) };
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction(STORE, 'readwrite');
            tx.objectStore(STORE).put(ledger, KEY);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
            tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
          });
        })(),
        undefined,
      ),
  };
}

const none: RefreshHandover = {
  replacementFor: async () => null,
  record: async () => undefined,
};

let handover: RefreshHandover | null = null;

export function refreshHandover(): RefreshHandover {
  handover ??= typeof indexedDB === 'undefined' ? none : indexedDbHandover(indexedDB);
  return handover;
}

/** For tests: replaces the hand-over store. */
export function setRefreshHandover(next: RefreshHandover | null) {
  handover = next;
}
