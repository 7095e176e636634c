import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ColaItem, formatDate } from '@receptoria/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCola } from '../api/get-cola';
import { resultadosMessages } from '../messages';

const m = resultadosMessages;

function diasColor(dias: number): string {
  if (dias >= 14) return 'red';
  if (dias >= 7) return 'orange';
  return 'gray';
}

function ColaTable({ title, hint, items, total, testId }: { title: string; hint: string; items: ColaItem[]; total: number; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Box>
            <Title order={4}>{title}</Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Box>
          <Text size="sm" c="dimmed">
            {m.total(items.length, total)}
          </Text>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {m.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.rol}</Table.Th>
                  <Table.Th>{m.columns.estudio}</Table.Th>
                  <Table.Th>{m.columns.ejecutado}</Table.Th>
                  <Table.Th>{m.columns.tipoEncargo}</Table.Th>
                  <Table.Th>{m.columns.resultado}</Table.Th>
                  <Table.Th>{m.columns.desde}</Table.Th>
                  <Table.Th>{m.columns.dias}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} data-testid={`cola-${item.id}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`${paths.estampar}?rol=${encodeURIComponent(item.numero_rol)}`} fw={600}>
                          {item.numero_rol}
                        </Anchor>
                        {item.es_re_encargo ? (
                          <Badge size="xs" color="grape" variant="filled" radius="sm">
                            {m.reEncargo}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{item.estudio_nombre}</Table.Td>
                    <Table.Td>{item.ejecutados}</Table.Td>
                    <Table.Td>{item.tipo_encargo_nombre}</Table.Td>
                    <Table.Td>{item.ultima_diligencia_tipo_estampado_nombre ?? '—'}</Table.Td>
                    <Table.Td>{formatDate(item.esperando_desde, '—')}</Table.Td>
                    <Table.Td>
                      <Badge color={diasColor(item.dias_esperando)} variant="light" radius="sm" tt="none">
                        {m.dias(item.dias_esperando)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** /resultados-dashboard: the work queue of results and stamps (module estampar). */
export function ResultadosDashboardScreen() {
  const cola = useCola();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void cola.refetch()} loading={cola.isFetching}>
          {m.refresh}
        </Button>
      </Group>
      {cola.isError ? (
        <Alert color="red" variant="light">
          {m.loadError}
        </Alert>
      ) : null}
      {cola.isPending ? (
        <Loader size="sm" type="dots" />
      ) : cola.data ? (
        <>
          <ColaTable
            title={m.esperandoResultados}
            hint={m.esperandoResultadosHint}
            items={cola.data.esperando_resultados}
            total={cola.data.totales.esperando_resultados}
            testId="cola-resultados"
          />
          <ColaTable
            title={m.esperandoEstampado}
            hint={m.esperandoEstampadoHint}
            items={cola.data.esperando_estampado}
            total={cola.data.totales.esperando_estampado}
            testId="cola-estampado"
          />
        </>
      ) : null}
    </Stack>
  );
}
