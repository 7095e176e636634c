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
  ESTADO_FILTROS,
  ESTADO_LABELS,
  type Encargo,
  type EncargoEstado,
  formatCLP,
  formatDate,
} from '@receptoria/contracts';
import { IconListSearch, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useEncargos } from '../api/get-encargos';
import { encargosMessages } from '../messages';
import { errorMessage } from '../utils/api-errors';
import { EstadoBadge } from './estado-badge';

const m = encargosMessages.pendientes;

const TILE_COLORS: Record<EncargoEstado, string> = {
  pendiente: 'orange',
  preparado: 'blue',
  listo_para_estampar: 'violet',
  estampado: 'teal',
};

const PAGE_SIZES = ['10', '20', '50', '100'];

function text(value: string | null | undefined): string {
  return value?.trim() ? value : m.noEspecificado;
}

function CountTile({ estado, value }: { estado: EncargoEstado; value: number | undefined }) {
  return (
    <Paper withBorder p="md" shadow="xs" data-testid={`total-${estado}`} style={{ borderLeft: `4px solid var(--mantine-color-${TILE_COLORS[estado]}-6)` }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {ESTADO_LABELS[estado]}
      </Text>
      <Text fz={28} fw={700} lh={1.2} c={`${TILE_COLORS[estado]}.8`}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

function EncargoRow({ encargo }: { encargo: Encargo }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text
          component={Link}
          to={`${paths.reEncargos}?rol=${encodeURIComponent(encargo.numero_rol)}`}
          fw={600}
          size="sm"
          c="brand.7"
          style={{ whiteSpace: 'nowrap' }}
        >
          {encargo.numero_rol}
        </Text>
        <Text size="xs" c="dimmed">
          {text(encargo.tipo_causa_nombre ?? encargo.tipo_causa?.nombre)}
        </Text>
      </Table.Td>
      <Table.Td>
        <EstadoBadge estado={encargo.estado} />
      </Table.Td>
      <Table.Td>{text(encargo.tipo_encargo_nombre ?? encargo.tipo_encargo?.nombre)}</Table.Td>
      <Table.Td>{text(encargo.ejecutados)}</Table.Td>
      <Table.Td>{text(encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre)}</Table.Td>
      <Table.Td>{text(encargo.tribunal_nombre ?? encargo.tribunal?.nombre)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(encargo.fecha_encargo, m.noEspecificada)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatCLP(encargo.cuantia, m.noEspecificada)}
      </Table.Td>
    </Table.Tr>
  );
}

export function VerPendientesScreen() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [estado, setEstado] = useState<string>('todos');
  const [pageSize, setPageSize] = useState(ENCARGO_PAGE_SIZE_DEFAULT);
  // A new search, filter or page size starts at the first page.
  const filterKey = `${debouncedSearch}|${estado}|${pageSize}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const query = useEncargos({ search: debouncedSearch, estado, page, page_size: pageSize });
  const { data, isError, error, isFetching, isPending, refetch } = query;

  useEffect(() => {
    if (isError) notify.error(m.loadError(errorMessage(error)));
  }, [isError, error]);

  const rows = isError ? [] : (data?.results ?? []);
  const count = isError ? 0 : (data?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const filtered = debouncedSearch !== '' || estado !== 'todos';
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);

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

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {ENCARGO_ESTADOS.map((value) => (
          <CountTile key={value} estado={value} value={isError ? undefined : data?.totales?.[value]} />
        ))}
      </SimpleGrid>

      <Paper withBorder shadow="xs">
        <Group p="md" gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={m.search}
            placeholder={m.search}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            rightSection={isFetching && !isPending ? <Loader size={14} /> : null}
            style={{ flex: 1, minWidth: 240 }}
            maxLength={100}
          />
          <Select
            aria-label={m.estadoFilter}
            data={estadoOptions}
            value={estado}
            onChange={(value) => setEstado(value ?? 'todos')}
            allowDeselect={false}
            w={220}
          />
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refetch()} loading={isFetching && !isPending}>
            {m.refresh}
          </Button>
        </Group>

        <Table.ScrollContainer minWidth={1120}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={150}>{m.columns.rol}</Table.Th>
                <Table.Th miw={170}>{m.columns.estado}</Table.Th>
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
                    <Stack align="center" gap={4} py="xl">
                      <IconListSearch size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
                      <Text fw={600}>{m.empty}</Text>
                      {filtered && (
                        <Text size="sm" c="dimmed">
                          {m.emptyFiltered}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((encargo) => <EncargoRow key={encargo.id} encargo={encargo} />)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group justify="space-between" p="md" gap="sm">
          <Text size="sm" c="dimmed">
            {count > 0 ? m.total(from, to, count) : '\u00a0'}
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
