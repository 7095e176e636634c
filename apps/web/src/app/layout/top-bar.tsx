import { Avatar, Box, Button, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconGavel, IconHome, IconLayoutGrid, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeferredPopover } from '../../components/deferred-popover';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/use-session';
import { AlarmasBell } from '../../features/alarmas/components/alarmas-bell';

export const topBarMessages = {
  product: 'Receptoría',
  home: 'Inicio',
  shortcuts: 'Accesos directos',
  userFallback: 'Usuario',
  signOut: 'Salir',
} as const;

// The menu downloads on first use: the dashboard shows without the popover code.
const loadShortcutsMenu = async () => (await import('./shortcuts-menu')).ShortcutsMenu;

function initials(name: string) {
  return name
    .split(/[\s_]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export function TopBar() {
  const { user, isAdmin, logout } = useSession();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const username = user?.username || topBarMessages.userFallback;

  const signOut = async () => {
    setSigningOut(true);
    await logout();
    navigate(paths.login, { replace: true });
  };

  const shortcutsButton = (
    <Button
      variant="subtle"
      color="gray.0"
      px="sm"
      leftSection={<IconLayoutGrid size={18} />}
      rightSection={<IconChevronDown size={14} />}
      aria-label={topBarMessages.shortcuts}
    >
      <Box component="span" visibleFrom="sm">
        {topBarMessages.shortcuts}
      </Box>
    </Button>
  );

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <UnstyledButton component={Link} to={paths.home} aria-label={topBarMessages.product}>
          <Group gap={10} wrap="nowrap">
            <ThemeIcon size={34} radius="md" variant="filled">
              <IconGavel size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg" c="white" visibleFrom="xs">
              {topBarMessages.product}
            </Text>
          </Group>
        </UnstyledButton>

        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={paths.home}
            variant="subtle"
            color="gray.0"
            leftSection={<IconHome size={18} />}
            px="sm"
            aria-label={topBarMessages.home}
          >
            {/* On a phone the top bar keeps only icons so 'Salir' stays in view. */}
            <Box component="span" visibleFrom="sm">
              {topBarMessages.home}
            </Box>
          </Button>

          <DeferredPopover
            target={shortcutsButton}
            popupType="menu"
            load={loadShortcutsMenu}
            props={{ label: topBarMessages.shortcuts, isAdmin }}
          />
        </Group>
      </Group>

      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <AlarmasBell />
        <Group gap={8} wrap="nowrap" visibleFrom="sm">
          <Avatar size={32} radius="xl" color="brand" variant="white">
            {initials(username)}
          </Avatar>
          <Box>
            <Text size="sm" fw={600} c="white" lh={1.2} data-testid="top-bar-username">
              {username}
            </Text>
          </Box>
        </Group>
        <Button
          variant="white"
          color="dark"
          size="sm"
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          loading={signingOut}
        >
          {topBarMessages.signOut}
        </Button>
      </Group>
    </Group>
  );
}
