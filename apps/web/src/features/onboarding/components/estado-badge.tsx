import { Badge } from '@mantine/core';
import { onboardingMessages } from '../messages';

export function EstadoClienteBadge({ activo }: { activo: boolean }) {
  return (
    <Badge color={activo ? 'teal' : 'gray'} variant="light">
      {activo ? onboardingMessages.screen.activo : onboardingMessages.screen.inactivo}
    </Badge>
  );
}
