import { formatDate, type RutaDomicilio } from '@receptoria/contracts';
import { Badge, Checkbox, Stack, Table, Text } from '@mantine/core';
import { RowCard, usePhoneLayout } from '../../../components/row-cards';
import { rutasScreenMessages as m } from '../messages';

interface RutasDomiciliosProps {
  rows: RutaDomicilio[];
  selected: Set<number>;
  allSelected: boolean;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
}

const EstadoBadge = ({ estado }: { estado: RutaDomicilio['estado_encargo'] }) => (
  <Badge size="sm" variant="light" color={estado === 'preparado' ? 'blue' : 'gray'} styles={{ label: { overflow: 'visible' } }}>
    {m.estados[estado]}
  </Badge>
);

/** The plannable addresses with a checkbox each: a table, cards on a phone. */
export function RutasDomicilios({ rows, selected, allSelected, onToggle, onToggleAll }: RutasDomiciliosProps) {
  const phone = usePhoneLayout();
  const c = m.columnas;
  if (phone) {
    return (
      <Stack gap="xs" data-testid="rutas-domicilios-cards">
        {rows.map((row) => (
          <RowCard
            key={row.id}
            testId="rutas-card"
            selected={selected.has(row.id)}
            leading={<Checkbox size="md" aria-label={m.seleccionar(row.numero_rol, row.direccion)} checked={selected.has(row.id)} onChange={() => onToggle(row.id)} />}
            title={<Text fw={600}>{row.numero_rol}</Text>}
            aside={<EstadoBadge estado={row.estado_encargo} />}
            fields={[
              { label: c.direccion, value: row.direccion_completa },
              { label: c.comuna, value: row.comuna },
              { label: c.ejecutado, value: row.ejecutado_completo },
              { label: c.tipo, value: row.tipo_encargo || '—' },
              { label: c.fecha, value: formatDate(row.fecha_encargo) },
              { label: c.estudio, value: row.estudio_juridico },
            ]}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1000} mah={460}>
      <Table striped highlightOnHover stickyHeader data-testid="rutas-domicilios">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label={allSelected ? m.deseleccionarTodos : m.seleccionarTodos} checked={allSelected} onChange={onToggleAll} />
            </Table.Th>
            {Object.values(c).map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} bg={selected.has(row.id) ? 'var(--mantine-color-blue-light)' : undefined}>
              <Table.Td>
                <Checkbox aria-label={m.seleccionar(row.numero_rol, row.direccion)} checked={selected.has(row.id)} onChange={() => onToggle(row.id)} />
              </Table.Td>
              <Table.Td fw={600}>{row.numero_rol}</Table.Td>
              <Table.Td>
                <EstadoBadge estado={row.estado_encargo} />
              </Table.Td>
              <Table.Td>{row.ejecutado_completo}</Table.Td>
              <Table.Td>{row.direccion_completa}</Table.Td>
              <Table.Td>{row.comuna}</Table.Td>
              <Table.Td>{row.ciudad}</Table.Td>
              <Table.Td>{row.tipo_encargo || '—'}</Table.Td>
              <Table.Td>{formatDate(row.fecha_encargo)}</Table.Td>
              <Table.Td>{row.estudio_juridico}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
