import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { alarmaMessages as m } from '@receptoria/contracts/alarmas/constants';
import { DeferredPopover } from '../../../components/deferred-popover';
import { useAlarmasProximas } from '../api/get-alarmas';

// The list downloads on first use: the dashboard shows without the popover code.
const loadAlarmasPopover = async () => (await import('./alarmas-popover')).AlarmasPopover;

/** Upcoming comparendo and prueba alarms; the count shows the reminders due within a day. */
export function AlarmasBell() {
  const { data } = useAlarmasProximas();
  const recordatorios = data?.recordatorios ?? 0;
  const bell = (
    <Indicator label={recordatorios} size={16} color="red" disabled={recordatorios === 0} offset={4}>
      <ActionIcon variant="subtle" color="white" size="lg" aria-label={m.titulo} data-testid="alarmas-bell">
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
  return <DeferredPopover target={bell} popupType="dialog" load={loadAlarmasPopover} props={{}} />;
}
