import { Alert, Anchor, Badge, Box, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type PortalEvento, formatDate, formatDateTime, todayIso } from '@receptoria/contracts';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCalendarDue,
  IconFileCertificate,
  IconInbox,
  IconMapPin,
  IconReceipt,
  IconClipboardCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { pesos } from '../../../lib/format';
import { EstadoBadge } from '../../../components/estado-badge';
import { usePortalEncargo } from '../api/portal-queries';
import { portalTexts } from '../messages';
import { DownloadButton } from './download-button';

const m = portalTexts.encargo;

const ICONS: Record<PortalEvento['tipo'], { icon: ComponentType<{ size?: number }>; color: string }> = {
  recibido: { icon: IconInbox, color: 'blue' },
  visita: { icon: IconMapPin, color: 'grape' },
  resultado: { icon: IconClipboardCheck, color: 'indigo' },
  certificado: { icon: IconFileCertificate, color: 'teal' },
  plazo: { icon: IconCalendarDue, color: 'orange' },
  recibo: { icon: IconReceipt, color: 'gray' },
  acto: { icon: IconClipboardCheck, color: 'cyan' },
};

function EventBody({ evento }: { evento: PortalEvento }) {
  switch (evento.tipo) {
    case 'visita':
      return (
        <Stack gap={4}>
          <Text size="sm">
            {formatDate(evento.fecha)} {evento.hora} · {evento.resultado_label}
          </Text>
          {evento.domicilio && (
            <Text size="xs" c="dimmed">
              {evento.domicilio}
            </Text>
          )}
          {evento.fotos.length > 0 && (
            <SimpleGrid cols={3} spacing={4}>
              {evento.fotos.map((foto) => (
                <Anchor key={foto.id} href={foto.url} target="_blank" rel="noreferrer">
                  <Image src={foto.url} alt={evento.titulo} radius="sm" h={72} fit="cover" />
                </Anchor>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      );
    case 'resultado':
      return (
        <Text size="sm" c="dimmed">
          {formatDate(evento.fecha)}
          {evento.domicilio ? ` · ${evento.domicilio}` : ''}
        </Text>
      );
    case 'certificado':
      return (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {formatDate(evento.fecha)}
          </Text>
          {evento.firmado && (
            <Badge size="sm" color="teal" variant="light" radius="sm" tt="none">
              {m.firmado}
            </Badge>
          )}
          {evento.url && <DownloadButton url={evento.url} label={m.descargar} fallbackName={`${evento.titulo}.pdf`} />}
        </Group>
      );
    case 'plazo': {
      const vencido = evento.estado === 'pendiente' && evento.fecha < todayIso();
      return (
        <Group gap="xs">
          <Text size="sm" c={vencido ? 'red' : undefined} fw={vencido ? 600 : undefined}>
            {formatDate(evento.fecha)}
          </Text>
          {vencido && (
            <Badge size="sm" color="red" variant="light" radius="sm" tt="none">
              {m.vencido}
            </Badge>
          )}
          {evento.estado === 'cumplido' && (
            <Badge size="sm" color="teal" variant="light" radius="sm" tt="none">
              {m.cumplido}
            </Badge>
          )}
          {evento.estado === 'cumplido' && evento.referencia && (
            <Text size="sm" c="dimmed">
              {m.referencia(evento.referencia)}
            </Text>
          )}
        </Group>
      );
    }
    case 'acto':
      return (
        <Text size="sm" c="dimmed">
          {formatDateTime(evento.fecha)}
          {evento.detalle ? ` · ${evento.detalle}` : ''}
        </Text>
      );
    case 'recibo':
      return (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {formatDate(evento.fecha)} · {pesos(evento.total)}
          </Text>
          <DownloadButton url={evento.url} label={m.descargar} fallbackName={`recibo-${evento.numero}.pdf`} />
        </Group>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {formatDateTime(evento.fecha)}
        </Text>
      );
  }
}

/** /portal/encargos/:id — one assignment of the firm and everything that happened to it. */
export function PortalEncargoScreen() {
  const id = Number(useParams().id);
  const query = usePortalEncargo(id);
  const encargo = query.data?.encargo;
  useDocumentTitle(`${encargo?.numero_rol ?? portalTexts.encargos.title} · ${portalTexts.product}`);

  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <Stack gap="md">
      <Box>
        <Button component={Link} to={paths.portalEncargos} variant="subtle" size="xs" px={0} leftSection={<IconArrowLeft size={14} />}>
          {m.back}
        </Button>
      </Box>
      {query.isPending && !Number.isNaN(id) && (
        <Group justify="center" py="lg">
          <Loader size="sm" type="dots" aria-label="Cargando" />
        </Group>
      )}
      {(query.isError || Number.isNaN(id)) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {notFound || Number.isNaN(id) ? m.notFound : m.loadError}
        </Alert>
      )}
      {encargo && query.data && (
        <>
          <Card withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} fz="h3" data-testid="portal-encargo-rol" className="numero-rol">
                {encargo.numero_rol}
              </Title>
              <EstadoBadge estado={encargo.estado} />
            </Group>
            <Stack gap={6} mt="xs">
              <Text size="sm">
                <Text span c="dimmed">{m.tribunal}: </Text>
                {encargo.tribunal}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">{m.partes}: </Text>
                {encargo.partes}
              </Text>
              <Text size="sm" c="dimmed">
                {encargo.tipo_causa} · {encargo.tipo_encargo}
              </Text>
              {encargo.domicilios.map((domicilio) => (
                <Text key={`${domicilio.direccion}|${domicilio.comuna}`} size="sm">
                  {domicilio.direccion}, {domicilio.comuna}
                </Text>
              ))}
            </Stack>
          </Card>

          <Title order={3} fz="h4">
            {m.timeline}
          </Title>
          {query.data.eventos.length === 0 ? (
            <Text c="dimmed">{m.emptyTimeline}</Text>
          ) : (
            <Timeline bulletSize={28} lineWidth={2} data-testid="portal-timeline">
              {query.data.eventos.map((evento, index) => {
                const { icon: Icon, color } = ICONS[evento.tipo];
                return (
                  <Timeline.Item
                    key={`${evento.tipo}-${'id' in evento ? evento.id : index}`}
                    bullet={
                      <ThemeIcon size={28} radius="xl" color={color} variant="light">
                        <Icon size={16} />
                      </ThemeIcon>
                    }
                    title={evento.titulo}
                    data-testid={`portal-evento-${evento.tipo}`}
                  >
                    <EventBody evento={evento} />
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
        </>
      )}
    </Stack>
  );
}
