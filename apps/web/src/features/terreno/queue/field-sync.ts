import { notify } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session-storage';
import { terrenoMessages } from '../messages';
import { openFieldDb } from './field-db';
import { type FieldTransport, type SyncResult, pruneEnviadas, syncQueue } from './field-queue';

/** What the phone knows of its sending, for the screen. */
export interface SyncStatus {
  enviando: boolean;
  /** Why the last run stopped short ('session': signed out or the session could not be renewed). */
  detenida?: SyncResult['detenida'];
  ultimaVez?: number;
}

const PERIOD_MS = 30_000;
/** Visits the server holds in full are kept on the phone for a week, then forgotten. */
const KEEP_SENT_MS = 7 * 24 * 60 * 60 * 1000;
const LOCK = 'receptoria.terreno-sync';
const CHANNEL = 'receptoria.terreno';

let status: SyncStatus = { enviando: false };
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** Subscribes to changes of the queue or of its sending (this tab's and other tabs'). */
export function subscribeFieldQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSyncStatus(): SyncStatus {
  return status;
}

function setStatus(next: SyncStatus) {
  status = next;
  emit();
}

/** Tells this tab and the others that the queue changed. */
export function announceQueueChange() {
  emit();
  channel?.postMessage('cambio');
}

let running: Promise<SyncResult | null> | null = null;

/** One run at a time in this tab, and across tabs where the browser has Web Locks. */
export function requestSync(transport: FieldTransport): Promise<SyncResult | null> {
  running ??= run(transport).finally(() => {
    running = null;
  });
  return running;
}

async function run(transport: FieldTransport): Promise<SyncResult | null> {
  const user = sessionStore.getUser();
  if (!user || !(sessionStore.getAccessToken() || sessionStore.getRefreshToken())) {
    setStatus({ ...status, enviando: false, detenida: 'session' });
    return null;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    setStatus({ ...status, enviando: false, detenida: 'network' });
    return null;
  }
  setStatus({ ...status, enviando: true });
  try {
    const db = await openFieldDb();
    const send = () => syncQueue(db, transport, user.id);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const result = locks ? await locks.request(LOCK, send) : await send();
    await pruneEnviadas(db, user.id, Date.now() - KEEP_SENT_MS);
    // The session ended while visits wait (the app is on its way to /login): said once, where it shows.
    if (result.detenida === 'session' && status.detenida !== 'session') notify.warning(terrenoMessages.sesionVencida);
    if (result.rechazadas > 0) notify.error(terrenoMessages.rechazo.aviso(result.rechazadas));
    setStatus({ enviando: false, detenida: result.detenida, ultimaVez: Date.now() });
    if (result.enviadas + result.rechazadas + result.fotosEnviadas > 0) announceQueueChange();
    return result;
  } catch (error) {
    console.warn('No se pudo enviar la cola de visitas', error);
    setStatus({ ...status, enviando: false, detenida: 'server' });
    return null;
  }
}

let started = false;

/**
 * Sends the queue when the network allows: now, when the phone comes back online, when the app
 * returns to the front, and every 30 seconds. Started by the /terreno screen; it keeps going while
 * the tab lives, so a visit typed there leaves even if the user moves to another screen.
 */
export function startFieldSync(transport: FieldTransport) {
  if (!started) {
    started = true;
    const trigger = () => void requestSync(transport);
    window.addEventListener('online', trigger);
    window.addEventListener('focus', trigger);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') trigger();
    });
    window.setInterval(trigger, PERIOD_MS);
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = () => emit();
    }
  }
  void requestSync(transport);
}
