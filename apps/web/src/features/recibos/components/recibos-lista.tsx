import { Alert, Anchor, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { RECIBO_ESTADOS, RECIBOS_PAGE_SIZE, type ReciboEstado } from '@receptoria/contracts';
import { useState } from 'react';
import { fechaGuion, pesos } from '../../../lib/format';
import { type RecibosFiltros, useEstudiosRecibos, useRecibos } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';
import { errorText } from '../utils/errors';
import { EstadoReciboBadge } from './recibo-detalle';

const SIN_FILTROS: RecibosFiltros = { estudio: null, estado: null, desde: null, hasta: null, page: 1 };

/** The receipts issued, filtered by firm, state and period, fifty a page; a row opens the receipt. */
export function RecibosLista({ onOpen }: { onOpen: (id: number) => void }) {
  const [filtros, setFiltros] = useState<RecibosFiltros>(SIN_FILTROS);
  const estudios = useEstudiosRecibos();
  const recibos = useRecibos(filtros);
  const set = (patch: Partial<RecibosFiltros>) => setFiltros((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  const count = recibos.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / (recibos.data?.page_size ?? RECIBOS_PAGE_SIZE)));

  return (
    <Card withBorder data-testid="recibos-lista">
      <Stack gap="sm">
        <Title order={4}>{m.lista}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label={m.filtroEstudio}
            placeholder={m.todosLosEstudios}
            data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
            value={filtros.estudio}
            onChange={(value) => set({ estudio: value })}
            searchable
            clearable
          />
          <Select
            label={m.filtroEstado}
            placeholder={m.todosLosEstados}
            data={RECIBO_ESTADOS.map((value) => ({ value, label: m.estados[value] }))}
            value={filtros.estado}
            onChange={(value) => set({ estado: value as ReciboEstado | null })}
            clearable
          />
          <TextInput type="date" label={m.desde} value={filtros.desde ?? ''} onChange={(event) => set({ desde: event.currentTarget.value || null })} />
          <TextInput type="date" label={m.hasta} value={filtros.hasta ?? ''} onChange={(event) => set({ hasta: event.currentTarget.value || null })} />
        </SimpleGrid>
        {recibos.isPending ? (
          <Loader size="sm" />
        ) : recibos.isError ? (
          <Alert color="red" title={m.cargaError}>
            <Group gap="sm">
              <Text size="sm">{errorText(recibos.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void recibos.refetch()}>
                {m.reintentar}
              </Button>
            </Group>
          </Alert>
        ) : recibos.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinRecibos}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing={6} data-testid="tabla-recibos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.cols.numero}</Table.Th>
                  <Table.Th>{m.cols.estudio}</Table.Th>
                  <Table.Th>{m.cols.fecha}</Table.Th>
                  <Table.Th ta="right">{m.cols.diligencias}</Table.Th>
                  <Table.Th ta="right">{m.cols.total}</Table.Th>
                  <Table.Th ta="right">{m.cols.pagado}</Table.Th>
                  <Table.Th ta="right">{m.cols.saldo}</Table.Th>
                  <Table.Th>{m.cols.estado}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recibos.data.results.map((recibo) => (
                  <Table.Tr key={recibo.id}>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => onOpen(recibo.id)} aria-label={m.abrir(recibo.numero)}>
                        {recibo.numero}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{recibo.estudio.nombre}</Table.Td>
                    <Table.Td>{fechaGuion(recibo.fecha)}</Table.Td>
                    <Table.Td ta="right">{recibo.cantidad_diligencias}</Table.Td>
                    <Table.Td ta="right">{pesos(recibo.total)}</Table.Td>
                    <Table.Td ta="right">{pesos(recibo.pagado)}</Table.Td>
                    <Table.Td ta="right">{pesos(recibo.saldo)}</Table.Td>
                    <Table.Td>
                      <EstadoReciboBadge estado={recibo.estado} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {count > 0 ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {m.pagina(filtros.page, pages, count)}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={filtros.page <= 1} onClick={() => set({ page: filtros.page - 1 })}>
                {m.anterior}
              </Button>
              <Button size="xs" variant="default" disabled={filtros.page >= pages} onClick={() => set({ page: filtros.page + 1 })}>
                {m.siguiente}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
