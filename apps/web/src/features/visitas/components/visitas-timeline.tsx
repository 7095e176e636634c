import { Anchor, Badge, Group, Image, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  ORIGEN_VISITA_LABELS,
  RELACION_INFORMANTE_LABELS,
  RESULTADO_VISITA_LABELS,
  TIPO_VISITA_LABELS,
  type Visita,
  esResultadoNegativo,
  formatDateTime,
} from '@receptoria/contracts';
import { IconMapPin, IconPhoto } from '@tabler/icons-react';
import { ListEmpty, ListLoading, ScreenLoadError } from '../../../components/list-states';
import { useVisitas } from '../api/get-visitas';
import { visitasTimelineMessages as m } from '../messages';

/** The point on Google Maps (a plain link: no key, opens the app on a phone). */
export function googleMapsPointUrl(lat: number, lon: number): string {
  return `https://www.google.com/maps?q=${lat},${lon}`;
}

function resultadoColor(visita: Visita): string {
  if (visita.resultado === 'habido' || visita.resultado.startsWith('notificado') || visita.resultado === 'requerido_pago') return 'teal';
  if (visita.resultado === 'domicilio_confirmado') return 'brand';
  return esResultadoNegativo(visita.resultado) ? 'red' : 'gray';
}

function VisitaItem({ visita }: { visita: Visita }) {
  return (
    <Stack gap={4} data-testid="visita-item" data-uuid={visita.uuid}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {formatDateTime(visita.fecha_hora)}
        </Text>
        <Badge color={resultadoColor(visita)} variant="light" tt="none" radius="sm">
          {RESULTADO_VISITA_LABELS[visita.resultado]}
        </Badge>
        <Text size="sm" c="dimmed">
          {TIPO_VISITA_LABELS[visita.tipo]} · {ORIGEN_VISITA_LABELS[visita.origen]} · {m.por} {visita.autor.nombre}
        </Text>
      </Group>
      {visita.domicilio_texto ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {visita.domicilio_texto}
        </Text>
      ) : null}
      {visita.informante ? (
        <Text size="sm">
          {m.informante}: {visita.informante.nombre} ({RELACION_INFORMANTE_LABELS[visita.informante.relacion]})
        </Text>
      ) : null}
      {visita.apuntes ? (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {visita.apuntes}
        </Text>
      ) : null}
      <Group gap="md" wrap="wrap">
        {visita.ubicacion ? (
          <Anchor
            href={googleMapsPointUrl(visita.ubicacion.lat, visita.ubicacion.lon)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="visita-mapa"
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconMapPin size={16} aria-hidden />
              {m.mapa(visita.ubicacion.precision_m)}
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {m.sinUbicacion}
          </Text>
        )}
        {visita.corrige_a ? (
          <Badge variant="outline" color="gray" tt="none">
            {m.corrige}
          </Badge>
        ) : null}
        {visita.corregida_por ? (
          <Badge variant="outline" color="yellow" tt="none">
            {m.corregida}
          </Badge>
        ) : null}
      </Group>
      {visita.fotos.length > 0 ? (
        <Group gap="xs" wrap="wrap">
          {visita.fotos.map((foto, index) => (
            <Anchor key={foto.id} href={foto.url} target="_blank" rel="noopener noreferrer" aria-label={m.foto(index + 1)}>
              <Image src={foto.url} alt={m.foto(index + 1)} w={88} h={88} fit="cover" radius="sm" data-testid="visita-foto" />
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Every visit of an assignment, oldest first (issue 23): when, who, the result, the informant, the point
 * on a map and the photos. Shown in Re-encargos and in Resultados y Estampados.
 */
export function VisitasTimeline({ encargoId }: { encargoId: number }) {
  const query = useVisitas(encargoId);
  const visitas = query.data?.visitas ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="visitas-timeline">
      <Stack gap="md">
        <Title order={4}>
          <Group gap="xs" component="span">
            <IconPhoto size={20} aria-hidden />
            {m.title}
          </Group>
        </Title>
        {query.isPending ? (
          <ListLoading text={m.cargando} />
        ) : query.isError ? (
          <ScreenLoadError title={m.errorCargar} retry={m.reintentar} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : visitas.length === 0 ? (
          <ListEmpty text={m.vacio} />
        ) : (
          <Timeline active={visitas.length - 1} bulletSize={18} lineWidth={2}>
            {visitas.map((visita) => (
              <Timeline.Item key={visita.uuid}>
                <VisitaItem visita={visita} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
