import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../lib/notify';

/**
 * Toasts top-right for 4 seconds (spec 01 §1), above dialogs, placed below the top bar so they never
 * cover the product name, the user's name or 'Salir' (AppShell sets the header's height on :root;
 * the login page has no top bar).
 */
export const TOAST_TOP = 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-sm))';

/**
 * The style reaches every position's container Mantine renders (all empty but top-right): `bottom: auto`
 * keeps the bottom ones from stretching down the page, where they would take the clicks on the right side.
 */
export function NotificationsHost() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_DURATION_MS}
      zIndex={1000}
      styles={{ root: { top: TOAST_TOP, bottom: 'auto' } }}
    />
  );
}
