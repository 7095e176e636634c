import { Table, Text } from '@mantine/core';
import { formatDateTime } from '@receptoria/contracts';
import { useTraslados } from '../api/get-traslados';
import { onboardingMessages } from '../messages';
import { type FrameColumn, QueryTable, SectionFrame } from './section-frame';
import { TrasladoEstadoBadge } from './traslado-estado-panel';

const m = onboardingMessages.traslados;
const columns: FrameColumn[] = [
  { label: m.columns.receptor },
  { label: m.columns.origen },
  { label: m.columns.destino },
  { label: m.columns.estado },
  { label: m.columns.inicio },
  { label: m.columns.termino },
  { label: m.columns.detalle },
];

/** The receivers' moves between servers, newest first (issue 28). */
export function TrasladosSection() {
  const traslados = useTraslados();
  const rows = traslados.data ?? [];

  return (
    <SectionFrame title={m.title} subtitle={m.subtitle}>
      <QueryTable
        query={traslados}
        loading={m.loading}
        loadError={m.loadError}
        minWidth={860}
        label={m.title}
        columns={columns}
        empty={m.empty}
        isEmpty={rows.length === 0}
      >
        {rows.map((traslado) => (
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
        ))}
      </QueryTable>
    </SectionFrame>
  );
}
