import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/auth/session-provider';
import { DeferredNotifications } from './notifications/deferred-notifications';
import { theme } from './theme';

/**
 * What every page needs, the login form included. The data cache, dialogs and date pickers live in the
 * layout, which only signed-in users load (layout/app-layout.tsx); the toast area loads once the page is
 * idle or a toast is shown.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DeferredNotifications />
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
