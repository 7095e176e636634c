import { Badge, Group, Table, Text } from '@mantine/core';
import { type Encargo, formatCLP, formatDate } from '@receptoria/contracts';
import { Link } from 'react-router';
import { EstadoBadge } from '../../../components/estado-badge';
import { RowCard } from '../../../components/row-cards';
import { paths } from '../../../config/paths';
import { encargosMessages } from '../messages';

const m = encargosMessages.pendientes;

function text(value: string | null | undefined): string {
  return value?.trim() ? value : m.noEspecificado;
}

/** The rol (to Re-encargos), its RE-ENCARGO mark with the original's link, and the case type. */
function RolCell({ encargo }: { encargo: Encargo }) {
  return (
    <>
      <Text
        component={Link}
        to={`${paths.reEncargos}?rol=${encodeURIComponent(encargo.numero_rol)}`}
        fw={600}
        size="sm"
        c="brand.7"
        style={{ whiteSpace: 'nowrap' }}
      >
        {encargo.numero_rol}
      </Text>
      {encargo.es_re_encargo && (
        <Group gap={4} wrap="nowrap" mt={2}>
          <Badge color="grape" variant="filled" radius="sm" size="xs" styles={{ label: { overflow: 'visible' } }}>
            {m.badgeReEncargo}
          </Badge>
          {encargo.encargo_original_id && (
            <Text
              component={Link}
              to={`${paths.reEncargos}?rol=${encodeURIComponent(encargo.numero_rol)}&id=${encargo.encargo_original_id}`}
              size="xs"
              c="grape.8"
              td="underline"
              style={{ whiteSpace: 'nowrap' }}
            >
              {m.verOriginal}
            </Text>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {text(encargo.tipo_causa_nombre ?? encargo.tipo_causa?.nombre)}
      </Text>
    </>
  );
}

export function EncargoRow({ encargo }: { encargo: Encargo }) {
  return (
    <Table.Tr>
      <Table.Td>
        <RolCell encargo={encargo} />
      </Table.Td>
      <Table.Td>
        <EstadoBadge estado={encargo.estado} />
      </Table.Td>
      <Table.Td>{text(encargo.tipo_encargo_nombre ?? encargo.tipo_encargo?.nombre)}</Table.Td>
      <Table.Td>{text(encargo.ejecutados)}</Table.Td>
      <Table.Td>{text(encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre)}</Table.Td>
      <Table.Td>{text(encargo.tribunal_nombre ?? encargo.tribunal?.nombre)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(encargo.fecha_encargo, m.noEspecificada)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatCLP(encargo.cuantia, m.noEspecificada)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The same assignment as a card at phone widths: nothing scrolls sideways, the amount is never cut. */
export function EncargoCard({ encargo }: { encargo: Encargo }) {
  const c = m.columns;
  return (
    <RowCard
      testId="pendiente-card"
      title={<RolCell encargo={encargo} />}
      aside={<EstadoBadge estado={encargo.estado} />}
      fields={[
        { label: c.ejecutado, value: text(encargo.ejecutados) },
        { label: c.tipoEncargo, value: text(encargo.tipo_encargo_nombre ?? encargo.tipo_encargo?.nombre) },
        { label: c.estudio, value: text(encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre) },
        { label: c.tribunal, value: text(encargo.tribunal_nombre ?? encargo.tribunal?.nombre) },
        { label: c.fecha, value: formatDate(encargo.fecha_encargo, m.noEspecificada) },
        { label: c.cuantia, value: formatCLP(encargo.cuantia, m.noEspecificada), amount: true },
      ]}
    />
  );
}
