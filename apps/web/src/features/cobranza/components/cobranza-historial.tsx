import { formatCLP, formatDate, formatDateTime, type PlanillaHistorial } from '@receptoria/contracts';
import { ActionIcon, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { RowCard, usePhoneLayout } from '../../../components/row-cards';
import { cobranzaScreenMessages as m } from '../messages';

function periodo(filtros: PlanillaHistorial['filtros']): string {
  if (filtros.fechaEspecifica) return formatDate(filtros.fechaEspecifica);
  if (filtros.fechaInicio || filtros.fechaFin) {
    return `${filtros.fechaInicio ? formatDate(filtros.fechaInicio) : '…'} – ${filtros.fechaFin ? formatDate(filtros.fechaFin) : '…'}`;
  }
  return m.todoElPeriodo;
}

interface CobranzaHistorialProps {
  planillas: PlanillaHistorial[] | undefined;
  onDownload: (planilla: PlanillaHistorial) => void;
  onResend: (planilla: PlanillaHistorial) => void;
}

/** Every stored sheet, downloadable and sendable again (a table; cards on a phone). */
export function CobranzaHistorial({ planillas, onDownload, onResend }: CobranzaHistorialProps) {
  const phone = usePhoneLayout();
  const cols = m.historialCols;
  // Icon buttons of at least 28×28 px with 8 px between them (WCAG 2.2 target size).
  const actions = (p: PlanillaHistorial) => (
    <Group gap={8} wrap="nowrap">
      <ActionIcon size={32} variant="light" aria-label={m.descargarArchivo(p.nombre_archivo)} onClick={() => onDownload(p)}>
        <IconDownload size={18} />
      </ActionIcon>
      {p.estudio_id !== null && (
        <ActionIcon size={32} variant="subtle" aria-label={m.enviarArchivo(p.nombre_archivo)} onClick={() => onResend(p)}>
          <IconMail size={18} />
        </ActionIcon>
      )}
    </Group>
  );
  const envios = (p: PlanillaHistorial) => (p.envios.length > 0 ? m.enviadaA(p.envios.at(-1)!.destinatarios) : m.sinEnvios);

  const content = () => {
    if (planillas === undefined) return <Loader size="sm" />;
    if (planillas.length === 0) return <Text c="dimmed">{m.historialVacio}</Text>;
    if (phone) {
      return (
        <Stack gap="xs" data-testid="cobranza-historial-cards">
          {planillas.map((p) => (
            <RowCard
              key={p.id}
              testId="cobranza-historial-card"
              title={<Text fw={600}>{formatDateTime(p.fecha_creacion)}</Text>}
              fields={[
                { label: cols.usuario, value: p.usuario },
                { label: cols.estudio, value: p.estudio_nombre },
                { label: cols.periodo, value: periodo(p.filtros) },
                { label: cols.encargos, value: p.total_encargos },
                { label: cols.total, value: formatCLP(p.valor_total, '$0'), amount: true },
                { label: cols.envios, value: envios(p) },
              ]}
              actions={actions(p)}
            />
          ))}
        </Stack>
      );
    }
    return (
      <Table.ScrollContainer minWidth={800}>
        <Table striped data-testid="cobranza-historial">
          <Table.Thead>
            <Table.Tr>
              {Object.values(cols).map((label) => (
                <Table.Th key={label}>{label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {planillas.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{formatDateTime(p.fecha_creacion)}</Table.Td>
                <Table.Td>{p.usuario}</Table.Td>
                <Table.Td>{p.estudio_nombre}</Table.Td>
                <Table.Td>{periodo(p.filtros)}</Table.Td>
                <Table.Td>{p.total_encargos}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCLP(p.valor_total, '$0')}</Table.Td>
                <Table.Td>
                  <Text size="xs">{envios(p)}</Text>
                </Table.Td>
                <Table.Td>{actions(p)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{m.historial}</Title>
        {content()}
      </Stack>
    </Card>
  );
}
