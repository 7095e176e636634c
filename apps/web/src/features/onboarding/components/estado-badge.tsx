import { Badge } from '@mantine/core';
import { onboardingMessages } from '../messages';

export function EstadoClienteBadge({ activo }: { activo: boolean }) {
  return (
    // No wrapping: a narrow table column never cuts the state short ('ACTI…').
    <Badge color={activo ? 'teal' : 'gray'} variant="light" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {activo ? onboardingMessages.screen.activo : onboardingMessages.screen.inactivo}
    </Badge>
  );
}
