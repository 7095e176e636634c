import { AppShell, Container } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../../lib/query-client';
import { DeferredModals } from '../modals/deferred-modals';
import { useScreenTitle } from './document-title';
import { TopBar } from './top-bar';

/**
 * Everything a signed-in user sees. The data cache and dialogs are only used here, so their
 * providers load with the layout, not with the login page (the dialogs themselves download when a screen
 * first opens one). The cache is one per signed-in stretch: signing out (or a session that expires)
 * unmounts the layout and drops it with everything it held.
 */
export function AppLayout() {
  useScreenTitle();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DeferredModals />
      <AppShell header={{ height: 60 }} padding="lg">
        <AppShell.Header bg="brand.9" withBorder={false} style={{ boxShadow: '0 1px 4px rgba(0, 0, 0, 0.18)' }}>
          <TopBar />
        </AppShell.Header>
        <AppShell.Main bg="gray.0">
          <Container size="xl" px={0} pb="xl">
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
