import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { useRef } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { copiarTexto } from '../../../lib/clipboard';
import { notify } from '../../../lib/notify';
import { useIcsUrl, useRotarIcs } from '../api/calendario';
import { enlaceMessages as m } from '../messages';

/**
 * The user's phone-calendar link (the iCalendar feed of its deadlines, alarms and holidays): copy it
 * for Google Calendar or an iPhone, or replace it when it leaked (the old one stops at once).
 */
export function EnlaceTelefono() {
  const ics = useIcsUrl();
  const rotar = useRotarIcs();
  const campo = useRef<HTMLInputElement>(null);
  const url = ics.data?.url ?? '';

  const copiar = async () => {
    let texto = url;
    if (!texto) texto = (await ics.refetch()).data?.url ?? '';
    if (!texto) {
      notify.error(m.error);
      return;
    }
    if (await copiarTexto(texto, campo.current)) notify.success(m.copiado);
    else notify.error(m.noCopiado);
  };

  const renovar = async () => {
    const ok = await confirmAction({ title: m.rotarConfirm.title, text: m.rotarConfirm.text, confirm: m.rotarConfirm.confirm, color: 'orange' });
    if (!ok) return;
    try {
      await rotar.mutateAsync();
      notify.success(m.rotado);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="enlace-telefono">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobile size={20} />
          <Title order={4}>{m.title}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.texto}
        </Text>
        {ics.isError ? (
          <Alert color="red" variant="light">
            {ics.error instanceof Error ? ics.error.message : m.error}
          </Alert>
        ) : null}
        <TextInput
          ref={campo}
          label={m.enlace}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          data-testid="enlace-ics"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        <Group gap="sm" wrap="wrap">
          {/* On a phone the label may take two lines rather than be cut short. */}
          <Button
            leftSection={<IconCopy size={16} />}
            onClick={() => void copiar()}
            loading={ics.isPending && !ics.isError}
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          >
            {m.copiar}
          </Button>
          <Button variant="light" color="orange" leftSection={<IconRefresh size={16} />} onClick={() => void renovar()} loading={rotar.isPending}>
            {m.rotar}
          </Button>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>{m.comoGoogle}</List.Item>
          <List.Item>{m.comoIphone}</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          {m.privado}
        </Text>
      </Stack>
    </Paper>
  );
}
