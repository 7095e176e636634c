import { ordenarComunas, type RutaGenerada } from '@receptoria/contracts';
import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapRoute, IconRefresh } from '@tabler/icons-react';
import { ListEmpty, ListLoadError, ListLoading } from '../../../components/list-states';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDomiciliosPendientes, useGenerarRuta } from '../api/rutas-api';
import { rutasScreenMessages as m } from '../messages';
import { textoParaCopiar, tramosDeRuta } from '../utils/tramos';
import { RutaGeneradaPanel } from './ruta-generada-panel';
import { RutasDomicilios } from './rutas-domicilios';

/** Copies the route text and its Google Maps link(s); answers the toast to show. */
export async function copyRoute(ruta: RutaGenerada | null, clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard) {
  if (!ruta) return { ok: false, message: m.sinRuta };
  try {
    if (!clipboard) throw new Error('clipboard unavailable');
    await clipboard.writeText(textoParaCopiar(ruta, (leg) => m.tramo(leg.numero, leg.desde, leg.hasta)));
    return { ok: true, message: m.copiada };
  } catch {
    return { ok: false, message: m.copiarError };
  }
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
  const comunas = useMemo(() => ordenarComunas(query.data?.comunas_disponibles ?? []), [query.data]);

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

  /** Opens the first leg: one Google Maps link takes at most ten places. */
  const open = () => {
    const primero = ruta ? tramosDeRuta(ruta).primero : null;
    if (!primero) {
      notify.error(m.sinUrl);
      return;
    }
    window.open(primero.url_google_maps, '_blank', 'noopener,noreferrer');
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
          <Select label={m.filtroComuna} placeholder={m.todasLasComunas} clearable searchable data={comunas} value={comuna} onChange={setComuna} />
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
              <Badge variant="light" styles={{ label: { overflow: 'visible' } }}>
                {m.seleccionados(rows.filter((r) => selected.has(r.id)).length, rows.length)}
              </Badge>
              <Button leftSection={<IconMapRoute size={16} />} onClick={generate} loading={generar.isPending}>
                {m.generar}
              </Button>
            </Group>
          </Group>

          {query.isError ? (
            <ListLoadError title={m.cargaError} retry={m.reintentar} onRetry={() => void query.refetch()} />
          ) : query.isPending ? (
            <ListLoading text={m.cargando} />
          ) : rows.length === 0 ? (
            <ListEmpty text={m.sinDomicilios} />
          ) : (
            <RutasDomicilios rows={rows} selected={selected} allSelected={allSelected} onToggle={toggle} onToggleAll={toggleAll} />
          )}
        </Stack>
      </Card>

      {ruta && <RutaGeneradaPanel ruta={ruta} rows={rows} onCopy={() => void copy()} onOpen={open} />}
    </Stack>
  );
}
