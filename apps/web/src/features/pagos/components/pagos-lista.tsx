import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { PAGOS_PAGE_SIZE, type Pago } from '@receptoria/contracts';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type PagosFiltros, useDeshacerPago, useEstudiosPagos, usePagos } from '../api/pagos-api';
import { pagosScreenMessages as m } from '../messages';
import { errorText } from '../utils/errors';
import { AplicarCreditoModal } from './aplicar-credito-modal';

/** The payments recorded, by firm; each one's applications, its credit ('Aplicar crédito') and 'Deshacer'. */
export function PagosLista() {
  const [filtros, setFiltros] = useState<PagosFiltros>({ estudio: null, page: 1 });
  const estudios = useEstudiosPagos();
  const pagos = usePagos(filtros);
  const deshacer = useDeshacerPago();
  const [aplicando, setAplicando] = useState<Pago | null>(null);
  const count = pagos.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / (pagos.data?.page_size ?? PAGOS_PAGE_SIZE)));

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
    <Card withBorder data-testid="pagos-lista">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>{m.lista}</Title>
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
        </Group>
        {pagos.isPending ? (
          <Loader size="sm" />
        ) : pagos.isError ? (
          <Alert color="red" title={m.cargaError}>
            {errorText(pagos.error)}
          </Alert>
        ) : pagos.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinPagos}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
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
                {pagos.data.results.map((pago) => (
                  <Table.Tr key={pago.id} style={pago.reverso ? { opacity: 0.6 } : undefined}>
                    <Table.Td>{fechaGuion(pago.fecha)}</Table.Td>
                    <Table.Td>{pago.estudio.nombre}</Table.Td>
                    <Table.Td ta="right">{pesos(pago.monto)}</Table.Td>
                    <Table.Td>{m.medios[pago.medio]}</Table.Td>
                    <Table.Td>{pago.referencia || '—'}</Table.Td>
                    <Table.Td>
                      {pago.aplicaciones.length === 0
                        ? '—'
                        : pago.aplicaciones.map((a) => `N° ${a.recibo_numero}: ${pesos(a.monto)}`).join(' · ')}
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
          </Table.ScrollContainer>
        )}
        {count > 0 ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {m.pagina(filtros.page, pages, count)}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={filtros.page <= 1} onClick={() => setFiltros({ ...filtros, page: filtros.page - 1 })}>
                {m.anterior}
              </Button>
              <Button size="xs" variant="default" disabled={filtros.page >= pages} onClick={() => setFiltros({ ...filtros, page: filtros.page + 1 })}>
                {m.siguiente}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
      <AplicarCreditoModal pago={aplicando} onClose={() => setAplicando(null)} />
    </Card>
  );
}
