import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ColaItem, formatDate, TIPO_PLAZO_LABELS } from '@receptoria/contracts';
import { IconChevronDown, IconChevronUp, IconFiles, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCola } from '../api/get-cola';
import { resultadosMessages } from '../messages';
import { CartasArt46Section } from './cartas-art46-section';

const m = resultadosMessages;

function diasColor(dias: number): string {
  if (dias >= 14) return 'red';
  if (dias >= 7) return 'orange';
  return 'gray';
}

/** Where a row's rol leads: results are entered on /diligencias, stamps made on /diligencias/estampar. */
const linkResultados = (item: ColaItem) => `${paths.diligencias}?rol=${encodeURIComponent(item.numero_rol)}&id=${item.id}`;
const linkEstampado = (item: ColaItem) => `${paths.estampar}?rol=${encodeURIComponent(item.numero_rol)}`;

interface ColaRowProps {
  item: ColaItem;
  linkTo: (item: ColaItem) => string;
  documentosPanel?: (item: ColaItem) => ReactNode;
  open: boolean;
  onToggle: () => void;
  columns: number;
}

/** The assignment's nearest open deadline: 'Vence DD-MM', red once past; its kind in the title. */
export function PlazoProximo({ plazo }: { plazo: ColaItem['plazo_proximo'] }) {
  if (!plazo) return <>—</>;
  return (
    <Badge
      color={plazo.vencido ? 'red' : 'blue'}
      variant={plazo.vencido ? 'filled' : 'light'}
      radius="sm"
      tt="none"
      title={m.venceTitulo(TIPO_PLAZO_LABELS[plazo.tipo], plazo.vence, plazo.vencido)}
      data-vencido={plazo.vencido ? 'true' : 'false'}
    >
      {m.vence(plazo.vence)}
    </Badge>
  );
}

/** A row of the queue and, when opened, its generated documents below it. */
function ColaRow({ item, linkTo, documentosPanel, open, onToggle, columns }: ColaRowProps) {
  return (
    <>
      <Table.Tr data-testid={`cola-${item.id}`}>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={linkTo(item)} fw={600} className="numero-rol">
              {item.numero_rol}
            </Anchor>
            {item.es_re_encargo ? (
              <Badge size="xs" color="grape" variant="filled" radius="sm">
                {m.reEncargo}
              </Badge>
            ) : null}
          </Group>
        </Table.Td>
        <Table.Td>{item.estudio_nombre}</Table.Td>
        <Table.Td>{item.ejecutados}</Table.Td>
        <Table.Td>{item.tipo_encargo_nombre}</Table.Td>
        <Table.Td>{item.ultima_diligencia_tipo_estampado_nombre ?? '—'}</Table.Td>
        <Table.Td>{formatDate(item.esperando_desde, '—')}</Table.Td>
        <Table.Td data-testid="cola-dias">
          <Badge color={diasColor(item.dias_esperando)} variant="light" radius="sm" tt="none">
            {m.dias(item.dias_esperando)}
          </Badge>
        </Table.Td>
        <Table.Td data-testid="cola-plazo">
          <PlazoProximo plazo={item.plazo_proximo} />
        </Table.Td>
        {documentosPanel ? (
          <Table.Td>
            <Button
              size="xs"
              variant={open ? 'light' : 'subtle'}
              leftSection={<IconFiles size={14} />}
              rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              aria-expanded={open}
              aria-label={m.documentosDe(item.numero_rol)}
              onClick={onToggle}
            >
              {m.columns.documentos}
            </Button>
          </Table.Td>
        ) : null}
      </Table.Tr>
      {documentosPanel && open ? (
        <Table.Tr data-testid={`cola-documentos-${item.id}`}>
          <Table.Td colSpan={columns}>{documentosPanel(item)}</Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

interface ColaTableProps {
  title: string;
  hint: string;
  items: ColaItem[];
  total: number;
  testId: string;
  linkTo: (item: ColaItem) => string;
  documentosPanel?: (item: ColaItem) => ReactNode;
}

function ColaTable({ title, hint, items, total, testId, linkTo, documentosPanel }: ColaTableProps) {
  const [open, setOpen] = useState<number | null>(null);
  const columns = documentosPanel ? 9 : 8;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Box>
            <Title order={4}>{title}</Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Box>
          <Text size="sm" c="dimmed">
            {m.total(items.length, total)}
          </Text>
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {m.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.rol}</Table.Th>
                  <Table.Th>{m.columns.estudio}</Table.Th>
                  <Table.Th>{m.columns.ejecutado}</Table.Th>
                  <Table.Th>{m.columns.tipoEncargo}</Table.Th>
                  <Table.Th>{m.columns.resultado}</Table.Th>
                  <Table.Th>{m.columns.desde}</Table.Th>
                  <Table.Th>{m.columns.dias}</Table.Th>
                  <Table.Th>{m.columns.plazo}</Table.Th>
                  {documentosPanel ? <Table.Th>{m.columns.documentos}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <ColaRow
                    key={item.id}
                    item={item}
                    linkTo={linkTo}
                    documentosPanel={documentosPanel}
                    open={open === item.id}
                    onToggle={() => setOpen((current) => (current === item.id ? null : item.id))}
                    columns={columns}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

export interface ResultadosDashboardScreenProps {
  /** A row's generated documents (features meet in app/: the router plugs it in). */
  documentosPanel?: (item: ColaItem) => ReactNode;
}

/** /resultados-dashboard: the work queue of results and stamps (module estampar). */
export function ResultadosDashboardScreen({ documentosPanel }: ResultadosDashboardScreenProps = {}) {
  const cola = useCola();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void cola.refetch()} loading={cola.isFetching}>
          {m.refresh}
        </Button>
      </Group>
      {cola.isError ? (
        <Alert color="red" variant="light">
          {m.loadError}
        </Alert>
      ) : null}
      {cola.isPending ? (
        <Loader size="sm" type="dots" />
      ) : cola.data ? (
        <>
          <CartasArt46Section cartas={cola.data.cartas_art46} />
          <ColaTable
            title={m.esperandoResultados}
            hint={m.esperandoResultadosHint}
            items={cola.data.esperando_resultados}
            total={cola.data.totales.esperando_resultados}
            testId="cola-resultados"
            linkTo={linkResultados}
            documentosPanel={documentosPanel}
          />
          <ColaTable
            title={m.esperandoEstampado}
            hint={m.esperandoEstampadoHint}
            items={cola.data.esperando_estampado}
            total={cola.data.totales.esperando_estampado}
            testId="cola-estampado"
            linkTo={linkEstampado}
            documentosPanel={documentosPanel}
          />
        </>
      ) : null}
    </Stack>
  );
}
