import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { estampadoMessages } from '@receptoria/contracts';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { diligenciasMessages } from '../messages';

/** The 'Abrir documento' toast stays 120 seconds (spec 02 §9). */
export const STAMP_TOAST_MS = 120_000;

export interface OpenDocumentToastOptions {
  titulo: string;
  onOpen: () => void;
  /** Things the receiver should know about the certificate (e.g. their RUT missing). */
  advertencias?: readonly string[];
  /** Where the receiver completes their identity, when the certificate lacks part of it. */
  receptor?: { href: string; onGo: () => void } | null;
}

/**
 * Shows the toast whose button opens the generated document in a new tab. The button never shrinks:
 * on a narrow phone it goes to its own line under the title.
 */
export function showOpenDocumentToast({ titulo, onOpen, advertencias = [], receptor = null }: OpenDocumentToastOptions) {
  const id = `estampado-${Date.now()}`;
  notifications.show({
    id,
    color: advertencias.length > 0 ? 'yellow' : 'teal',
    withBorder: true,
    autoClose: STAMP_TOAST_MS,
    title: estampadoMessages.generado,
    message: (
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" lineClamp={2} style={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {titulo}
          </Text>
          <Button
            size="xs"
            leftSection={<IconExternalLink size={14} />}
            style={{ flex: '0 0 auto' }}
            styles={{ label: { overflow: 'visible' } }}
            onClick={() => {
              notifications.hide(id);
              onOpen();
            }}
          >
            {estampadoMessages.abrirDocumento}
          </Button>
        </Group>
        {advertencias.map((text) => (
          <Group key={text} gap={6} wrap="nowrap" align="flex-start" data-testid="estampado-advertencia">
            <IconAlertTriangle size={16} color="var(--mantine-color-yellow-8)" style={{ flex: '0 0 auto', marginTop: 2 }} />
            <Text size="sm">{text}</Text>
          </Group>
        ))}
        {receptor ? (
          <Anchor
            size="sm"
            fw={600}
            href={receptor.href}
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              receptor.onGo();
            }}
          >
            {diligenciasMessages.receptor.completar}
          </Anchor>
        ) : null}
      </Stack>
    ),
  });
}
