import { Badge } from '@mantine/core';
import type { Servidor } from '@receptoria/contracts';
import { onboardingMessages } from '../messages';

const m = onboardingMessages.servidores;

/** Whether the server answers right now ('ok') or not ('caído'). */
export function ServidorEstadoBadge({ estado }: { estado: Servidor['estado'] }) {
  return (
    <Badge color={estado === 'ok' ? 'teal' : 'red'} variant="light" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {estado === 'ok' ? m.ok : m.caido}
    </Badge>
  );
}
