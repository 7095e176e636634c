import { Anchor, Select, SimpleGrid, Table, TextInput } from '@mantine/core';
import { RECIBO_ESTADOS, RECIBOS_PAGE_SIZE, type ReciboEstado } from '@receptoria/contracts';
import { useState } from 'react';
import { PagedListCard, type PagedListTexts } from '../../../components/paged-list-card';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { type RecibosFiltros, useEstudiosRecibos, useRecibos } from '../api/recibos-api';
import { recibosScreenMessages as m } from '../messages';
import { EstadoReciboBadge } from './recibo-detalle';

const TEXTOS: PagedListTexts = {
  title: m.lista,
  empty: m.sinRecibos,
  loadError: m.cargaError,
  retry: m.reintentar,
  previous: m.anterior,
  next: m.siguiente,
  page: m.pagina,
};

const SIN_FILTROS: RecibosFiltros = { estudio: null, estado: null, desde: null, hasta: null, page: 1 };

/** The receipts issued, filtered by firm, state and period, fifty a page; a row opens the receipt. */
export function RecibosLista({ onOpen }: { onOpen: (id: number) => void }) {
  const [filtros, setFiltros] = useState<RecibosFiltros>(SIN_FILTROS);
  const estudios = useEstudiosRecibos();
  const recibos = useRecibos(filtros);
  const set = (patch: Partial<RecibosFiltros>) => setFiltros((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  const count = recibos.data?.count ?? 0;

  return (
    <PagedListCard
      testId="recibos-lista"
      texts={TEXTOS}
      query={recibos}
      errorText={errorText}
      rows={recibos.data?.results.length ?? 0}
      count={count}
      pageSize={recibos.data?.page_size ?? RECIBOS_PAGE_SIZE}
      page={filtros.page}
      onPage={(page) => set({ page })}
      minWidth={760}
      filters={
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
      }
      table={() => (
        <Table highlightOnHover verticalSpacing={6} data-testid="tabla-recibos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.cols.numero}</Table.Th>
              <Table.Th>{m.cols.estudio}</Table.Th>
              <Table.Th>{m.cols.fecha}</Table.Th>
              <Table.Th ta="right">{m.cols.diligencias}</Table.Th>
              <Table.Th ta="right">{m.cols.total}</Table.Th>
              <Table.Th ta="right">{m.cols.pagado}</Table.Th>
              <Table.Th ta="right">{m.cols.retenido}</Table.Th>
              <Table.Th ta="right">{m.cols.saldo}</Table.Th>
              <Table.Th>{m.cols.estado}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(recibos.data?.results ?? []).map((recibo) => (
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
                <Table.Td ta="right">{pesos(recibo.retenido)}</Table.Td>
                <Table.Td ta="right">{pesos(recibo.saldo)}</Table.Td>
                <Table.Td>
                  <EstadoReciboBadge estado={recibo.estado} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    />
  );
}
