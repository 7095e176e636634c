import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBrandGmail, IconPlugConnected, IconX } from '@tabler/icons-react';
import { confirmAction } from '../../../components/confirm-action';
import { useOAuthStatus } from '../api/informes';
import { informesMessages as m } from '../messages';
import { type GmailConnectionOptions, POLL_MAX_ATTEMPTS, useGmailConnection } from './use-gmail-connection';

/** The mail-account connection control of the reports panel (spec 01 §2, §4). */
export function GmailControl({ estudioId, options }: { estudioId: number; options?: GmailConnectionOptions }) {
  const status = useOAuthStatus(estudioId);
  const gmail = useGmailConnection(estudioId, options);
  const data = status.data;
  const connected = data?.button_status === 'connected';

  const disconnect = async () => {
    const texts = m.confirmDesconectar;
    const email = data?.email_verified ?? m.cuentaConectada;
    if (await confirmAction({ title: texts.title, text: texts.text(email), confirm: texts.confirm })) await gmail.disconnect();
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="gmail-control">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconBrandGmail size={22} />
          <Stack gap={2}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {m.correoEnvio}
              </Text>
              {data && (
                <Badge color={connected ? 'teal' : 'gray'} variant="light" data-testid="gmail-estado">
                  {connected ? 'Gmail' : data.email_method === 'smtp' ? 'SMTP' : 'Sin configurar'}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" data-testid="gmail-info">
              {gmail.connecting ? `${m.conectando} (${gmail.attempts}/${POLL_MAX_ATTEMPTS})` : (data?.connection_info ?? '')}
            </Text>
          </Stack>
        </Group>
        {gmail.connecting ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Button variant="default" leftSection={<IconX size={16} />} onClick={gmail.cancel}>
              {m.cancelar}
            </Button>
          </Group>
        ) : connected ? (
          <Button color="red" variant="light" loading={gmail.disconnecting} onClick={() => void disconnect()}>
            {data.button_text}
          </Button>
        ) : (
          <Button
            leftSection={<IconPlugConnected size={16} />}
            variant="light"
            disabled={!data}
            onClick={() => void gmail.connect()}
          >
            {data?.button_text ?? m.botonConectar}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
