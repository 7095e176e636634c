/**
 * Dialogs (Mantine's ModalsProvider and the Modal it draws) download on first use, not with the signed-in
 * layout: the dashboard shows without them. `modals.open…` only reaches a mounted provider, so open a
 * dialog after `whenModalsReady()`, which asks for them and resolves once they listen
 * (app/modals/deferred-modals.tsx mounts them in the layout).
 */

let requested = false;
let listening = false;
let waiting: (() => void)[] = [];
const requestListeners = new Set<() => void>();

/** Resolves once the dialogs listen for `modals.open…`, downloading them first if needed. */
export function whenModalsReady(): Promise<void> {
  if (listening) return Promise.resolve();
  const ready = new Promise<void>((resolve) => waiting.push(resolve));
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  return ready;
}

/** Whether some screen has asked for the dialogs (they then stay mounted for good). */
export function modalsRequested(): boolean {
  return requested;
}

export function subscribeModalsRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Called by the mounted dialogs once they listen; returns what to call when they unmount. */
export function modalsListening(): () => void {
  listening = true;
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
  return () => {
    listening = false;
  };
}
