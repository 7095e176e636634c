import { Alert, Badge, Box, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatThousands } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { ScreenLoading } from '../../../components/list-states';
import { useServidores } from '../api/get-servidores';
import { onboardingMessages } from '../messages';
import { AgregarServidorForm } from './agregar-servidor-form';
import { ServidorEstadoBadge } from './servidor-estado-badge';

const m = onboardingMessages.servidores;

/** The database servers receivers' databases live on (issue 28): their load and state, and a form to add one. */
export function ServidoresSection() {
  const servidores = useServidores();
  const rows = servidores.data ?? [];

  return (
    <Stack gap="md">
      <Box>
        <Title order={3}>{m.title}</Title>
        <Text c="dimmed" size="sm">
          {m.subtitle}
        </Text>
      </Box>
      <Paper withBorder shadow="xs">
        {servidores.isPending ? (
          <ScreenLoading text={m.loading} />
        ) : servidores.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={m.loadError} m="md">
            <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void servidores.refetch()}>
              {onboardingMessages.screen.retry}
            </Button>
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm" horizontalSpacing="md" aria-label={m.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.nombre}</Table.Th>
                  <Table.Th ta="right">{m.columns.capacidad}</Table.Th>
                  <Table.Th ta="right">{m.columns.receptores}</Table.Th>
                  <Table.Th>{m.columns.activo}</Table.Th>
                  <Table.Th>{m.columns.estado}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {m.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((servidor) => (
                    <Table.Tr key={servidor.id} data-testid={`servidor-row-${servidor.id}`}>
                      <Table.Td>
                        <Text fw={600}>{servidor.nombre}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatThousands(servidor.capacidad)}</Table.Td>
                      <Table.Td ta="right">{formatThousands(servidor.receptores)}</Table.Td>
                      <Table.Td>
                        <Badge color={servidor.activo ? 'teal' : 'gray'} variant="light">
                          {servidor.activo ? m.si : m.no}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <ServidorEstadoBadge estado={servidor.estado} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <AgregarServidorForm />
    </Stack>
  );
}
