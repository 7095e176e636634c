import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconMapPin, IconUser } from '@tabler/icons-react';
import {
  DETALLE_CLAVES,
  type DetalleClave,
  type DetalleItem,
  detalleMessages as m,
  estadoLabel as encargoEstadoLabel,
  formatCLP,
  formatDate,
} from '@receptoria/contracts';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDashboardDetalle } from '../api/get-detalle';

const ESTADO_COLOR: Record<string, string> = {
  pendiente: 'gray',
  preparado: 'blue',
  listo_para_estampar: 'orange',
  estampado: 'teal',
  activo: 'teal',
  inactivo: 'gray',
};

const estadoLabel = (estado: string) =>
  estado === 'activo' ? 'Activo' : estado === 'inactivo' ? 'Inactivo' : encargoEstadoLabel(estado);

function SinDatos() {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">{m.sinDatos}</Text>
        <Button component={Link} to={paths.home} leftSection={<IconArrowLeft size={16} />} variant="light">
          {m.volver}
        </Button>
      </Stack>
    </Center>
  );
}

function ItemCard({ item }: { item: DetalleItem }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="detalle-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={700}>{item.titulo}</Text>
          {item.subtitulo && (
            <Text size="xs" c="dimmed">
              {item.subtitulo}
            </Text>
          )}
        </Stack>
        <Badge color={ESTADO_COLOR[item.estado] ?? 'gray'} variant="light">
          {estadoLabel(item.estado)}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        {item.estudio && <Text size="sm">{item.estudio}</Text>}
        {item.ejecutado && (
          <Group gap={6} wrap="nowrap">
            <IconUser size={14} />
            <Text size="sm">{item.ejecutado}</Text>
          </Group>
        )}
        {item.direccion && (
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={14} />
            <Text size="sm">{item.direccion}</Text>
          </Group>
        )}
        {item.fecha && (
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={14} />
            <Text size="sm">{formatDate(item.fecha)}</Text>
          </Group>
        )}
        {item.dias_pendiente !== null && (
          <Text size="sm" c={item.dias_pendiente > 7 ? 'red' : 'orange'} fw={600}>
            {m.diasPendiente(item.dias_pendiente)}
          </Text>
        )}
        {item.resultado && <Text size="sm">Resultado: {item.resultado}</Text>}
        {item.valor !== null && <Text size="sm">Valor: {formatCLP(item.valor)}</Text>}
        {item.encargos_mes !== null && (
          <Text size="sm">
            {m.encargosEsteMes}: <b>{item.encargos_mes}</b>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The list behind a dashboard figure (spec 02 §2.4). */
export function DashboardDetalleScreen() {
  const { clave } = useParams();
  const valid = (DETALLE_CLAVES as readonly string[]).includes(clave ?? '') ? (clave as DetalleClave) : null;
  const query = useDashboardDetalle(valid);
  if (!valid || query.isError) return <SinDatos />;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const data = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{data.titulo}</Title>
          <Text c="dimmed">{data.descripcion}</Text>
          {data.periodo && (
            <Text size="sm" c="dimmed" data-testid="detalle-periodo">
              {data.periodo}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Badge size="lg" variant="light" data-testid="detalle-total">
            Total: {data.total}
          </Badge>
          <Button component={Link} to={paths.home} variant="default" leftSection={<IconArrowLeft size={16} />}>
            Volver
          </Button>
        </Group>
      </Group>
      {data.items.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed" data-testid="detalle-vacio">
              {data.vacio}
            </Text>
            <SinDatos />
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {data.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
