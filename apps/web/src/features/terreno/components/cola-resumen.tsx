import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconLock, IconWifiOff } from '@tabler/icons-react';
import type { SyncStatus } from '../queue/field-sync';
import { terrenoMessages as m } from '../messages';

interface ColaResumenProps {
  /** null while the phone's queue is being read. */
  porEnviar: number | null;
  /** Visits the server refused that wait on the phone for the receiver. */
  rechazadas: number;
  status: SyncStatus;
  online: boolean;
  onSend: () => void;
}

/** The counter the receiver watches: how many visits still live only on the phone, and why. */
export function ColaResumen({ porEnviar, rechazadas, status, online, onSend }: ColaResumenProps) {
  const pending = porEnviar !== null && porEnviar > 0;
  const refused = porEnviar !== null && rechazadas > 0;
  const texto =
    porEnviar === null
      ? m.leyendoCola
      : [refused ? m.rechazadas(rechazadas) : null, pending ? m.porEnviar(porEnviar) : null].filter(Boolean).join(' · ') || m.todoEnviado;
  return (
    <Paper withBorder p="md" bg={refused ? 'red.0' : pending ? 'yellow.0' : 'teal.0'} data-testid="cola-resumen" data-rechazadas={rechazadas}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          {refused ? (
            <IconAlertTriangle size={26} aria-hidden />
          ) : pending ? (
            <IconCloudUpload size={26} aria-hidden />
          ) : (
            <IconCloudCheck size={26} aria-hidden />
          )}
          <Text fw={700} size="lg" c="dark.9" data-testid="contador-por-enviar" aria-live="polite">
            {texto}
          </Text>
        </Group>
        {pending && online ? (
          <Button variant="filled" h={44} onClick={onSend} loading={status.enviando} loaderProps={{ type: 'dots' }}>
            {m.enviarAhora}
          </Button>
        ) : null}
      </Group>
      {!online ? (
        <Alert mt="sm" color="gray" variant="white" icon={<IconWifiOff />} p="xs" data-testid="sin-senal">
          <Text size="sm" c="dark.9">
            {m.sinSenal}
          </Text>
        </Alert>
      ) : status.detenida === 'session' && pending ? (
        <Alert mt="sm" color="red" variant="white" icon={<IconLock />} p="xs" data-testid="sesion-vencida">
          <Text size="sm" c="dark.9">
            {m.sesionVencida}
          </Text>
        </Alert>
      ) : status.detenida === 'server' && pending ? (
        <Text mt="xs" size="sm" c="dark.7">
          {m.servidorNoResponde}
        </Text>
      ) : null}
    </Paper>
  );
}
