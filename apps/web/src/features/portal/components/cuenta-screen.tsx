import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, MOVIMIENTOS_PAGE_SIZE, type PortalEstadoCuentaResponse } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { MovimientosTable } from '../../../components/movimientos-table';
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
        <MovimientosTable movimientos={cuenta.movimientos} testId="portal-movimientos" minWidth={520} cols={m.cols} fecha={formatDate} />
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
              <Text size="sm" c="dimmed" data-testid="portal-recibo-montos">
                {formatDate(recibo.fecha)} · {m.pagado}: {pesos(recibo.pagado)}
                {recibo.retenido > 0 ? ` · ${m.retenido}: ${pesos(recibo.retenido)}` : ''} · {m.saldo}: {pesos(recibo.saldo)}
              </Text>
              <DownloadButton url={recibo.url} label={m.descargar} fallbackName={`recibo-${recibo.numero}.pdf`} />
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
