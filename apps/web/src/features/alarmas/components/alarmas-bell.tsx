import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { alarmaMessages as m } from '@receptoria/contracts/alarmas/constants';
import { DeferredPopover } from '../../../components/deferred-popover';
import { useAlarmasProximas } from '../api/get-alarmas';

// The list downloads on first use: the dashboard shows without the popover code.
const loadAlarmasPopover = async () => (await import('./alarmas-popover')).AlarmasPopover;

/**
 * Upcoming comparendo and prueba alarms. The badge counts them all; it is red while some reminder is
 * due within a day, and the bell's name says the count to screen readers.
 */
export function AlarmasBell() {
  const { data } = useAlarmasProximas();
  const total = data?.total ?? 0;
  const recordatorios = data?.recordatorios ?? 0;
  const bell = (
    <Indicator
      label={<span data-testid="alarmas-bell-count">{total > 99 ? '99+' : total}</span>}
      size={18}
      color={recordatorios > 0 ? 'red' : 'orange'}
      disabled={total === 0}
      offset={5}
      withBorder
    >
      <ActionIcon
        variant="subtle"
        color="white"
        size="lg"
        aria-label={total > 0 ? `${m.titulo}: ${total}` : m.titulo}
        data-testid="alarmas-bell"
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
  return <DeferredPopover target={bell} popupType="dialog" load={loadAlarmasPopover} props={{}} />;
}
