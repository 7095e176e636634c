import {
  Box,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ENCARGO_ESTADOS,
  ENCARGO_PAGE_SIZE_DEFAULT,
  isEncargoEstado,
  ESTADO_FILTROS,
  ESTADO_LABELS,
  type EncargoEstado,
  formatThousands,
} from '@receptoria/contracts';
import { IconFileSpreadsheet, IconListSearch, IconPrinter, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { exportEncargos } from '../api/export-encargos';
import { useEncargos } from '../api/get-encargos';
import { encargosMessages } from '../messages';
import { errorMessage } from '../utils/api-errors';
import { usePhoneLayout } from '../../../components/row-cards';
import { EncargoCard, EncargoRow } from './ver-pendientes-rows';
import './ver-pendientes-print.css';

const m = encargosMessages.pendientes;

const TILE_COLORS: Record<EncargoEstado, string> = {
  pendiente: 'orange',
  preparado: 'blue',
  listo_para_estampar: 'violet',
  estampado: 'teal',
};

const PAGE_SIZES = ['10', '20', '50', '100'];

interface CountTileProps {
  estado: EncargoEstado;
  value: number | undefined;
  /** The search's count stopped at this figure: "that many or more". */
  capped: boolean;
  active: boolean;
  onSelect: () => void;
}

/** A state's count; clicking it filters the list by that state (again: all states). */
function CountTile({ estado, value, capped, active, onSelect }: CountTileProps) {
  return (
    <Paper
      component="button"
      type="button"
      onClick={onSelect}
      aria-pressed={active}
      aria-label={m.tileFilter(ESTADO_LABELS[estado])}
      withBorder
      p="md"
      shadow={active ? 'md' : 'xs'}
      data-testid={`total-${estado}`}
      bg={active ? `${TILE_COLORS[estado]}.0` : undefined}
      style={{
        borderLeft: `4px solid var(--mantine-color-${TILE_COLORS[estado]}-6)`,
        outline: active ? `2px solid var(--mantine-color-${TILE_COLORS[estado]}-4)` : undefined,
        textAlign: 'left',
        cursor: 'pointer',
        width: '100%',
        font: 'inherit',
      }}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {ESTADO_LABELS[estado]}
      </Text>
      <Text fz={28} fw={700} lh={1.2} c={`${TILE_COLORS[estado]}.8`}>
        {value === undefined ? '–' : capped ? m.alMenos(formatThousands(value)) : formatThousands(value)}
      </Text>
    </Paper>
  );
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function VerPendientesScreen() {
  // The search, state, page and page size live in the address: reload and back keep them.
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('q') ?? '';
  const estadoParam = params.get('estado');
  const estado = estadoParam && isEncargoEstado(estadoParam) ? estadoParam : 'todos';
  const page = positive(params.get('pagina'), 1);
  const sizeParam = positive(params.get('por_pagina'), ENCARGO_PAGE_SIZE_DEFAULT);
  const pageSize = PAGE_SIZES.includes(String(sizeParam)) ? sizeParam : ENCARGO_PAGE_SIZE_DEFAULT;
  const [search, setSearch] = useState(urlSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [exporting, setExporting] = useState(false);

  /** Changes some of the address's parameters; a new search, filter or size goes back to page 1. */
  const update = (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: options.replace });
  };
  const setEstado = (value: string) => update({ estado: value === 'todos' ? null : value });
  const setPage = (next: number) => update({ pagina: next > 1 ? String(next) : null });
  const setPageSize = (size: number) => update({ por_pagina: size === ENCARGO_PAGE_SIZE_DEFAULT ? null : String(size) });

  // The typed search reaches the address once the user pauses.
  useEffect(() => {
    if (debouncedSearch !== urlSearch.trim()) update({ q: debouncedSearch || null }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  // Back and forward bring their own search into the box.
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  if (shownUrlSearch !== urlSearch) {
    setShownUrlSearch(urlSearch);
    if (urlSearch.trim() !== search.trim()) setSearch(urlSearch);
  }

  const exportList = async () => {
    setExporting(true);
    try {
      await exportEncargos({ search: urlSearch, estado });
    } catch (error) {
      notify.error(m.exportError(errorMessage(error)));
    } finally {
      setExporting(false);
    }
  };

  const query = useEncargos({ search: urlSearch.trim(), estado, page, page_size: pageSize });
  const { data, isError, error, isFetching, isPending, refetch } = query;

  useEffect(() => {
    if (isError) notify.error(m.loadError(errorMessage(error)));
  }, [isError, error]);

  const rows = isError ? [] : (data?.results ?? []);
  const count = isError ? 0 : (data?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const filtered = urlSearch.trim() !== '' || estado !== 'todos';
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);

  const phone = usePhoneLayout();
  const empty = (
    <Stack align="center" gap={4} py="xl">
      <IconListSearch size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
      <Text fw={600}>{m.empty}</Text>
      {filtered && (
        <Text size="sm" c="dimmed">
          {m.emptyFiltered}
        </Text>
      )}
    </Stack>
  );

  const estadoOptions = ESTADO_FILTROS.map((value) => ({
    value,
    label: value === 'todos' ? m.todos : ESTADO_LABELS[value],
  }));

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" className="no-print">
        {ENCARGO_ESTADOS.map((value) => (
          <CountTile
            key={value}
            estado={value}
            value={isError ? undefined : data?.totales?.[value]}
            capped={!isError && (data?.totales_capped ?? []).includes(value)}
            active={estado === value}
            onSelect={() => setEstado(estado === value ? 'todos' : value)}
          />
        ))}
      </SimpleGrid>

      <Paper withBorder shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap" className="no-print">
          <TextInput
            aria-label={m.search}
            placeholder={m.search}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={isFetching && !isPending ? <Loader size={14} /> : null}
            style={{ flex: 1, minWidth: 200 }}
            maxLength={100}
          />
          <Select
            aria-label={m.estadoFilter}
            data={isEncargoEstado(estado) && !estadoOptions.some((o) => o.value === estado) ? [...estadoOptions, { value: estado, label: ESTADO_LABELS[estado] }] : estadoOptions}
            value={estado}
            onChange={(value) => setEstado(value ?? 'todos')}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refetch()} loading={isFetching && !isPending}>
            {m.refresh}
          </Button>
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportList()} loading={exporting}>
            {m.exportExcel}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {m.print}
          </Button>
        </Group>

        {phone ? (
          <Stack gap="xs" px="sm" data-testid="pendientes-cards">
            {isPending && !isError ? (
              <Group justify="center" py="xl">
                <Loader size="sm" />
              </Group>
            ) : rows.length === 0 ? (
              empty
            ) : (
              rows.map((encargo) => <EncargoCard key={encargo.id} encargo={encargo} />)
            )}
          </Stack>
        ) : (
        <Table.ScrollContainer minWidth={1120}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={150}>{m.columns.rol}</Table.Th>
                <Table.Th miw={180} style={{ whiteSpace: 'nowrap' }}>
                  {m.columns.estado}
                </Table.Th>
                <Table.Th>{m.columns.tipoEncargo}</Table.Th>
                <Table.Th>{m.columns.ejecutado}</Table.Th>
                <Table.Th>{m.columns.estudio}</Table.Th>
                <Table.Th>{m.columns.tribunal}</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{m.columns.fecha}</Table.Th>
                <Table.Th ta="right">{m.columns.cuantia}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending && !isError ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Group justify="center" py="xl">
                      <Loader size="sm" />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    {empty}
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((encargo) => <EncargoRow key={encargo.id} encargo={encargo} />)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        )}

        <Group justify="space-between" p="md" gap="sm" className="no-print">
          <Text size="sm" c="dimmed">
            {count > 0
              ? (data?.count_capped ? m.totalAlMenos : m.total)(formatThousands(from), formatThousands(to), formatThousands(count))
              : '\u00a0'}
          </Text>
          <Group gap="sm">
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {m.perPage}
              </Text>
              <Select
                aria-label={m.perPage}
                data={PAGE_SIZES}
                value={String(pageSize)}
                onChange={(value) => setPageSize(Number(value ?? ENCARGO_PAGE_SIZE_DEFAULT))}
                allowDeselect={false}
                w={80}
                size="xs"
              />
            </Group>
            <Pagination total={totalPages} value={page} onChange={setPage} size="sm" />
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
