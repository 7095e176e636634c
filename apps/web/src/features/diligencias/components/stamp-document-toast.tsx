import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { estampadoMessages } from '@receptoria/contracts';
import { IconExternalLink } from '@tabler/icons-react';

/** The 'Abrir documento' toast stays 120 seconds (spec 02 §9). */
export const STAMP_TOAST_MS = 120_000;

/** Shows the toast whose button opens the generated document in a new tab. */
export function showOpenDocumentToast(titulo: string, onOpen: () => void) {
  const id = `estampado-${Date.now()}`;
  notifications.show({
    id,
    color: 'teal',
    withBorder: true,
    autoClose: STAMP_TOAST_MS,
    title: estampadoMessages.generado,
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm" lineClamp={2}>
          {titulo}
        </Text>
        <Button
          size="xs"
          leftSection={<IconExternalLink size={14} />}
          onClick={() => {
            notifications.hide(id);
            onOpen();
          }}
        >
          {estampadoMessages.abrirDocumento}
        </Button>
      </Group>
    ),
  });
}
