import { Alert, Anchor, Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ClienteConfiguracion, formatDate, formatRutWithDots } from '@receptoria/contracts';
import { IconAlertCircle, IconMail, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScreenLoading } from '../../../components/list-states';
import { correoSalienteClientePath } from '../../../config/paths';
import { confirmAction } from '../../../components/confirm-action';
import { ReceptorDatosForm } from '../../../components/receptor-datos/receptor-datos-form';
import { notify } from '../../../lib/notify';
import { useCliente } from '../api/get-cliente';
import { useUpdateCliente } from '../api/update-cliente';
import { useUpdateClienteReceptor } from '../api/update-cliente-receptor';
import { onboardingMessages } from '../messages';
import { serverErrorText } from '../utils/cliente-form';
import { EstadoClienteBadge } from './estado-badge';

const m = onboardingMessages.detail;
const f = onboardingMessages.fields;

interface ClienteDetailModalProps {
  clienteId: number | null;
  onClose: () => void;
  onAddUsuario: (cliente: { id: number; nombre: string }) => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {value || m.sinDato}
      </Text>
    </div>
  );
}

function LinkField({ label, url }: { label: string; url: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
          {url}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {m.noConfigurado}
        </Text>
      )}
    </div>
  );
}

const FOLDERS: { key: keyof ClienteConfiguracion; label: string }[] = [
  { key: 'carpeta_principal_url', label: f.carpeta_principal },
  { key: 'carpeta_cobranza_url', label: f.carpeta_cobranza },
  { key: 'carpeta_estampados_url', label: f.carpeta_estampados },
  { key: 'carpeta_plantillas_url', label: f.carpeta_plantillas },
];

/** A client's data, configuration and users, with its state switch (spec 02 §2.7). */
export function ClienteDetailModal({ clienteId, onClose, onAddUsuario }: ClienteDetailModalProps) {
  const { data, isPending, isError, refetch } = useCliente(clienteId);
  const update = useUpdateCliente(clienteId ?? 0);
  const updateReceptor = useUpdateClienteReceptor(clienteId ?? 0);
  const [editing, setEditing] = useState(false);

  const close = () => {
    setEditing(false);
    onClose();
  };

  const toggle = async (activo: boolean) => {
    try {
      await update.mutateAsync({ activo });
      notify.success(activo ? m.activado : m.desactivado);
    } catch (error) {
      notify.error(serverErrorText(error, m.estadoError));
    }
  };

  // Changing the state says what will happen and waits for a confirmation (issue 11 item 6).
  const confirmToggle = async () => {
    if (!data) return;
    const activo = !data.receptor.activo;
    const texts = activo ? m.confirmActivar : m.confirmDesactivar;
    const confirmed = await confirmAction({
      title: texts.title,
      text: texts.text(data.receptor.nombre),
      confirm: texts.confirm,
      cancel: m.cancelar,
      color: activo ? 'teal' : 'red',
    });
    if (confirmed) await toggle(activo);
  };

  return (
    <Modal
      opened={clienteId !== null}
      onClose={close}
      title={m.title}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {isPending && clienteId !== null ? (
        <ScreenLoading text={m.loading} />
      ) : isError || !data ? (
        <Alert color="red" icon={<IconAlertCircle />} title={m.loadError}>
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void refetch()}>
            {onboardingMessages.screen.retry}
          </Button>
        </Alert>
      ) : (
        <Stack gap="md" data-testid="cliente-detalle">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={4}>{data.receptor.nombre}</Title>
              <Text size="sm" c="dimmed">
                {formatRutWithDots(data.receptor.rut)}
              </Text>
            </div>
            <EstadoClienteBadge activo={data.receptor.activo} />
          </Group>

          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{editing ? m.editarDatosTitulo : m.datos}</Text>
              {editing ? null : (
                <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                  {m.editarDatos}
                </Button>
              )}
            </Group>
            {editing ? (
              <ReceptorDatosForm
                datos={data.receptor}
                save={(payload) => updateReceptor.mutateAsync(payload)}
                onReload={() => refetch()}
                onSaved={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Field label={f.titulo} value={data.receptor.titulo} />
                <Field label={f.direccion} value={data.receptor.direccion} />
                <Field label={f.comuna} value={data.receptor.comuna} />
                <Field label={f.telefono} value={data.receptor.telefono} />
                <Field label={f.email} value={data.receptor.email} />
                <Field label={m.creado} value={formatDate(data.receptor.fecha_creacion, '')} />
              </SimpleGrid>
            )}
          </Paper>

          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{m.configuracion}</Text>
              <Button size="xs" variant="light" component={Link} to={correoSalienteClientePath(data.receptor.id)} leftSection={<IconMail size={14} />}>
                {m.correoSaliente}
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Field label={m.baseDatos} value={data.configuracion.database_name} />
              {FOLDERS.map((folder) => (
                <LinkField key={folder.key} label={folder.label} url={data.configuracion[folder.key]} />
              ))}
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>
                {m.usuarios} ({data.num_usuarios})
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUserPlus size={14} />}
                onClick={() => onAddUsuario({ id: data.receptor.id, nombre: data.receptor.nombre })}
              >
                {m.agregarUsuario}
              </Button>
            </Group>
            {data.usuarios.length === 0 ? (
              <Text size="sm" c="dimmed">
                {m.sinUsuarios}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{m.columns.usuario}</Table.Th>
                      <Table.Th>{m.columns.nombre}</Table.Th>
                      <Table.Th>{m.columns.email}</Table.Th>
                      <Table.Th>{m.columns.cargo}</Table.Th>
                      <Table.Th>{m.columns.estado}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.usuarios.map((usuario) => (
                      <Table.Tr key={usuario.id}>
                        <Table.Td>{usuario.username}</Table.Td>
                        <Table.Td>{`${usuario.first_name} ${usuario.last_name}`.trim() || m.sinDato}</Table.Td>
                        <Table.Td>{usuario.email || m.sinDato}</Table.Td>
                        <Table.Td>{onboardingMessages.cargos[usuario.cargo]}</Table.Td>
                        <Table.Td>
                          <EstadoClienteBadge activo={usuario.is_active} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>

          <Group justify="space-between">
            <Button variant="light" color={data.receptor.activo ? 'red' : 'teal'} onClick={() => void confirmToggle()} loading={update.isPending}>
              {data.receptor.activo ? m.desactivar : m.activar}
            </Button>
            <Button variant="default" onClick={close}>
              {m.close}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
