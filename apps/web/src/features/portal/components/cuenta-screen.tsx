import { Alert, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, MOVIMIENTOS_PAGE_SIZE, type PortalEstadoCuentaResponse } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { pesos } from '../../../lib/format';
import { usePortalEstadoCuenta, usePortalRecibos } from '../api/portal-queries';
import { portalTexts } from '../messages';
import { DownloadButton } from './download-button';

const m = portalTexts.cuenta;

/** The account's movements, a page at a time from the most recent back, each with the running balance. */
function Movimientos({ cuenta, page, onPage }: { cuenta: PortalEstadoCuentaResponse; page: number; onPage: (page: number) => void }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="h4" mb="sm">
        {m.movimientos}
      </Title>
      {cuenta.movimientos.length === 0 ? (
        <Text c="dimmed">{m.sinMovimientos}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} striped data-testid="portal-movimientos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.cols.fecha}</Table.Th>
                <Table.Th>{m.cols.descripcion}</Table.Th>
                <Table.Th ta="right">{m.cols.cargo}</Table.Th>
                <Table.Th ta="right">{m.cols.abono}</Table.Th>
                <Table.Th ta="right">{m.cols.saldo}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cuenta.movimientos.map((mov, index) => (
                <Table.Tr key={`${mov.tipo}-${mov.recibo_id ?? ''}-${mov.pago_id ?? ''}-${index}`}>
                  <Table.Td>{formatDate(mov.fecha)}</Table.Td>
                  <Table.Td>{mov.descripcion}</Table.Td>
                  <Table.Td ta="right">{mov.cargo ? pesos(mov.cargo) : ''}</Table.Td>
                  <Table.Td ta="right">{mov.abono ? pesos(mov.abono) : ''}</Table.Td>
                  <Table.Td ta="right">{pesos(mov.saldo)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        testId="portal-movimientos-paginas"
        page={page}
        total={cuenta.movimientos_total ?? cuenta.movimientos.length}
        pageSize={MOVIMIENTOS_PAGE_SIZE}
        texto={m.movimientosPagina}
        atras={m.movimientosMasRecientes}
        adelante={m.movimientosAnteriores}
        onPage={onPage}
      />
    </Card>
  );
}

/** /portal/cuenta — what the firm owes, its movements a page at a time, and its receipts, each with its PDF. */
export function CuentaScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const [movimientosPage, setMovimientosPage] = useState(1);
  const cuenta = usePortalEstadoCuenta(movimientosPage);
  const recibos = usePortalRecibos();

  return (
    <Stack gap="md">
      <Title order={2}>{m.title}</Title>
      {(cuenta.isError || recibos.isError) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.loadError}
        </Alert>
      )}
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {m.saldo}
        </Text>
        {cuenta.isPending ? (
          <Loader size="sm" type="dots" aria-label="Cargando" />
        ) : (
          <Text fz={28} fw={700} data-testid="portal-saldo">
            {pesos(cuenta.data?.saldo ?? 0)}
          </Text>
        )}
      </Card>
      {cuenta.data && <Movimientos cuenta={cuenta.data} page={movimientosPage} onPage={setMovimientosPage} />}
      <Title order={3} fz="h4">
        {m.recibos}
      </Title>
      {recibos.isPending && <Loader size="sm" type="dots" aria-label="Cargando" />}
      {recibos.data && recibos.data.results.length === 0 && <Text c="dimmed">{m.empty}</Text>}
      <Stack gap="sm">
        {recibos.data?.results.map((recibo) => (
          <Card key={recibo.id} withBorder padding="sm" data-testid="portal-recibo">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>N° {recibo.numero}</Text>
              <Text fw={600}>{pesos(recibo.total)}</Text>
            </Group>
            <Group justify="space-between" wrap="wrap" mt={4} gap="xs">
              <Text size="sm" c="dimmed">
                {formatDate(recibo.fecha)} · {m.saldo}: {pesos(recibo.saldo)}
              </Text>
              <DownloadButton url={recibo.url} label={m.descargar} fallbackName={`recibo-${recibo.numero}.pdf`} />
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
