import { lazy, Suspense, useSyncExternalStore } from 'react';
import { modalsRequested, subscribeModalsRequest } from '../../lib/modals-host';

const ModalsHost = lazy(async () => ({ default: (await import('./modals-host')).ModalsHost }));

/**
 * The dialogs, downloaded when a screen first opens one (`whenModalsReady`, lib/modals-host.ts); from
 * then on mounted with the layout. Placed inside the layout's providers, so a dialog's content reads the
 * same data cache, dates settings and router as the screens.
 */
export function DeferredModals() {
  const wanted = useSyncExternalStore(subscribeModalsRequest, modalsRequested, modalsRequested);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost />
    </Suspense>
  );
}
