import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { CORREO_ESTADO_LABELS, CORREO_ESTADOS, CORREO_PAGE_SIZE, type CorreoEstado, formatDateTime } from '@receptoria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListLoading, ScreenLoadError } from '../../../components/list-states';
import { Pager } from '../../../components/pager';
import { api } from '../../../lib/api-client';
import { useCorreosSalientes } from '../api/correo-saliente';
import { correoSalienteMessages as m } from '../messages';
import { CorreoDetalleModal, EstadoCorreoBadge } from './correo-detalle-modal';

const ESTADO_OPTIONS = [{ value: '', label: m.todos }, ...CORREO_ESTADOS.map((estado) => ({ value: estado, label: CORREO_ESTADO_LABELS[estado] }))];

/** The receiver's name for the platform admin looking at another receiver's mail. */
function useNombreCliente(cliente: number | null) {
  return useQuery({
    queryKey: ['correo-saliente', cliente, 'cliente'],
    queryFn: () => api.get<{ receptor: { nombre: string } }>(`/onboarding/clientes/${cliente}/`),
    enabled: cliente !== null,
    select: (data) => data.receptor.nombre,
  });
}

/**
 * Correo saliente: the receiver's mail, newest first, with its state; a mail opens with its body and
 * files ('Copiar enlace' for a portal invitation). `?cliente=<id>` shows another receiver's (platform admin).
 */
export function CorreoSalienteScreen() {
  const [params] = useSearchParams();
  const clienteParam = Number(params.get('cliente'));
  const cliente = Number.isInteger(clienteParam) && clienteParam > 0 ? clienteParam : null;
  const [estado, setEstado] = useState<CorreoEstado | null>(null);
  const [page, setPage] = useState(1);
  const [abierto, setAbierto] = useState<number | null>(null);
  const correos = useCorreosSalientes(cliente, estado, page);
  const nombre = useNombreCliente(cliente);
  const rows = correos.data?.results ?? [];

  return (
    <Stack gap="md" data-testid="correo-saliente">
      <Stack gap={2}>
        <Title order={2}>{m.title}</Title>
        <Text size="sm" c="dimmed">
          {cliente && nombre.data ? m.descriptionCliente(nombre.data) : m.description}
        </Text>
      </Stack>
      <Paper withBorder shadow="xs" p="md">
        <Stack gap="sm">
          <Group align="flex-end">
            <Select
              label={m.estado}
              data={ESTADO_OPTIONS}
              value={estado ?? ''}
              onChange={(value) => {
                setEstado(value ? (value as CorreoEstado) : null);
                setPage(1);
              }}
              allowDeselect={false}
              w={240}
            />
          </Group>
          {rows.some((row) => row.estado === 'sin_transporte') && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
              {m.sinTransporteAviso}
            </Alert>
          )}
          {correos.isPending ? (
            <ListLoading text={m.loading} />
          ) : correos.isError ? (
            <ScreenLoadError title={m.loadError} retry={m.retry} onRetry={() => void correos.refetch()} retrying={correos.isFetching} />
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.empty}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.creado}</Table.Th>
                    <Table.Th>{m.asunto}</Table.Th>
                    <Table.Th>{m.para}</Table.Th>
                    <Table.Th>{m.estado}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((correo) => (
                    <Table.Tr key={correo.id} data-testid="correo-fila" style={{ cursor: 'pointer' }} onClick={() => setAbierto(correo.id)}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(correo.creado)}</Table.Td>
                      <Table.Td>{correo.asunto}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{correo.para}</Table.Td>
                      <Table.Td>
                        <EstadoCorreoBadge estado={correo.estado} />
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="subtle" onClick={() => setAbierto(correo.id)}>
                          {m.ver}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager
            testId="correo-paginas"
            page={page}
            total={correos.data?.count ?? 0}
            pageSize={CORREO_PAGE_SIZE}
            texto={m.pagina}
            atras={m.anteriores}
            adelante={m.siguientes}
            onPage={setPage}
          />
        </Stack>
      </Paper>
      <CorreoDetalleModal cliente={cliente} id={abierto} onClose={() => setAbierto(null)} />
    </Stack>
  );
}
