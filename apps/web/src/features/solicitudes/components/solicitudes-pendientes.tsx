import { ActionIcon, Alert, Anchor, Indicator } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePendientesCount } from '../api/get-pendientes';
import { pendientesMessages as m } from '../messages';

/** The top bar's 'Solicitudes': the inbox, with the number of requests waiting for the office. */
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

/** On the dashboard, while firms' requests wait: how many, and the way to them. */
export function SolicitudesAviso() {
  const { data: pendientes = 0 } = usePendientesCount();
  if (pendientes === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconInbox size={18} />} data-testid="solicitudes-aviso">
      <Anchor component={Link} to={paths.solicitudes} fw={600} size="sm">
        {m.title}: {m.badge(pendientes)}
      </Anchor>
    </Alert>
  );
}
