import { Alert, Badge, Box, Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, SOLICITUD_ESTADOS, type Solicitud, type SolicitudEstado } from '@receptoria/contracts';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, solicitudPath } from '../../../config/paths';
import { useSolicitudes } from '../api/solicitudes';
import { solicitudesMessages as m } from '../messages';
import { ArchivosSolicitud } from './archivos-solicitud';
import { RechazarSolicitud } from './rechazar-solicitud';

const COLORS: Record<SolicitudEstado, string> = { pendiente: 'orange', aceptada: 'teal', rechazada: 'red' };

function isEstado(value: string | null): value is SolicitudEstado {
  return (SOLICITUD_ESTADOS as readonly (string | null)[]).includes(value);
}

/** The assignment an accepted request became, in Re-encargos. */
function encargoLink(solicitud: Solicitud, id: number) {
  return `${paths.reEncargos}?rol=${encodeURIComponent(solicitud.numero_rol)}&id=${id}`;
}

function SolicitudCard({ solicitud }: { solicitud: Solicitud }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="md" data-testid="solicitud">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} className="numero-rol">{solicitud.numero_rol}</Text>
            <Badge color={COLORS[solicitud.estado]} variant="light" radius="sm" tt="none">
              {m.estado[solicitud.estado]}
            </Badge>
          </Group>
          <Text size="sm" fw={500}>
            {solicitud.estudio.nombre}
          </Text>
          <Text size="sm" c="dimmed">
            {solicitud.partes}
          </Text>
          <Text size="xs" c="dimmed">
            {m.enviadaPor(solicitud.remitente, formatDateTime(solicitud.creada_en))}
          </Text>
          {solicitud.motivo_rechazo && (
            <Text size="sm">
              {m.motivo}: {solicitud.motivo_rechazo}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {solicitud.estado === 'pendiente' && (
            <Button
              size="xs"
              leftSection={<IconEye size={14} />}
              onClick={() => navigate(solicitudPath(solicitud.id), { state: { solicitud } })}
            >
              {m.revisar}
            </Button>
          )}
          {solicitud.encargo_id !== null && (
            <Button size="xs" variant="light" component={Link} to={encargoLink(solicitud, solicitud.encargo_id)}>
              {m.verEncargo}
            </Button>
          )}
        </Group>
      </Group>
      <Group justify="space-between" align="flex-end" mt="xs" gap="xs">
        <ArchivosSolicitud solicitud={solicitud} />
        {solicitud.estado === 'pendiente' && (
          <Box style={{ flex: '1 1 260px', display: 'flex', justifyContent: 'flex-end' }}>
            <RechazarSolicitud id={solicitud.id} />
          </Box>
        )}
      </Group>
    </Card>
  );
}

/** /solicitudes — the requests the firms sent, by state; a pending one opens in Nuevo Encargo to be checked. */
export function SolicitudesScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('estado');
  const estado: SolicitudEstado = isEstado(raw) ? raw : 'pendiente';
  const query = useSolicitudes(estado, 1);

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      <SegmentedControl
        value={estado}
        onChange={(value) => setSearchParams(value === 'pendiente' ? {} : { estado: value }, { replace: true })}
        data={SOLICITUD_ESTADOS.map((value) => ({ value, label: m.estados[value] }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isPending && <Loader size="sm" type="dots" aria-label="Cargando" />}
      {query.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.loadError}
        </Alert>
      )}
      {query.data?.results.length === 0 && <Text c="dimmed">{m.empty}</Text>}
      <Stack gap="sm">
        {query.data?.results.map((solicitud) => <SolicitudCard key={solicitud.id} solicitud={solicitud} />)}
      </Stack>
    </Stack>
  );
}
