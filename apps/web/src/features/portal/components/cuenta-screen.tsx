import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { pesos } from '../../../lib/format';
import { usePortalEstadoCuenta, usePortalRecibos } from '../api/portal-queries';
import { portalTexts } from '../messages';
import { DownloadButton } from './download-button';

const m = portalTexts.cuenta;

/** /portal/cuenta — what the firm owes and its receipts, each with its PDF. */
export function CuentaScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const cuenta = usePortalEstadoCuenta();
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
