import { COBRANZA_COLUMNAS, type CobranzaColumnaId, type CobranzaEncargo, formatCLP, formatDate } from '@receptoria/contracts';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import { ListEmpty, ListLoadError, ListLoading } from '../../../components/list-states';
import { RowCard, usePhoneLayout } from '../../../components/row-cards';
import { cobranzaScreenMessages as m } from '../messages';

const DATE_KEYS = new Set<CobranzaColumnaId>(['fecha_diligencia', 'fecha_demanda', 'fecha_estampado', 'fecha_encargo', 'vence_excepciones']);

const nombreDe = (id: CobranzaColumnaId) => COBRANZA_COLUMNAS.find((c) => c.id === id)?.nombre ?? id;

export function cellText(row: CobranzaEncargo, column: CobranzaColumnaId): string {
  const value = row[column];
  if (column === 'valor_asociado') return formatCLP(row.valor_asociado, '$0');
  if (DATE_KEYS.has(column)) return formatDate(value as string | null, '—');
  return value === null || value === '' ? '—' : String(value);
}

interface CobranzaPreviewProps {
  rows: CobranzaEncargo[];
  columns: CobranzaColumnaId[];
  total: number;
  state: { pending: boolean; error: string | null };
  onRetry: () => void;
  generating: boolean;
  sending: boolean;
  onGenerate: () => void;
  onSend: () => void;
}

/** The rows the sheet will hold (a table; cards on a phone), their CLP total, and the sheet's buttons. */
export function CobranzaPreview({ rows, columns, total, state, onRetry, generating, sending, onGenerate, onSend }: CobranzaPreviewProps) {
  const phone = usePhoneLayout();
  const totalText = formatCLP(total, '$0');
  const rest = columns.filter((id) => id !== 'numero_rol');

  const body = () => {
    if (state.error !== null) return <ListLoadError title={m.cargaError(state.error)} retry={m.reintentar} onRetry={onRetry} />;
    if (state.pending) return <ListLoading text={m.cargando} />;
    if (rows.length === 0) return <ListEmpty text={m.sinFilas} />;
    if (phone) {
      return (
        <Stack gap="xs" data-testid="cobranza-preview-cards">
          {rows.map((row) => (
            <RowCard
              key={row.id}
              testId="cobranza-card"
              title={<Text fw={600}>{row.numero_rol}</Text>}
              fields={rest.map((id) => ({ label: nombreDe(id), value: cellText(row, id), amount: id === 'valor_asociado' }))}
            />
          ))}
        </Stack>
      );
    }
    return (
      <Table.ScrollContainer minWidth={600} mah={420}>
        <Table striped highlightOnHover stickyHeader data-testid="cobranza-preview">
          <Table.Thead>
            <Table.Tr>
              {columns.map((id) => (
                <Table.Th key={id}>{nombreDe(id)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((id) => (
                  <Table.Td key={id} ta={id === 'valor_asociado' ? 'right' : undefined} style={id === 'valor_asociado' ? { whiteSpace: 'nowrap' } : undefined}>
                    {cellText(row, id)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((id, index) => (
                <Table.Th key={id} ta={id === 'valor_asociado' ? 'right' : undefined}>
                  {index === 0 ? m.total : id === 'valor_asociado' ? totalText : ''}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{m.vistaPrevia}</Title>
          <Group gap="sm">
            <Badge variant="light" size="lg">
              {m.encargosCount(rows.length)}
            </Badge>
            <Badge variant="filled" color="teal" size="lg" data-testid="cobranza-total" styles={{ label: { overflow: 'visible' } }}>
              {m.total}: {totalText}
            </Badge>
          </Group>
        </Group>
        {body()}
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconMail size={16} />} loading={sending} disabled={rows.length === 0 || generating} onClick={onSend}>
            {m.enviar}
          </Button>
          <Button leftSection={<IconFileSpreadsheet size={16} />} loading={generating} disabled={rows.length === 0 || generating} onClick={onGenerate}>
            {m.generar}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
