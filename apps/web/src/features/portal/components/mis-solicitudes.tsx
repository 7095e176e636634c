import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, type SolicitudEstado } from '@receptoria/contracts';
import { Link } from 'react-router';
import { portalEncargoPath } from '../../../config/paths';
import { usePortalSolicitudes } from '../api/portal-queries';
import { portalTexts } from '../messages';

const m = portalTexts.solicitud;
const COLORS: Record<SolicitudEstado, string> = { pendiente: 'orange', aceptada: 'teal', rechazada: 'red' };

/** The requests this firm sent, with their state; an accepted one opens its assignment. */
export function MisSolicitudes() {
  const query = usePortalSolicitudes();
  const results = query.data?.results ?? [];
  return (
    <Stack gap="sm" mt="md">
      <Title order={3} fz="h4">
        {m.misSolicitudes}
      </Title>
      {query.data && results.length === 0 && <Text c="dimmed">{m.sinSolicitudes}</Text>}
      {results.map((solicitud) => (
        <Card key={solicitud.id} withBorder padding="sm" data-testid="portal-solicitud">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} className="numero-rol">{solicitud.numero_rol}</Text>
              <Text size="xs" c="dimmed" truncate="end">
                {solicitud.partes}
              </Text>
            </Stack>
            <Badge color={COLORS[solicitud.estado]} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {m.estados[solicitud.estado] ?? solicitud.estado}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {formatDate(solicitud.creada_en)} · {m.enviadaPor(solicitud.remitente)}
          </Text>
          {solicitud.motivo_rechazo && (
            <Text size="sm" mt={4}>
              {m.motivo}: {solicitud.motivo_rechazo}
            </Text>
          )}
          {solicitud.encargo_id !== null && (
            <Button component={Link} to={portalEncargoPath(solicitud.encargo_id)} size="xs" variant="light" mt="xs">
              {m.verEncargo}
            </Button>
          )}
        </Card>
      ))}
    </Stack>
  );
}
