import { Badge, ScrollArea, Table, Text, Title } from '@mantine/core';
import { ENVIO_ESTADO_LABELS, ENVIO_ORIGEN_LABELS, FRECUENCIA_LABELS, formatDate, formatDateTime } from '@receptoria/contracts';
import { useInformesEnviados } from '../api/informes';
import { informesMessages as m } from '../messages';

const ESTADO_COLOR = { enviando: 'blue', enviado: 'teal', sin_datos: 'gray', fallido: 'red' } as const;

/** Delivery log of a firm's reports, newest first. */
export function EnviosLog({ estudioId }: { estudioId: number }) {
  const { data } = useInformesEnviados(estudioId);
  const c = m.historialColumnas;
  return (
    <div data-testid="informes-historial">
      <Title order={5} mb="xs">
        {m.historial}
      </Title>
      {!data || data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.historialVacio}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="18rem" type="auto">
          <Table striped fz="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.fecha}</Table.Th>
                <Table.Th>{c.frecuencia}</Table.Th>
                <Table.Th>{c.periodo}</Table.Th>
                <Table.Th>{c.origen}</Table.Th>
                <Table.Th>{c.estado}</Table.Th>
                <Table.Th>{c.intentos}</Table.Th>
                <Table.Th>{c.destinatarios}</Table.Th>
                <Table.Th>{c.detalle}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((envio) => (
                <Table.Tr key={envio.id}>
                  <Table.Td>{formatDateTime(envio.fecha_envio ?? envio.fecha_creacion)}</Table.Td>
                  <Table.Td>{FRECUENCIA_LABELS[envio.frecuencia]}</Table.Td>
                  <Table.Td>
                    {envio.fecha_inicio === envio.fecha_fin
                      ? formatDate(envio.fecha_inicio)
                      : `${formatDate(envio.fecha_inicio)} al ${formatDate(envio.fecha_fin)}`}
                  </Table.Td>
                  <Table.Td>{ENVIO_ORIGEN_LABELS[envio.origen]}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={ESTADO_COLOR[envio.estado]}>
                      {ENVIO_ESTADO_LABELS[envio.estado]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{envio.intentos}</Table.Td>
                  <Table.Td>{envio.destinatarios.join(', ')}</Table.Td>
                  <Table.Td c={envio.error ? 'red' : undefined}>
                    {envio.error || (envio.estado === 'enviado' ? `${envio.filas} roles · ${envio.via.toUpperCase()}` : '')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
