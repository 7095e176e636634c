import { Alert, Box, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { ScreenLoading } from '../../../components/list-states';
import { useTraslados } from '../api/get-traslados';
import { onboardingMessages } from '../messages';
import { TrasladoEstadoBadge } from './traslado-estado-panel';

const m = onboardingMessages.traslados;

/** The receivers' moves between servers, newest first (issue 28). */
export function TrasladosSection() {
  const traslados = useTraslados();
  const rows = traslados.data ?? [];

  return (
    <Stack gap="md">
      <Box>
        <Title order={3}>{m.title}</Title>
        <Text c="dimmed" size="sm">
          {m.subtitle}
        </Text>
      </Box>
      <Paper withBorder shadow="xs">
        {traslados.isPending ? (
          <ScreenLoading text={m.loading} />
        ) : traslados.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={m.loadError} m="md">
            <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void traslados.refetch()}>
              {onboardingMessages.screen.retry}
            </Button>
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="sm" horizontalSpacing="md" aria-label={m.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.receptor}</Table.Th>
                  <Table.Th>{m.columns.origen}</Table.Th>
                  <Table.Th>{m.columns.destino}</Table.Th>
                  <Table.Th>{m.columns.estado}</Table.Th>
                  <Table.Th>{m.columns.inicio}</Table.Th>
                  <Table.Th>{m.columns.termino}</Table.Th>
                  <Table.Th>{m.columns.detalle}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        {m.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((traslado) => (
                    <Table.Tr key={traslado.id} data-testid={`traslado-row-${traslado.id}`}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {traslado.receptor_nombre}
                        </Text>
                      </Table.Td>
                      <Table.Td>{traslado.origen_nombre}</Table.Td>
                      <Table.Td>{traslado.destino_nombre}</Table.Td>
                      <Table.Td>
                        <TrasladoEstadoBadge estado={traslado.estado} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(traslado.creado)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(traslado.terminado, m.enCurso)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{traslado.detalle}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
