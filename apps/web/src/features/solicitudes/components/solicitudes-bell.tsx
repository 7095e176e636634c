import { ActionIcon, Indicator } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePendientesCount } from '../api/get-pendientes';
import { pendientesMessages as m } from '../pendientes-messages';

/**
 * The top bar's 'Solicitudes': the inbox, with the number of requests waiting for the office. Its own
 * module, beside the alarms' bell (same Indicator and ActionIcon), so the layout carries no more than the
 * count's query and these words; the dashboard's notice loads only while some request waits.
 */
export function SolicitudesBell() {
  const { data: pendientes = 0 } = usePendientesCount();
  return (
    <Indicator
      label={<span data-testid="solicitudes-count">{pendientes > 99 ? '99+' : pendientes}</span>}
      size={18}
      color="orange"
      disabled={pendientes === 0}
      offset={5}
      withBorder
    >
      <ActionIcon
        component={Link}
        to={paths.solicitudes}
        variant="subtle"
        color="white"
        size="lg"
        aria-label={pendientes > 0 ? `${m.title}: ${pendientes}` : m.title}
        title={pendientes > 0 ? m.badge(pendientes) : m.title}
        data-testid="solicitudes-bell"
      >
        <IconInbox size={20} />
      </ActionIcon>
    </Indicator>
  );
}
