import { formatDate, type RutaDomicilio, type RutaGenerada, todayIso } from '@receptoria/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCopy, IconExternalLink, IconMapRoute, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDomiciliosPendientes, useGenerarRuta } from '../api/rutas-api';
import { rutasScreenMessages as m } from '../messages';
import styles from './route-sheet.module.css';

/** Copies the route text; answers the toast to show. */
export async function copyRoute(ruta: RutaGenerada | null, clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard) {
  if (!ruta) return { ok: false, message: m.sinRuta };
  try {
    if (!clipboard) throw new Error('clipboard unavailable');
    await clipboard.writeText(`${ruta.ruta_google_maps_texto}\n\n${ruta.url_google_maps}`);
    return { ok: true, message: m.copiada };
  } catch {
    return { ok: false, message: m.copiarError };
  }
}

function RouteSheet({ ruta, rows }: { ruta: RutaGenerada; rows: RutaDomicilio[] }) {
  const c = m.hojaColumnas;
  return (
    <div className={styles.sheet} data-testid="hoja-ruta">
      <h2>{m.hojaTitulo}</h2>
      <p>
        {m.hojaFecha(formatDate(todayIso()))} · {m.partida(ruta.punto_partida)}
      </p>
      <table>
        <thead>
          <tr>
            <th>{c.orden}</th>
            <th>{c.rol}</th>
            <th>{c.direccion}</th>
            <th>{c.resultado}</th>
            <th>{c.hora}</th>
            <th>{c.observaciones}</th>
          </tr>
        </thead>
        <tbody>
          {ruta.domicilios.map((parada) => {
            const row = rows.find((r) => r.numero_rol === parada.numero_rol && r.direccion === parada.direccion);
            return (
              <tr key={parada.orden}>
                <td>{parada.orden}</td>
                <td>{parada.numero_rol}</td>
                <td>
                  {parada.direccion}, {parada.comuna}, {parada.ciudad}
                  {row?.ejecutado ? <div>{row.ejecutado}</div> : null}
                </td>
                <td className="write" />
                <td className="write" />
                <td className="write" />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Generar Rutas (spec 02 §2.3): pick addresses, get an ordered Google Maps route. */
export function RutasScreen() {
  const [numeroRol, setNumeroRol] = useState('');
  const [comuna, setComuna] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [ruta, setRuta] = useState<RutaGenerada | null>(null);
  const filters = useMemo(() => ({ comuna, numero_rol: numeroRol }), [comuna, numeroRol]);
  const query = useDomiciliosPendientes(filters);
  const generar = useGenerarRuta();
  const rows = useMemo(() => query.data?.domicilios ?? [], [query.data]);

  useEffect(() => {
    if (query.isError) notify.error(m.cargaError);
  }, [query.isError, query.errorUpdatedAt]);

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const generate = () => {
    const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
    if (ids.length === 0) {
      notify.error(m.seleccionRequerida);
      return;
    }
    generar.mutate(ids, {
      onSuccess: (result) => {
        setRuta(result);
        notify.success(m.generada(result.total_domicilios));
      },
      onError: (error) => notify.error(error instanceof ApiError && error.status === 400 && error.detail ? error.detail : m.generarError),
    });
  };

  const copy = async () => {
    const result = await copyRoute(ruta);
    if (result.ok) notify.success(result.message);
    else notify.error(result.message);
  };

  const open = () => {
    if (!ruta?.url_google_maps) {
      notify.error(m.sinUrl);
      return;
    }
    window.open(ruta.url_google_maps, '_blank', 'noopener,noreferrer');
    notify.info(m.abriendo);
  };

  const stats = query.data?.estadisticas;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </div>

      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={m.filtroRol}
            placeholder={m.filtroRolPlaceholder}
            value={numeroRol}
            maxLength={30}
            onChange={(event) => setNumeroRol(event.currentTarget.value)}
          />
          <Select
            label={m.filtroComuna}
            placeholder={m.todasLasComunas}
            clearable
            searchable
            data={query.data?.comunas_disponibles ?? []}
            value={comuna}
            onChange={setComuna}
          />
        </SimpleGrid>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="light" size="xs" onClick={toggleAll} disabled={rows.length === 0}>
                {allSelected ? m.deseleccionarTodos : m.seleccionarTodos}
              </Button>
              <Button variant="subtle" size="xs" onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
                {m.limpiarSeleccion}
              </Button>
              <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void query.refetch()} loading={query.isFetching}>
                {m.actualizar}
              </Button>
            </Group>
            <Group gap="xs">
              {stats && (
                <Text size="sm" c="dimmed">
                  {m.estadisticas(stats.total_domicilios, stats.total_encargos, stats.total_comunas)}
                </Text>
              )}
              <Badge variant="light">{m.seleccionados(rows.filter((r) => selected.has(r.id)).length, rows.length)}</Badge>
              <Button leftSection={<IconMapRoute size={16} />} onClick={generate} loading={generar.isPending}>
                {m.generar}
              </Button>
            </Group>
          </Group>

          {query.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={m.cargaError} role="alert">
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {m.reintentar}
              </Button>
            </Alert>
          ) : query.isPending ? (
            <Center py="lg">
              <Group gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">{m.cargando}</Text>
              </Group>
            </Center>
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {m.sinDomicilios}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={1000} mah={460}>
              <Table striped highlightOnHover stickyHeader data-testid="rutas-domicilios">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox aria-label={allSelected ? m.deseleccionarTodos : m.seleccionarTodos} checked={allSelected} onChange={toggleAll} />
                    </Table.Th>
                    {Object.values(m.columnas).map((label) => (
                      <Table.Th key={label}>{label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} bg={selected.has(row.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                      <Table.Td>
                        <Checkbox aria-label={m.seleccionar(row.numero_rol, row.direccion)} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                      </Table.Td>
                      <Table.Td fw={600}>{row.numero_rol}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={row.estado_encargo === 'preparado' ? 'blue' : 'gray'}>
                          {m.estados[row.estado_encargo]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.ejecutado_completo}</Table.Td>
                      <Table.Td>{row.direccion_completa}</Table.Td>
                      <Table.Td>{row.comuna}</Table.Td>
                      <Table.Td>{row.ciudad}</Table.Td>
                      <Table.Td>{row.tipo_encargo || '—'}</Table.Td>
                      <Table.Td>{formatDate(row.fecha_encargo)}</Table.Td>
                      <Table.Td>{row.estudio_juridico}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>

      {ruta && (
        <Card withBorder data-testid="ruta-generada">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={4}>{m.panelTitulo}</Title>
              <Group gap="xs">
                <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void copy()}>
                  {m.copiar}
                </Button>
                <Button size="xs" leftSection={<IconExternalLink size={14} />} onClick={open}>
                  {m.abrir}
                </Button>
                <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
                  {m.imprimir}
                </Button>
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {m.partida(ruta.punto_partida)}
            </Text>
            <Textarea readOnly autosize minRows={3} maxRows={12} value={ruta.ruta_google_maps_texto} aria-label={m.panelTitulo} />
            {ruta.tramos.length > 1 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {m.tramos}
                </Text>
                {ruta.tramos.map((tramo) => (
                  <Anchor key={tramo.numero} href={tramo.url_google_maps} target="_blank" rel="noopener noreferrer" size="sm">
                    {m.tramo(tramo.numero, tramo.desde, tramo.hasta)}
                  </Anchor>
                ))}
              </Stack>
            )}
            <Text fw={600} size="sm">
              {m.detalle}
            </Text>
            <List type="ordered" spacing={4} size="sm" data-testid="ruta-detalle">
              {ruta.domicilios.map((parada) => (
                <List.Item key={parada.orden}>
                  <Text span fw={600}>
                    {parada.numero_rol}
                  </Text>{' '}
                  — {parada.direccion}, {parada.comuna}, {parada.ciudad}
                </List.Item>
              ))}
            </List>
          </Stack>
          <RouteSheet ruta={ruta} rows={rows} />
        </Card>
      )}
    </Stack>
  );
}
