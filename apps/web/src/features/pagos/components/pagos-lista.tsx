import { Badge, Button, Group, Select, Table } from '@mantine/core';
import { PAGOS_PAGE_SIZE, type Pago } from '@receptoria/contracts';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { PagedListCard, type PagedListTexts } from '../../../components/paged-list-card';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type PagosFiltros, useDeshacerPago, useEstudiosPagos, usePagos } from '../api/pagos-api';
import { pagosScreenMessages as m } from '../messages';
import { AplicarCreditoModal } from './aplicar-credito-modal';

const TEXTOS: PagedListTexts = {
  title: m.lista,
  empty: m.sinPagos,
  loadError: m.cargaError,
  retry: m.reintentar,
  previous: m.anterior,
  next: m.siguiente,
  page: m.pagina,
};

/** The payments recorded, by firm; each one's applications, its credit ('Aplicar crédito') and 'Deshacer'. */
export function PagosLista() {
  const [filtros, setFiltros] = useState<PagosFiltros>({ estudio: null, page: 1 });
  const estudios = useEstudiosPagos();
  const pagos = usePagos(filtros);
  const deshacer = useDeshacerPago();
  const [aplicando, setAplicando] = useState<Pago | null>(null);
  const count = pagos.data?.count ?? 0;

  const undo = async (pago: Pago) => {
    const ok = await confirmAction({ title: m.deshacerTitulo, text: m.deshacerTexto(pesos(pago.monto), pago.estudio.nombre), confirm: m.deshacer });
    if (!ok) return;
    try {
      await deshacer.mutateAsync(pago.id);
      notify.success(m.deshacerOk);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <PagedListCard
      testId="pagos-lista"
      texts={TEXTOS}
      query={pagos}
      errorText={errorText}
      rows={pagos.data?.results.length ?? 0}
      count={count}
      pageSize={pagos.data?.page_size ?? PAGOS_PAGE_SIZE}
      page={filtros.page}
      onPage={(page) => setFiltros({ ...filtros, page })}
      minWidth={860}
      filtersBesideTitle
      filters={
        <Select
          aria-label={m.estudio}
          placeholder={m.estudio}
          data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
          value={filtros.estudio}
          onChange={(value) => setFiltros({ estudio: value, page: 1 })}
          searchable
          clearable
          w={280}
        />
      }
      table={() => (
        <Table verticalSpacing={6} data-testid="tabla-pagos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.cols.fecha}</Table.Th>
              <Table.Th>{m.cols.estudio}</Table.Th>
              <Table.Th ta="right">{m.cols.monto}</Table.Th>
              <Table.Th>{m.cols.medio}</Table.Th>
              <Table.Th>{m.cols.referencia}</Table.Th>
              <Table.Th>{m.cols.aplicado}</Table.Th>
              <Table.Th ta="right">{m.cols.credito}</Table.Th>
              <Table.Th>{m.cols.acciones}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(pagos.data?.results ?? []).map((pago) => (
              <Table.Tr key={pago.id} style={pago.reverso ? { opacity: 0.6 } : undefined}>
                <Table.Td>{fechaGuion(pago.fecha)}</Table.Td>
                <Table.Td>{pago.estudio.nombre}</Table.Td>
                <Table.Td ta="right">{pesos(pago.monto)}</Table.Td>
                <Table.Td>{m.medios[pago.medio]}</Table.Td>
                <Table.Td>{pago.referencia || '—'}</Table.Td>
                <Table.Td>
                  {pago.aplicaciones.length === 0 ? '—' : pago.aplicaciones.map((a) => `N° ${a.recibo_numero}: ${pesos(a.monto)}`).join(' · ')}
                </Table.Td>
                <Table.Td ta="right">{pesos(pago.credito)}</Table.Td>
                <Table.Td>
                  {pago.reverso ? (
                    <Badge color="gray" variant="light" tt="none" title={`${pago.reverso.usuario} · ${fechaGuion(pago.reverso.fecha)}`}>
                      {m.deshecho}
                    </Badge>
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      {pago.credito > 0 ? (
                        <Button size="compact-xs" variant="light" onClick={() => setAplicando(pago)}>
                          {m.aplicarCredito}
                        </Button>
                      ) : null}
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => void undo(pago)}>
                        {m.deshacer}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    >
      <AplicarCreditoModal pago={aplicando} onClose={() => setAplicando(null)} />
    </PagedListCard>
  );
}
