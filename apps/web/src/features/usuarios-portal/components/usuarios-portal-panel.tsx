import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type CorreoResultado, formatDateTime, type PortalInvitacionResponse, type PortalUsuario, PortalInvitacionSchema } from '@receptoria/contracts';
import { IconAlertCircle, IconMailForward, IconSend, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { CopiarEnlace } from '../../../components/copiar-enlace';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCambiarActivoUsuarioPortal, useInvitarUsuarioPortal, useUsuariosPortal } from '../api/usuarios-portal';
import { usuariosPortalMessages as m } from '../messages';

const COLORS: Record<PortalUsuario['estado'], string> = { invitado: 'orange', activo: 'teal', desactivado: 'gray' };

function errorText(error: unknown): string {
  return m.error(error instanceof ApiError ? (error.detail ?? error.message) : 'intente nuevamente');
}

interface Invitacion {
  email: string;
  correo: CorreoResultado;
}

/** After an invitation whose mail did not go out: what happened, and the link to send by other means. */
function InvitacionAviso({ invitacion, onClose }: { invitacion: Invitacion; onClose: () => void }) {
  const { estado, enlace_activacion: enlace } = invitacion.correo;
  const texts = estado === 'fallido' ? m.fallido : estado === 'pendiente' ? m.pendiente : m.enBandeja;
  return (
    <Alert
      color={estado === 'fallido' ? 'red' : 'yellow'}
      variant="light"
      title={texts.title}
      withCloseButton
      closeButtonLabel={m.cerrarAviso}
      onClose={onClose}
      data-testid="invitacion-aviso"
    >
      <Stack gap="xs">
        <Text size="sm">{texts.text(invitacion.email)}</Text>
        {enlace && <CopiarEnlace enlace={enlace} label={m.enlace} />}
      </Stack>
    </Alert>
  );
}

/** The toast when the mail went out; otherwise the notice with the link. */
function reportInvitacion(email: string, response: PortalInvitacionResponse, done: string, show: (invitacion: Invitacion) => void) {
  if (response.correo.estado === 'enviado') notify.success(done);
  else show({ email, correo: response.correo });
}

interface Errors {
  nombre?: string;
  email?: string;
}

/** Invites a person of the firm: the contract's rules here and the API's words when it refuses. */
function InvitarForm({ estudioId, onInvitacion }: { estudioId: number; onInvitacion: (invitacion: Invitacion) => void }) {
  const invitar = useInvitarUsuarioPortal(estudioId);
  const [nombre, setNombre] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = PortalInvitacionSchema.safeParse({ nombre, email });
    if (!result.success) {
      const found: Errors = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const response = await invitar.mutateAsync(result.data);
      reportInvitacion(result.data.email, response, m.invitado(result.data.email), onInvitacion);
      setNombre('');
      setEmail('');
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      if (fields?.email?.[0] || fields?.nombre?.[0]) setErrors({ email: fields.email?.[0], nombre: fields.nombre?.[0] });
      notify.error(errorText(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={m.nombre}
          value={nombre}
          onChange={(event) => setNombre(event.currentTarget.value)}
          error={errors.nombre}
          maxLength={150}
          style={{ flex: '1 1 200px' }}
        />
        <TextInput
          label={m.email}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          maxLength={254}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" mt={25} leftSection={<IconSend size={16} />} loading={invitar.isPending}>
          {m.invitar}
        </Button>
      </Group>
    </form>
  );
}

/** Configuraciones Estudio → 'Usuarios del portal': invite, resend the link, deactivate and activate again. */
export function UsuariosPortalPanel({ estudioId }: { estudioId: number }) {
  const usuarios = useUsuariosPortal(estudioId);
  const invitar = useInvitarUsuarioPortal(estudioId);
  const cambiar = useCambiarActivoUsuarioPortal(estudioId);
  const [busy, setBusy] = useState<number | null>(null);
  const [invitacion, setInvitacion] = useState<Invitacion | null>(null);

  const run = async (usuario: PortalUsuario, action: () => Promise<unknown>, done: string) => {
    setBusy(usuario.id);
    try {
      const response = await action();
      if (response && typeof response === 'object' && 'correo' in response) {
        reportInvitacion(usuario.email, response as PortalInvitacionResponse, done, setInvitacion);
      } else notify.success(done);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const resend = (usuario: PortalUsuario) =>
    run(usuario, () => invitar.mutateAsync({ nombre: usuario.nombre, email: usuario.email }), m.reenviado(usuario.email));

  const toggle = async (usuario: PortalUsuario) => {
    if (usuario.activo) {
      const texts = m.confirmDesactivar;
      if (!(await confirmAction({ title: texts.title, text: texts.text(usuario.nombre), confirm: texts.confirm }))) return;
      await run(usuario, () => cambiar.mutateAsync({ uid: usuario.id, activo: false }), m.desactivado(usuario.nombre));
    } else await run(usuario, () => cambiar.mutateAsync({ uid: usuario.id, activo: true }), m.activado(usuario.nombre));
  };

  const rows = usuarios.data ?? [];

  return (
    <Paper withBorder shadow="xs" p="md" data-testid="usuarios-portal">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={4}>{m.title}</Title>
          <Text size="sm" c="dimmed">
            {m.description}
          </Text>
        </Stack>
        <InvitarForm estudioId={estudioId} onInvitacion={setInvitacion} />
        {invitacion && <InvitacionAviso invitacion={invitacion} onClose={() => setInvitacion(null)} />}
        {usuarios.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {m.loadError}
          </Alert>
        )}
        {usuarios.data && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {m.empty}
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.nombre}</Table.Th>
                  <Table.Th>{m.email}</Table.Th>
                  <Table.Th>{m.estado}</Table.Th>
                  <Table.Th>{m.acciones}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((usuario) => (
                  <Table.Tr key={usuario.id} data-testid="usuario-portal">
                    <Table.Td>{usuario.nombre}</Table.Td>
                    <Table.Td>{usuario.email}</Table.Td>
                    <Table.Td>
                      <Badge color={COLORS[usuario.estado]} variant="light" radius="sm" tt="none">
                        {m.estados[usuario.estado]}
                      </Badge>
                      {usuario.estado === 'invitado' && usuario.invitacion_vence && (
                        <Text size="xs" c="dimmed">
                          {m.vence(formatDateTime(usuario.invitacion_vence))}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {usuario.estado === 'invitado' && (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconMailForward size={14} />}
                            loading={busy === usuario.id}
                            onClick={() => void resend(usuario)}
                          >
                            {m.reenviar}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          color={usuario.activo ? 'red' : 'teal'}
                          leftSection={usuario.activo ? <IconUserOff size={14} /> : <IconUserCheck size={14} />}
                          disabled={busy === usuario.id}
                          onClick={() => void toggle(usuario)}
                        >
                          {usuario.activo ? m.desactivar : m.activar}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
