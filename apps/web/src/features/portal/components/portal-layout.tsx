import { Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconFileSpreadsheet, IconFiles, IconListDetails, IconLogout, IconReceipt, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePortalSession } from '../lib/portal-session';
import { portalTexts } from '../messages';

const m = portalTexts.layout;

const NAV: readonly { to: string; label: string; icon: ComponentType<{ size?: number }> }[] = [
  { to: paths.portalEncargos, label: m.nav.encargos, icon: IconListDetails },
  { to: paths.portalNuevaSolicitud, label: m.nav.nueva, icon: IconFilePlus },
  { to: paths.portalEnviarPlanilla, label: m.nav.planilla, icon: IconFileSpreadsheet },
  { to: paths.portalDocumentos, label: m.nav.documentos, icon: IconFiles },
  { to: paths.portalCuenta, label: m.nav.cuenta, icon: IconReceipt },
  { to: paths.portalPreferencias, label: m.nav.preferencias, icon: IconSettings },
];

const NAV_HEIGHT = 64;

/** The signed-in portal: the receiver's and the firm's names on top, the sections in a bar at the bottom (a phone's thumb). */
export function PortalLayout() {
  const { user, logout } = usePortalSession();
  const navigate = useNavigate();

  const signOut = async () => {
    await logout();
    navigate(paths.portalLogin, { replace: true });
  };

  return (
    <Box mih="100dvh" bg="gray.0" pb={NAV_HEIGHT + 16}>
      <Box component="header" bg="brand.9" c="white" px="md" py="sm" style={{ position: 'sticky', top: 0, zIndex: 20 }}>
        <Container size="md" px={0}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} size="md" truncate="end" data-testid="portal-receptor">
                {user?.receptor.nombre}
              </Text>
              <Text size="sm" opacity={0.9} truncate="end" data-testid="portal-estudio">
                {user?.estudio.nombre}
              </Text>
              <Text size="xs" opacity={0.75} truncate="end" data-testid="portal-usuario">
                {user?.nombre}
              </Text>
            </Stack>
            <Button
              variant="white"
              color="dark"
              size="xs"
              leftSection={<IconLogout size={14} />}
              onClick={() => void signOut()}
              style={{ flexShrink: 0 }}
            >
              {m.logout}
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="md" px="sm" pt="md" component="main">
        <Outlet />
      </Container>
      <Box
        component="nav"
        aria-label={portalTexts.product}
        bg="white"
        h={NAV_HEIGHT}
        style={{
          position: 'fixed',
          bottom: 0,
          left: 0,
          right: 0,
          zIndex: 20,
          borderTop: '1px solid var(--mantine-color-gray-3)',
          paddingBottom: 'env(safe-area-inset-bottom)',
        }}
      >
        <Group h="100%" justify="space-around" gap={0} wrap="nowrap" maw={720} mx="auto">
          {NAV.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              style={({ isActive }) => ({
                flex: 1,
                minWidth: 0,
                textAlign: 'center',
                textDecoration: 'none',
                color: isActive ? 'var(--mantine-color-brand-7)' : 'var(--mantine-color-gray-7)',
                fontWeight: isActive ? 700 : 500,
              })}
            >
              <Stack gap={2} align="center">
                <Icon size={22} />
                <Text component="span" fz={11} lh={1.1} inherit>
                  {label}
                </Text>
              </Stack>
            </NavLink>
          ))}
        </Group>
      </Box>
    </Box>
  );
}
