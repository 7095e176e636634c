import { Alert, Button, Group, Text } from '@mantine/core';
import { auditoriaMessages } from '@receptoria/contracts';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** Shown after a stale edit (409): says so and offers to reload the record as it is now. */
export function VersionConflictAlert({ onReload, reloading }: { onReload: () => void; reloading?: boolean }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="conflicto-version">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{auditoriaMessages.registroModificado}</Text>
        <Button size="xs" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReload} loading={reloading}>
          {auditoriaMessages.recargar}
        </Button>
      </Group>
    </Alert>
  );
}
