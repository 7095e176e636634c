import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../lib/notify';

/** Toasts top-right for 4 seconds (spec 01 §1), above dialogs. */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
