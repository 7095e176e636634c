import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useScreenTitle } from './document-title';
import { TopBar } from './top-bar';

export function AppLayout() {
  useScreenTitle();
  return (
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
  );
}
