import {
  COBRANZA_COLUMNAS,
  COBRANZA_COLUMNAS_OBLIGATORIAS,
  type CobranzaEncargo,
  type CobranzaColumnaId,
  formatCLP,
  formatDate,
  formatDateTime,
  ordenarColumnas,
  type PlanillaHistorial,
} from '@receptoria/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  type CobranzaFilters,
  downloadPlanilla,
  useEncargosCobranza,
  useEnviarPlanilla,
  useEstudiosCobranza,
  useGenerarPlanilla,
  useHistorialCobranza,
} from '../api/cobranza-api';
import { cobranzaScreenMessages as m } from '../messages';

/** The collection link toast stays 120 s (spec 02 §8, §9). */
const LINK_TOAST_MS = 120_000;
const DATE_KEYS = new Set<CobranzaColumnaId>(['fecha_diligencia', 'fecha_demanda', 'fecha_estampado', 'fecha_encargo']);

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function cellText(row: CobranzaEncargo, column: CobranzaColumnaId): string {
  const value = row[column];
  if (column === 'valor_asociado') return formatCLP(row.valor_asociado, '$0');
  if (DATE_KEYS.has(column)) return formatDate(value as string | null, '—');
  return value === null || value === '' ? '—' : String(value);
}

function periodo(filtros: PlanillaHistorial['filtros']): string {
  if (filtros.fechaEspecifica) return formatDate(filtros.fechaEspecifica);
  if (filtros.fechaInicio || filtros.fechaFin) {
    return `${filtros.fechaInicio ? formatDate(filtros.fechaInicio) : '…'} – ${filtros.fechaFin ? formatDate(filtros.fechaFin) : '…'}`;
  }
  return 'Todo el período';
}

function showDownloadToast(url: string, nombre: string) {
  const id = `planilla-${url}`;
  notifications.show({
    id,
    color: 'teal',
    title: m.generada,
    autoClose: LINK_TOAST_MS,
    withBorder: true,
    message: (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{nombre}</Text>
        <Button
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => {
            downloadPlanilla(url, nombre).catch(() => notify.error(m.descargarError));
          }}
        >
          {m.descargar}
        </Button>
      </Stack>
    ),
  });
}

/** Cobranza (spec 02 §2.2): filters, column choice, preview with CLP total, sheet and mail. */
export function CobranzaScreen() {
  const [filters, setFilters] = useState<CobranzaFilters>({ estudio: null, fechaEspecifica: '', fechaInicio: '', fechaFin: '' });
  const [columnas, setColumnas] = useState<CobranzaColumnaId[]>([...COBRANZA_COLUMNAS_OBLIGATORIAS]);
  const [ultima, setUltima] = useState<{ id: number; url: string; nombre: string; key: string } | null>(null);
  const estudios = useEstudiosCobranza();
  const encargos = useEncargosCobranza(filters);
  const historial = useHistorialCobranza();
  const generar = useGenerarPlanilla();
  const enviar = useEnviarPlanilla();

  const ordered = useMemo(() => ordenarColumnas(columnas), [columnas]);
  const rows = encargos.data?.encargos ?? [];
  const filtersKey = JSON.stringify([filters, ordered, rows.map((r) => r.id)]);
  const rangeActive = filters.fechaInicio !== '' || filters.fechaFin !== '';
  const specificActive = filters.fechaEspecifica !== '';

  const toggleColumn = (id: CobranzaColumnaId, checked: boolean) => {
    if (COBRANZA_COLUMNAS_OBLIGATORIAS.includes(id)) return;
    setColumnas((current) => (checked ? [...current, id] : current.filter((c) => c !== id)));
  };

  const body = () => ({
    encargos: rows.map((row) => ({ id: row.id })),
    columnasSeleccionadas: ordered,
    filtros: {
      estudio: filters.estudio ? Number(filters.estudio) : null,
      fechaInicio: filters.fechaInicio || null,
      fechaFin: filters.fechaFin || null,
      fechaEspecifica: filters.fechaEspecifica || null,
    },
    configuracion: { incluirEncabezado: false, soloColumnas: true },
  });

  /** Generates the sheet of the current preview; answers its record. */
  const generate = async () => {
    if (rows.length === 0) {
      notify.error(m.sinFilas);
      return null;
    }
    if (ordered.length === 0) {
      notify.error(m.sinColumnas);
      return null;
    }
    try {
      const result = await generar.mutateAsync(body());
      if (!result.success || !result.archivo) throw new Error(result.error ?? 'Respuesta inválida del servidor');
      const record = { ...result.archivo, key: filtersKey };
      setUltima(record);
      showDownloadToast(result.archivo.url, result.archivo.nombre);
      return record;
    } catch (error) {
      notify.error(m.generarError(errorText(error)));
      return null;
    }
  };

  const sendByMail = async () => {
    if (!filters.estudio) {
      notify.error(m.envioSinEstudio);
      return;
    }
    const planilla = ultima && ultima.key === filtersKey ? ultima : await generate();
    if (!planilla) return;
    try {
      const result = await enviar.mutateAsync(planilla.id);
      notify.success(result.mensaje);
    } catch (error) {
      notify.error(`${m.envioError}: ${errorText(error)}`);
    }
  };

  const resend = async (id: number) => {
    try {
      notify.success((await enviar.mutateAsync(id)).mensaje);
    } catch (error) {
      notify.error(`${m.envioError}: ${errorText(error)}`);
    }
  };

  const setFilter = (patch: Partial<CobranzaFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </div>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{m.filtros}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select
              label={m.estudio}
              placeholder={m.todosLosEstudios}
              clearable
              searchable
              data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
              value={filters.estudio}
              onChange={(value) => setFilter({ estudio: value })}
            />
            <TextInput
              type="date"
              label={m.fechaEspecifica}
              value={filters.fechaEspecifica}
              disabled={rangeActive}
              onChange={(event) => setFilter({ fechaEspecifica: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={m.fechaInicio}
              value={filters.fechaInicio}
              disabled={specificActive}
              onChange={(event) => setFilter({ fechaInicio: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label={m.fechaFin}
              value={filters.fechaFin}
              disabled={specificActive}
              onChange={(event) => setFilter({ fechaFin: event.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {m.fechaHint}
            </Text>
            <Button variant="subtle" size="xs" onClick={() => setFilter({ fechaEspecifica: '', fechaInicio: '', fechaFin: '' })}>
              {m.limpiarFechas}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{m.columnas}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="xs">
            {COBRANZA_COLUMNAS.map((columna) => {
              const fixed = COBRANZA_COLUMNAS_OBLIGATORIAS.includes(columna.id);
              return (
                <Checkbox
                  key={columna.id}
                  label={columna.nombre}
                  description={fixed ? m.columnaFija : undefined}
                  checked={fixed || columnas.includes(columna.id)}
                  disabled={fixed}
                  onChange={(event) => toggleColumn(columna.id, event.currentTarget.checked)}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{m.vistaPrevia}</Title>
            <Group gap="sm">
              <Badge variant="light" size="lg">
                {m.encargosCount(rows.length)}
              </Badge>
              <Badge variant="filled" color="teal" size="lg" data-testid="cobranza-total">
                {m.total}: {formatCLP(encargos.data?.total ?? 0, '$0')}
              </Badge>
            </Group>
          </Group>
          {encargos.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={m.cargaError(errorText(encargos.error))}>
              <Button size="xs" variant="light" color="red" onClick={() => void encargos.refetch()}>
                {m.reintentar}
              </Button>
            </Alert>
          ) : encargos.isPending ? (
            <Center py="lg">
              <Group gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">{m.cargando}</Text>
              </Group>
            </Center>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {m.sinFilas}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={600} mah={420}>
              <Table striped highlightOnHover stickyHeader data-testid="cobranza-preview">
                <Table.Thead>
                  <Table.Tr>
                    {ordered.map((id) => (
                      <Table.Th key={id}>{COBRANZA_COLUMNAS.find((c) => c.id === id)!.nombre}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {ordered.map((id) => (
                        <Table.Td key={id} ta={id === 'valor_asociado' ? 'right' : undefined}>
                          {cellText(row, id)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    {ordered.map((id, index) => (
                      <Table.Th key={id} ta={id === 'valor_asociado' ? 'right' : undefined}>
                        {index === 0 ? m.total : id === 'valor_asociado' ? formatCLP(encargos.data?.total ?? 0, '$0') : ''}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconMail size={16} />}
              loading={enviar.isPending}
              disabled={rows.length === 0}
              onClick={() => void sendByMail()}
            >
              {m.enviar}
            </Button>
            <Button
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={generar.isPending}
              disabled={rows.length === 0}
              onClick={() => void generate()}
            >
              {m.generar}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={4}>{m.historial}</Title>
          {historial.isPending ? (
            <Loader size="sm" />
          ) : (historial.data?.planillas ?? []).length === 0 ? (
            <Text c="dimmed">{m.historialVacio}</Text>
          ) : (
            <Table.ScrollContainer minWidth={800}>
              <Table striped data-testid="cobranza-historial">
                <Table.Thead>
                  <Table.Tr>
                    {Object.values(m.historialCols).map((label) => (
                      <Table.Th key={label}>{label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {historial.data!.planillas.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{formatDateTime(p.fecha_creacion)}</Table.Td>
                      <Table.Td>{p.usuario}</Table.Td>
                      <Table.Td>{p.estudio_nombre}</Table.Td>
                      <Table.Td>{periodo(p.filtros)}</Table.Td>
                      <Table.Td>{p.total_encargos}</Table.Td>
                      <Table.Td>{formatCLP(p.valor_total, '$0')}</Table.Td>
                      <Table.Td>
                        <Text size="xs">{p.envios.length > 0 ? m.enviadaA(p.envios.at(-1)!.destinatarios) : m.sinEnvios}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Descargar ${p.nombre_archivo}`}
                            onClick={() => downloadPlanilla(p.url, p.nombre_archivo).catch(() => notify.error(m.descargarError))}
                          >
                            <IconDownload size={14} />
                          </Button>
                          {p.estudio_id !== null && (
                            <Button size="compact-xs" variant="subtle" aria-label={`Enviar ${p.nombre_archivo}`} onClick={() => void resend(p.id)}>
                              <IconMail size={14} />
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
