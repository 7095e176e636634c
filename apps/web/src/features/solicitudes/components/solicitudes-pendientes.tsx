import { Alert, Anchor } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { pendientesMessages as m } from '../pendientes-messages';

/**
 * On the dashboard, while firms' requests wait: how many, and the way to them. A lazy chunk the app
 * mounts only when the count (the top bar's query) is above zero.
 */
export function SolicitudesAviso({ pendientes }: { pendientes: number }) {
  return (
    <Alert color="orange" variant="light" icon={<IconInbox size={18} />} data-testid="solicitudes-aviso">
      <Anchor component={Link} to={paths.solicitudes} fw={600} size="sm">
        {m.title}: {m.badge(pendientes)}
      </Anchor>
    </Alert>
  );
}
