import { Avatar, Box, Button, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconGavel, IconHome, IconLayoutGrid, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeferredPopover } from '../../components/deferred-popover';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth/use-session';
import { AlarmasBell } from '../../features/alarmas/components/alarmas-bell';
import { SolicitudesBell } from '../../features/solicitudes/components/solicitudes-bell';

export const topBarMessages = {
  product: 'Receptoría',
  home: 'Inicio',
  shortcuts: 'Accesos directos',
  userFallback: 'Usuario',
  signOut: 'Salir',
  profile: 'Mi perfil',
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
      px={{ base: 6, sm: 'sm' }}
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
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        {/* The product name is the home link on every width (spec 01 §1: the top bar shows it). */}
        <UnstyledButton component={Link} to={paths.home} aria-label={topBarMessages.product}>
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={30} radius="md" variant="filled">
              <IconGavel size={18} />
            </ThemeIcon>
            <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="white" data-testid="top-bar-product">
              {topBarMessages.product}
            </Text>
          </Group>
        </UnstyledButton>

        <Group gap={4} wrap="nowrap">
          {/* On a phone the product name above is the home link: the bar keeps room for the user's name. */}
          <Button
            component={Link}
            to={paths.home}
            variant="subtle"
            color="gray.0"
            leftSection={<IconHome size={18} />}
            px="sm"
            aria-label={topBarMessages.home}
            visibleFrom="sm"
          >
            {topBarMessages.home}
          </Button>

          <DeferredPopover
            target={shortcutsButton}
            popupType="menu"
            load={loadShortcutsMenu}
            props={{ label: topBarMessages.shortcuts, isAdmin }}
          />
        </Group>
      </Group>

      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <SolicitudesBell />
        <AlarmasBell />
        {/* The user's name opens 'Mi perfil' (its data and its phone-calendar link). */}
        <UnstyledButton component={Link} to={paths.perfil} title={topBarMessages.profile} style={{ minWidth: 0 }} data-testid="top-bar-perfil">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar size={32} radius="xl" color="brand" variant="white" visibleFrom="sm">
              {initials(username)}
            </Avatar>
            {/* The user's name on every width; a long one is cut with an ellipsis and shown whole on hover. */}
            <Text
              size="sm"
              fw={600}
              c="white"
              lh={1.2}
              truncate="end"
              maw={{ base: 84, xs: 160, sm: 220 }}
              title={username}
              data-testid="top-bar-username"
            >
              {username}
            </Text>
          </Group>
        </UnstyledButton>
        <Button
          variant="white"
          color="dark"
          size="sm"
          px={{ base: 8, sm: 'md' }}
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
          loading={signingOut}
          aria-label={topBarMessages.signOut}
          style={{ flexShrink: 0 }}
        >
          <Box component="span" visibleFrom="sm">
            {topBarMessages.signOut}
          </Box>
        </Button>
      </Group>
    </Group>
  );
}
