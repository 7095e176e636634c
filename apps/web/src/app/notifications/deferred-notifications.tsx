import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../idle';

const NotificationsHost = lazy(async () => ({ default: (await import('./notifications-host')).NotificationsHost }));

/**
 * The toast area, downloaded after the page has loaded: once the browser is idle, or at once when the
 * first toast is shown (it waits in the store meanwhile and appears as soon as the area mounts).
 */
export function DeferredNotifications() {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const unsubscribe = notificationsStore.subscribe(want);
    const cancelIdle = afterLoadWhenIdle(want, 0);
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
