import {
  Box,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatRutWithDots } from '@receptoria/contracts';
import {
  IconArrowsExchange,
  IconBuildingCommunity,
  IconCertificate,
  IconDatabase,
  IconEye,
  IconFileZip,
  IconHistory,
  IconPlus,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { ScreenLoading } from '../../../components/list-states';
import { ExportarProgreso, exportarMessages, useExportarDatos } from '../../exportar/exportar-datos';
import { useClientes } from '../api/get-clientes';
import { useOnboardingEstadisticas } from '../api/get-estadisticas';
import { onboardingMessages } from '../messages';
import { AddUsuarioModal } from './add-usuario-modal';
import { ClienteDetailModal } from './cliente-detail-modal';
import { CreateClienteModal } from './create-cliente-modal';
import { EstadoClienteBadge } from './estado-badge';
import type { ClienteAMover } from './mover-cliente-modal';
import { type FrameColumn, QueryTable } from './section-frame';

const m = onboardingMessages.screen;
const tabs = onboardingMessages.tabs;
const columns: FrameColumn[] = [
  { label: m.columns.cliente },
  { label: m.columns.estado },
  { label: m.columns.rut },
  { label: m.columns.usuarios, ta: 'center' },
  { label: m.columns.acciones },
];

// Servers and moves download when their tab or dialog is first opened, not with the receivers' list.
const ServidoresSection = lazy(async () => ({ default: (await import('./servidores-section')).ServidoresSection }));
const TrasladosSection = lazy(async () => ({ default: (await import('./traslados-section')).TrasladosSection }));
const AutoridadesSection = lazy(async () => ({ default: (await import('./autoridades-section')).AutoridadesSection }));
const MoverClienteModal = lazy(async () => ({ default: (await import('./mover-cliente-modal')).MoverClienteModal }));

function Counter({
  label,
  value,
  icon: Icon,
  color,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  testId: string;
}) {
  return (
    <Card withBorder p="lg" shadow="xs">
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <Icon size={26} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl" data-testid={testId}>
            {value ?? '—'}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function RowAction({
  icon: Icon,
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant="light"
      color={color}
      leftSection={<Icon size={14} />}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </Button>
  );
}

/** Sistema Multi-Tenant (spec 02 §2.7): counters, the client table and its modals. Admin only. */
export function OnboardingScreen() {
  const clientes = useClientes();
  const estadisticas = useOnboardingEstadisticas();
  const [creating, setCreating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [addingTo, setAddingTo] = useState<{ id: number; nombre: string } | null>(null);
  const exportar = useExportarDatos();
  const [exportando, setExportando] = useState<string | null>(null);
  const [moving, setMoving] = useState<ClienteAMover | null>(null);
  const [tab, setTab] = useState<string | null>('receptores');

  const rows = clientes.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Box>
          <Title order={2}>{m.title}</Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Box>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {m.nuevoCliente}
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Counter
          label={m.totalClientes}
          value={estadisticas.data?.total_receptores}
          icon={IconBuildingCommunity}
          color="brand"
          testId="total-clientes"
        />
        <Counter label={m.totalUsuarios} value={estadisticas.data?.total_usuarios} icon={IconUsers} color="teal" testId="total-usuarios" />
      </SimpleGrid>

      {exportar.running && (
        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            {exportarMessages.botonDe(exportando ?? '')}
          </Text>
          <ExportarProgreso bytes={exportar.bytes ?? 0} onCancel={exportar.cancel} />
        </Paper>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="receptores" leftSection={<IconBuildingCommunity size={16} />}>
            {tabs.receptores}
          </Tabs.Tab>
          <Tabs.Tab value="servidores" leftSection={<IconDatabase size={16} />}>
            {tabs.servidores}
          </Tabs.Tab>
          <Tabs.Tab value="traslados" leftSection={<IconHistory size={16} />}>
            {tabs.traslados}
          </Tabs.Tab>
          <Tabs.Tab value="autoridades" leftSection={<IconCertificate size={16} />}>
            Autoridades certificadoras
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="receptores">
          <QueryTable
            query={clientes}
            loading={m.loading}
            loadError={m.loadError}
            minWidth={760}
            label={m.title}
            columns={columns}
            empty={m.empty}
            isEmpty={rows.length === 0}
            highlightOnHover
          >
            {rows.map((cliente) => (
              <Table.Tr key={cliente.id} data-testid={`cliente-row-${cliente.id}`}>
                <Table.Td>
                  <Text fw={600}>{cliente.nombre}</Text>
                  {(cliente.email || cliente.comuna) && (
                    <Text size="xs" c="dimmed">
                      {[cliente.email, cliente.comuna].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <EstadoClienteBadge activo={cliente.activo} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{cliente.rut ? formatRutWithDots(cliente.rut) : '—'}</Table.Td>
                <Table.Td ta="center">{cliente.num_usuarios}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <RowAction icon={IconEye} label={m.verCliente(cliente.nombre)} onClick={() => setDetailId(cliente.id)}>
                      {m.ver}
                    </RowAction>
                    <RowAction
                      color="teal"
                      icon={IconUserPlus}
                      label={m.agregarUsuarioA(cliente.nombre)}
                      onClick={() => setAddingTo({ id: cliente.id, nombre: cliente.nombre })}
                    >
                      {m.agregarUsuario}
                    </RowAction>
                    <RowAction
                      color="gray"
                      icon={IconFileZip}
                      label={exportarMessages.botonDe(cliente.nombre)}
                      disabled={exportar.running}
                      onClick={() => {
                        setExportando(cliente.nombre);
                        void exportar.start(cliente.id);
                      }}
                    >
                      {exportarMessages.exportar}
                    </RowAction>
                    <RowAction
                      color="indigo"
                      icon={IconArrowsExchange}
                      label={onboardingMessages.mover.accionDe(cliente.nombre)}
                      onClick={() => setMoving({ id: cliente.id, nombre: cliente.nombre, servidor_id: cliente.servidor_id })}
                    >
                      {onboardingMessages.mover.accion}
                    </RowAction>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </QueryTable>
        </Tabs.Panel>

        <Tabs.Panel value="servidores">
          <Suspense fallback={<ScreenLoading text={onboardingMessages.servidores.loading} />}>
            <ServidoresSection />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="traslados">
          <Suspense fallback={<ScreenLoading text={onboardingMessages.traslados.loading} />}>
            <TrasladosSection />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="autoridades">
          <Suspense fallback={<ScreenLoading text="Cargando autoridades..." />}>
            <AutoridadesSection />
          </Suspense>
        </Tabs.Panel>
      </Tabs>

      <CreateClienteModal opened={creating} onClose={() => setCreating(false)} />
      <ClienteDetailModal
        clienteId={detailId}
        onClose={() => setDetailId(null)}
        onAddUsuario={(cliente) => {
          setDetailId(null);
          setAddingTo(cliente);
        }}
      />
      <AddUsuarioModal cliente={addingTo} onClose={() => setAddingTo(null)} />
      {moving && (
        <Suspense fallback={null}>
          <MoverClienteModal cliente={moving} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
