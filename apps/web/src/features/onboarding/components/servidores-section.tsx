import { Badge, Table, Text } from '@mantine/core';
import { formatThousands } from '@receptoria/contracts';
import { useServidores } from '../api/get-servidores';
import { onboardingMessages } from '../messages';
import { AgregarServidorForm } from './agregar-servidor-form';
import { type FrameColumn, QueryTable, SectionFrame } from './section-frame';
import { ServidorEstadoBadge } from './servidor-estado-badge';

const m = onboardingMessages.servidores;
const columns: FrameColumn[] = [
  { label: m.columns.nombre },
  { label: m.columns.capacidad, ta: 'right' },
  { label: m.columns.receptores, ta: 'right' },
  { label: m.columns.activo },
  { label: m.columns.estado },
];

/** The database servers receivers' databases live on (issue 28): their load and state, and a form to add one. */
export function ServidoresSection() {
  const servidores = useServidores();
  const rows = servidores.data ?? [];

  return (
    <SectionFrame title={m.title} subtitle={m.subtitle}>
      <QueryTable
        query={servidores}
        loading={m.loading}
        loadError={m.loadError}
        minWidth={560}
        label={m.title}
        columns={columns}
        empty={m.empty}
        isEmpty={rows.length === 0}
      >
        {rows.map((servidor) => (
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
        ))}
      </QueryTable>
      <AgregarServidorForm />
    </SectionFrame>
  );
}
