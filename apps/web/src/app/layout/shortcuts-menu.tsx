import { Menu } from '@mantine/core';
import { canEditReceptor } from '@receptoria/contracts/receptor/access';
import { cloneElement } from 'react';
import { Link } from 'react-router';
import { type LoadedPopoverProps, useTakeover } from '../../components/deferred-popover';
import { useSession } from '../../lib/auth/use-session';
import { moduleShortcutsFor, shortcutsFor } from './shortcuts';

export const shortcutsMenuMessages = { modules: 'Módulos' } as const;

export interface ShortcutsMenuProps extends LoadedPopoverProps {
  label: string;
  isAdmin: boolean;
}

/** The shortcuts menu of the top bar; its code downloads on first use (DeferredPopover in top-bar.tsx). */
export function ShortcutsMenu({ target, label, isAdmin, takeover }: ShortcutsMenuProps) {
  const targetRef = useTakeover(takeover);
  const { user, profile, permisos, hasModule } = useSession();
  const receptorEditor = user ? canEditReceptor({ username: user.username, cargo: profile?.cargo ?? user.cargo }, permisos) : false;
  return (
    <Menu position="bottom-start" width={250} shadow="md" withinPortal>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{shortcutsMenuMessages.modules}</Menu.Label>
        {moduleShortcutsFor(hasModule).map((shortcut) => (
          <Menu.Item key={shortcut.path} component={Link} to={shortcut.path} leftSection={<shortcut.icon size={16} stroke={1.8} />}>
            {shortcut.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{label}</Menu.Label>
        {shortcutsFor(isAdmin, receptorEditor).map((shortcut) => (
          <Menu.Item key={shortcut.path} component={Link} to={shortcut.path} leftSection={<shortcut.icon size={16} stroke={1.8} />}>
            {shortcut.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
