import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, type Solicitud } from '@receptoria/contracts';
import { IconInbox } from '@tabler/icons-react';
import { solicitudesMessages as m } from '../messages';
import { ArchivosSolicitud } from './archivos-solicitud';
import { RechazarSolicitud } from './rechazar-solicitud';

/** Above Nuevo Encargo while a request is checked: who sent it, its PDFs and 'Rechazar'. */
export function SolicitudHeader({ solicitud, onRejected }: { solicitud: Solicitud; onRejected: () => void }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInbox />} title={m.revision.title(solicitud.numero_rol)} data-testid="solicitud-revision">
      <Stack gap="xs">
        <Text size="sm">
          <Text span fw={600}>
            {solicitud.estudio.nombre}
          </Text>
          {' · '}
          {m.enviadaPor(solicitud.remitente, formatDateTime(solicitud.creada_en))}
        </Text>
        <Text size="sm" c="dimmed">
          {m.revision.hint}
        </Text>
        <Group justify="space-between" align="flex-end" gap="xs">
          <ArchivosSolicitud solicitud={solicitud} />
          {solicitud.estado === 'pendiente' && <RechazarSolicitud id={solicitud.id} onRejected={onRejected} />}
        </Group>
      </Stack>
    </Alert>
  );
}
