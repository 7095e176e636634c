import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACCION_LABELS, type AuditEntidad, type AuditRegistro, formatDateTime } from '@receptoria/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useHistorial } from '../api/get-historial';
import { CAMPO_LABELS, historialMessages as m } from '../messages';
import { formatAuditValue } from '../utils';

function Registro({ registro }: { registro: AuditRegistro }) {
  const cambios = Object.entries(registro.cambios);
  return (
    <Paper withBorder p="sm" data-testid="historial-registro">
      <Group justify="space-between" gap="xs" mb={cambios.length ? 'xs' : 0}>
        <Group gap="xs">
          <Badge variant="light">{AUDIT_ACCION_LABELS[registro.accion] ?? registro.accion}</Badge>
          <Text size="sm" fw={600}>
            {m.por(registro.usuario)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" title={registro.user_agent}>
          {formatDateTime(registro.fecha)}
          {registro.ip ? ` · ${m.desde(registro.ip)}` : ''}
        </Text>
      </Group>
      {cambios.length > 0 && (
        <Table striped withTableBorder fz="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="25%">{m.campo}</Table.Th>
              <Table.Th>{m.antes}</Table.Th>
              <Table.Th>{m.despues}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cambios.map(([campo, cambio]) => (
              <Table.Tr key={campo}>
                <Table.Td>{CAMPO_LABELS[campo] ?? campo}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{formatAuditValue(campo, cambio.antes, m.vacio)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{formatAuditValue(campo, cambio.despues, m.vacio)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The 'Historial' tab: who changed a record, when, from where, and each field before and after. */
export function HistorialPanel({ entidad, id }: { entidad: AuditEntidad; id: number }) {
  const historial = useHistorial(entidad, id);
  if (historial.isPending) return <Loader size="sm" type="dots" aria-label="Cargando" />;
  if (historial.isError) {
    return (
      <Alert color="red" variant="light" title={m.errorCargando}>
        <Button size="xs" variant="light" onClick={() => void historial.refetch()}>
          {m.recargar}
        </Button>
      </Alert>
    );
  }
  const { results } = historial.data;
  return (
    <Stack gap="sm" data-testid="historial">
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          loading={historial.isFetching}
          onClick={() => void historial.refetch()}
        >
          {m.actualizar}
        </Button>
      </Group>
      {results.length === 0 ? <Text c="dimmed">{m.sinCambios}</Text> : results.map((registro) => <Registro key={registro.id} registro={registro} />)}
    </Stack>
  );
}
