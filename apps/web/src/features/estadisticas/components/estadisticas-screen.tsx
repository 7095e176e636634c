import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { type EstadisticasMensuales, formatCLP, formatDate, formatDateTime, todayIso } from '@receptoria/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconFileTypePdf, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { downloadInformePdf, useEstadisticas } from '../api/estadisticas-api';
import { statisticsErrorMessage } from '../error-message';
import { estadisticasScreenMessages as m } from '../messages';
import { wrappingBadgeStyles } from '../../../components/wrapping-badge';

/** Clock refresh every minute (spec 02 §9). */
const CLOCK_MS = 60_000;
const SEMAFORO_COLOR = { verde: 'green', amarillo: 'yellow', rojo: 'red' } as const;
const ALERTA_STYLE = {
  critica: { color: 'red', icon: IconAlertCircle },
  advertencia: { color: 'yellow', icon: IconAlertTriangle },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

function clp(value: number) {
  return formatCLP(value, '$0');
}

function Kpi({ label, value, extra }: { label: string; value: string; extra?: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {extra}
    </Card>
  );
}

function Variation({ value }: { value: number | null }) {
  if (value === null) return <Text size="xs" c="dimmed">{m.mensual.sinComparacion}</Text>;
  const color = value > 0 ? 'teal' : value < 0 ? 'red' : 'gray';
  return (
    <Badge size="sm" variant="light" color={color}>
      {`${value > 0 ? '+' : ''}${value.toLocaleString('es-CL')}% ${m.mensual.vsAnterior}`}
    </Badge>
  );
}

function Monthly({ data }: { data: EstadisticasMensuales }) {
  const t = m.mensual;
  const c = t.columnas;
  return (
    <Stack gap="md">
      <Title order={3}>{`${t.titulo} (${formatDate(data.periodo.desde)} – ${formatDate(data.periodo.hasta)})`}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Kpi label={t.encargos} value={String(data.resumen.total_encargos)} extra={<Variation value={data.comparativa.encargos_porcentaje} />} />
        <Kpi label={t.ingresos} value={clp(data.resumen.valor_total)} extra={<Variation value={data.comparativa.ingresos_porcentaje} />} />
        <Kpi label={t.promedio} value={clp(data.resumen.promedio_por_encargo)} />
        <Kpi label={t.diasActivos} value={String(data.resumen.dias_activos)} />
      </SimpleGrid>

      <Card withBorder>
        <Text fw={600} mb="sm">
          {t.porDia}
        </Text>
        <BarChart
          h={220}
          data={data.por_dia.map((d) => ({ dia: d.fecha.slice(8, 10), encargos: d.encargos }))}
          dataKey="dia"
          series={[{ name: 'encargos', label: 'Encargos', color: 'blue.6' }]}
          data-testid="chart-por-dia"
        />
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Text fw={600}>{t.rentabilidad}</Text>
          <Text size="xs" c="dimmed" mb="sm">
            {t.semaforoAyuda}
          </Text>
          {/* Narrower than its columns (a phone): the table scrolls inside the card instead of being cut. */}
          <Table.ScrollContainer minWidth={520} type="native">
            <Table striped data-testid="rentabilidad">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.estudio}</Table.Th>
                  <Table.Th>{c.encargos}</Table.Th>
                  <Table.Th>{c.valor}</Table.Th>
                  <Table.Th>{c.promedio}</Table.Th>
                  <Table.Th>{c.semaforo}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rentabilidad_estudios.map((e) => (
                  <Table.Tr key={e.nombre}>
                    <Table.Td>{e.nombre}</Table.Td>
                    <Table.Td>{e.encargos}</Table.Td>
                    <Table.Td>{clp(e.valor_total)}</Table.Td>
                    <Table.Td>{clp(e.promedio_por_encargo)}</Table.Td>
                    <Table.Td>
                      <Badge color={SEMAFORO_COLOR[e.semaforo]}>{m.semaforos[e.semaforo]}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <Card withBorder>
          <Text fw={600} mb="sm">
            {t.topValor}
          </Text>
          <BarChart
            h={200}
            data={data.top_estudios.por_valor.map((e) => ({ estudio: e.nombre, valor: e.valor }))}
            dataKey="estudio"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            valueFormatter={clp}
            series={[{ name: 'valor', label: 'Valor', color: 'teal.6' }]}
            data-testid="chart-top-valor"
          />
          <Text fw={600} mt="md" mb={4}>
            {t.topVolumen}
          </Text>
          <List type="ordered" size="sm">
            {data.top_estudios.por_volumen.map((e) => (
              <List.Item key={e.nombre}>{`${e.nombre} — ${e.cantidad}`}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Text fw={600} mb="sm">
            {t.alertas}
          </Text>
          {data.alertas.length === 0 ? (
            <Text c="dimmed">{t.sinAlertas}</Text>
          ) : (
            <Stack gap="xs">
              {data.alertas.map((alerta) => {
                const style = ALERTA_STYLE[alerta.tipo];
                return (
                  <Alert key={alerta.mensaje} color={style.color} icon={<style.icon size={16} />} py="xs">
                    {alerta.mensaje}
                  </Alert>
                );
              })}
            </Stack>
          )}
        </Card>
        <Card withBorder>
          <Text fw={600} mb="sm">
            {t.predictivo}
          </Text>
          <SimpleGrid cols={2}>
            <Kpi label={t.diaMayor} value={data.analisis_predictivo.dia_mayor_actividad ?? t.sinDatos} />
            <Kpi label={t.promedioDia} value={data.analisis_predictivo.promedio_dia_activo.toLocaleString('es-CL')} />
          </SimpleGrid>
          <Text size="sm" fw={600} mt="sm">
            {t.recomendados}
          </Text>
          <Group gap="xs" mt={4}>
            {data.analisis_predictivo.estudios_recomendados.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t.sinDatos}
              </Text>
            ) : (
              data.analisis_predictivo.estudios_recomendados.slice(0, 2).map((nombre) => (
                <Badge key={nombre} variant="light" size="lg" styles={wrappingBadgeStyles}>
                  {nombre}
                </Badge>
              ))
            )}
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** Estadísticas e Informes (spec 02 §2.5): daily panel and monthly report, refreshed every 5 minutes. */
export function EstadisticasScreen() {
  const [fecha, setFecha] = useState(() => todayIso());
  const [mes, setMes] = useState(() => todayIso().slice(0, 7));
  const [now, setNow] = useState(() => new Date());
  const [pdfLoading, setPdfLoading] = useState(false);
  const [diarias, mensuales] = useEstadisticas(fecha, mes);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  const error = diarias.error ?? mensuales.error;
  const loading = diarias.isPending || mensuales.isPending;
  const updatedAt = Math.max(diarias.dataUpdatedAt, mensuales.dataUpdatedAt);
  const refresh = () => {
    void diarias.refetch();
    void mensuales.refetch();
  };
  const pdf = async () => {
    setPdfLoading(true);
    try {
      await downloadInformePdf(mes);
    } catch {
      notify.error(m.pdfError);
    } finally {
      setPdfLoading(false);
    }
  };

  const day = diarias.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
          <Group gap="md" mt={4}>
            {updatedAt > 0 && (
              <Text size="xs" c="dimmed" data-testid="ultima-actualizacion">
                {m.ultimaActualizacion(formatDateTime(new Date(updatedAt)))}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {m.horaActual(formatDateTime(now))}
            </Text>
          </Group>
        </div>
        <Group gap="xs" align="flex-end">
          <TextInput type="date" label={m.fecha} value={fecha} onChange={(e) => e.currentTarget.value && setFecha(e.currentTarget.value)} />
          <TextInput type="month" label={m.mes} value={mes} onChange={(e) => e.currentTarget.value && setMes(e.currentTarget.value)} />
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={refresh} loading={diarias.isFetching || mensuales.isFetching}>
            {m.actualizar}
          </Button>
          <Button leftSection={<IconFileTypePdf size={16} />} onClick={() => void pdf()} loading={pdfLoading} disabled={!mensuales.data}>
            {m.pdf}
          </Button>
        </Group>
      </Group>

      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={m.errorTitulo} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{statisticsErrorMessage(error)}</Text>
            <Button size="xs" color="red" variant="light" onClick={refresh}>
              {m.reintentar}
            </Button>
          </Stack>
        </Alert>
      ) : loading ? (
        <Center py="xl">
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">{m.cargando}</Text>
          </Group>
        </Center>
      ) : (
        <>
          {day && (
            <Stack gap="md">
              <Title order={3}>{`${m.diario.titulo} (${formatDate(day.fecha)})`}</Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Kpi label={m.diario.encargos} value={String(day.encargos.total)} />
                <Kpi label={m.diario.facturado} value={clp(day.valor.total_facturado)} />
                <Kpi label={m.diario.promedio} value={clp(day.valor.promedio_por_encargo)} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <Card withBorder>
                  <Text fw={600} mb="sm">
                    {m.diario.porHora}
                  </Text>
                  <BarChart
                    h={200}
                    data={day.por_hora.map((h) => ({ hora: `${String(h.hora).padStart(2, '0')}:00`, encargos: h.encargos }))}
                    dataKey="hora"
                    series={[{ name: 'encargos', label: 'Encargos', color: 'indigo.6' }]}
                    data-testid="chart-por-hora"
                  />
                </Card>
                <Card withBorder>
                  <Text fw={600} mb="sm">
                    {m.diario.detalle}
                  </Text>
                  {day.encargos.detalle.length === 0 ? (
                    <Text c="dimmed">{m.diario.sinDatos}</Text>
                  ) : (
                    <Table.ScrollContainer minWidth={420} mah={260}>
                      <Table striped stickyHeader data-testid="detalle-diario">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{m.diario.columnas.rol}</Table.Th>
                            <Table.Th>{m.diario.columnas.estado}</Table.Th>
                            <Table.Th>{m.diario.columnas.valor}</Table.Th>
                            <Table.Th>{m.diario.columnas.estudio}</Table.Th>
                            <Table.Th>{m.diario.columnas.hora}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {day.encargos.detalle.map((row) => (
                            <Table.Tr key={row.id}>
                              <Table.Td>{row.numero_rol}</Table.Td>
                              <Table.Td>{m.estados[row.estado]}</Table.Td>
                              <Table.Td>{clp(row.valor_cobrado)}</Table.Td>
                              <Table.Td>{row.estudio_juridico}</Table.Td>
                              <Table.Td>{row.hora}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Card>
              </SimpleGrid>
            </Stack>
          )}
          {mensuales.data && <Monthly data={mensuales.data} />}
        </>
      )}
    </Stack>
  );
}
