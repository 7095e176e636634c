import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ABIERTOS_PAGE_SIZE, ANTIGUEDAD_TRAMOS, type EstadoCuenta, MOVIMIENTOS_PAGE_SIZE, todayIso } from '@receptoria/contracts';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/confirm-action';
import { MovimientosTable } from '../../../components/movimientos-table';
import { Pager } from '../../../components/pager';
import { errorText } from '../../../lib/error-text';
import { fechaGuion, pesos } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { downloadEstadoCuenta, type EstadoCuentaPaginasVista, useEnviarEstadoCuenta, useEstadoCuenta, useEstudiosPagos } from '../api/pagos-api';
import { pagosScreenMessages as m } from '../messages';

const TRAMO_COLOR = { d0_30: 'teal.6', d31_60: 'yellow.6', d61_90: 'orange.6', d90_mas: 'red.6' } as const;

function Cifra({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Antiguedad({ cuenta }: { cuenta: EstadoCuenta }) {
  // One group of four bars, one per bucket, each with its colour.
  const data = [{ grupo: m.saldo, ...cuenta.antiguedad }];
  return (
    <Card withBorder data-testid="estado-cuenta-antiguedad">
      <Title order={5} mb="sm">
        {m.antiguedad}
      </Title>
      <BarChart
        h={220}
        data={data}
        dataKey="grupo"
        series={ANTIGUEDAD_TRAMOS.map((tramo) => ({ name: tramo, label: m.tramos[tramo], color: TRAMO_COLOR[tramo] }))}
        valueFormatter={(value) => pesos(value)}
        withLegend
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
        {ANTIGUEDAD_TRAMOS.map((tramo) => (
          <Stack gap={0} key={tramo} data-testid={`antiguedad-${tramo}`}>
            <Text size="xs" c="dimmed">
              {m.tramos[tramo]}
            </Text>
            <Text size="sm" fw={600}>
              {pesos(cuenta.antiguedad[tramo])}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Detalle({
  cuenta,
  paginas,
  onPaginas,
}: {
  cuenta: EstadoCuenta;
  paginas: EstadoCuentaPaginasVista;
  onPaginas: (paginas: EstadoCuentaPaginasVista) => void;
}) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Cifra label={m.saldo} value={pesos(cuenta.saldo)} testId="estado-cuenta-saldo" />
        <Cifra label={m.creditoDisponible} value={pesos(cuenta.credito)} testId="estado-cuenta-credito" />
      </SimpleGrid>
      <Antiguedad cuenta={cuenta} />
      <Card withBorder>
        <Title order={5} mb="sm">
          {m.recibosAbiertos}
        </Title>
        {cuenta.recibos_abiertos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinAbiertos}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} data-testid="estado-cuenta-abiertos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.cols.numero}</Table.Th>
                  <Table.Th>{m.cols.fecha}</Table.Th>
                  <Table.Th ta="right">{m.cols.dias}</Table.Th>
                  <Table.Th ta="right">{m.cols.total}</Table.Th>
                  <Table.Th ta="right">{m.cols.pagado}</Table.Th>
                  <Table.Th ta="right">{m.cols.retenido}</Table.Th>
                  <Table.Th ta="right">{m.cols.saldo}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cuenta.recibos_abiertos.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.numero}</Table.Td>
                    <Table.Td>{fechaGuion(r.fecha)}</Table.Td>
                    <Table.Td ta="right">{r.dias}</Table.Td>
                    <Table.Td ta="right">{pesos(r.total)}</Table.Td>
                    <Table.Td ta="right">{pesos(r.pagado)}</Table.Td>
                    <Table.Td ta="right">{pesos(r.retenido)}</Table.Td>
                    <Table.Td ta="right">{pesos(r.saldo)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager
          testId="estado-cuenta-abiertos-paginas"
          page={paginas.abiertos}
          total={cuenta.recibos_abiertos_total ?? cuenta.recibos_abiertos.length}
          pageSize={ABIERTOS_PAGE_SIZE}
          texto={m.abiertosPagina}
          atras={m.anterior}
          adelante={m.siguiente}
          onPage={(abiertos) => onPaginas({ ...paginas, abiertos })}
        />
      </Card>
      <Card withBorder>
        <Title order={5} mb="sm">
          {m.movimientos}
        </Title>
        {cuenta.movimientos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinMovimientos}
          </Text>
        ) : (
          <MovimientosTable
            movimientos={cuenta.movimientos}
            testId="estado-cuenta-movimientos"
            minWidth={640}
            cols={m.cols}
            fecha={fechaGuion}
            tipoTitulo={(tipo) => m.tiposMovimiento[tipo]}
          />
        )}
        <Pager
          testId="estado-cuenta-movimientos-paginas"
          page={paginas.movimientos}
          total={cuenta.movimientos_total ?? cuenta.movimientos.length}
          pageSize={MOVIMIENTOS_PAGE_SIZE}
          texto={m.movimientosPagina}
          atras={m.movimientosMasRecientes}
          adelante={m.movimientosAnteriores}
          onPage={(movimientos) => onPaginas({ ...paginas, movimientos })}
        />
      </Card>
    </Stack>
  );
}

const PRIMERAS_PAGINAS: EstadoCuentaPaginasVista = { movimientos: 1, abiertos: 1 };

/** Cobranza › Estado de cuenta (issue 25): a firm's balance as of a date, its ageing, receipts and movements. */
export function EstadoCuentaTab() {
  const [searchParams] = useSearchParams();
  const estudios = useEstudiosPagos();
  const [estudio, setEstudio] = useState<string | null>(searchParams.get('estudio'));
  const [hasta, setHasta] = useState(todayIso());
  const [paginas, setPaginas] = useState(PRIMERAS_PAGINAS);
  const estudioId = estudio ? Number(estudio) : null;
  const fecha = hasta || todayIso();
  const cuenta = useEstadoCuenta(estudioId, fecha, paginas);
  const enviar = useEnviarEstadoCuenta();

  const descargar = (formato: 'pdf' | 'xlsx') => {
    if (!estudioId) return;
    downloadEstadoCuenta(estudioId, fecha, formato).catch((error: unknown) => notify.error(`${m.descargaError}: ${errorText(error)}`));
  };

  const mandar = async () => {
    if (!estudioId || !cuenta.data) return;
    const ok = await confirmAction({ title: m.enviarTitulo, text: m.enviarTexto(cuenta.data.estudio.nombre, fechaGuion(fecha)), confirm: m.enviar, color: 'blue' });
    if (!ok) return;
    try {
      notify.success((await enviar.mutateAsync({ estudioId, hasta: fecha })).mensaje);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <Stack gap="lg" data-testid="estado-cuenta">
      <Card withBorder>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={m.estudio}
            placeholder={m.estudioPlaceholder}
            data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
            value={estudio}
            onChange={(value) => {
              setEstudio(value);
              setPaginas(PRIMERAS_PAGINAS);
            }}
            searchable
            w={320}
          />
          <TextInput
            type="date"
            label={m.hasta}
            value={hasta}
            onChange={(event) => {
              setHasta(event.currentTarget.value);
              setPaginas(PRIMERAS_PAGINAS);
            }}
            w={180}
          />
          <Group gap="xs">
            <Button variant="light" leftSection={<IconDownload size={16} />} disabled={!cuenta.data} onClick={() => descargar('pdf')}>
              {m.descargarPdf}
            </Button>
            <Button variant="light" leftSection={<IconDownload size={16} />} disabled={!cuenta.data} onClick={() => descargar('xlsx')}>
              {m.descargarXlsx}
            </Button>
            <Button leftSection={<IconMail size={16} />} disabled={!cuenta.data} loading={enviar.isPending} onClick={() => void mandar()}>
              {m.enviar}
            </Button>
          </Group>
        </Group>
      </Card>
      {!estudioId ? (
        <Text c="dimmed">{m.elegirEstudio}</Text>
      ) : cuenta.isPending ? (
        <Loader />
      ) : cuenta.isError ? (
        <Alert color="red" title={m.estadoError}>
          {errorText(cuenta.error)}
        </Alert>
      ) : (
        <Detalle cuenta={cuenta.data} paginas={paginas} onPaginas={setPaginas} />
      )}
    </Stack>
  );
}
