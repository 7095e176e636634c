import {
  ADMIN_USERNAME,
  groupCodes,
  type Permiso,
  type PermisoCatalogo,
  type PermissionGroup,
  PERMISSION_GROUPS,
  type Usuario,
} from '@receptoria/contracts';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { displayName } from '../../../lib/auth/display-name';
import { useSession } from '../../../lib/auth/use-session';
import { confirmAction } from '../../../components/confirm-action';
import { ExportarDatosCard } from '../../exportar/exportar-datos';
import { notify } from '../../../lib/notify';
import { type PermissionGroupChange, useChangePermissionGroup, usePendingGroupChanges } from '../api/change-permission-group';
import { usePermisosCatalogo } from '../api/get-permisos-catalogo';
import { useUsuariosPermisos } from '../api/get-usuario-permisos';
import { useUsuarios } from '../api/get-usuarios';
import { permisosMessages as m } from '../messages';
import { notifyApiError } from '../utils/api-errors';

/** Shows each distinct load failure once as a toast (spec 02 §8). */
function useLoadErrorToasts(errors: readonly unknown[]) {
  const shown = useRef(new WeakSet<object>());
  useEffect(() => {
    const fresh = errors.filter((error): error is object => typeof error === 'object' && error !== null && !shown.current.has(error));
    if (fresh.length === 0) return;
    for (const error of fresh) shown.current.add(error);
    notifyApiError(fresh[0], m.loadError);
  }, [errors]);
}

function GroupHeader({ group, catalogue }: { group: PermissionGroup; catalogue: readonly PermisoCatalogo[] }) {
  const names = groupCodes(group.module).map((code) => catalogue.find((p) => p.codigo === code)?.nombre ?? code);
  return (
    <Tooltip label={`${m.groupIncludes} ${names.join(', ')}`} multiline w={260} withArrow>
      <Text fw={700} size="sm" ta="center" style={{ cursor: 'help' }}>
        {group.label}
      </Text>
    </Tooltip>
  );
}

interface CellProps {
  usuario: Usuario;
  group: PermissionGroup;
  permisos: readonly Permiso[] | undefined;
  pending: boolean;
  onToggle: (usuario: Usuario, group: PermissionGroup, held: readonly Permiso[]) => void;
}

function GroupCell({ usuario, group, permisos, pending, onToggle }: CellProps) {
  const label = m.checkboxLabel(group.label, usuario.username);
  if (usuario.username === ADMIN_USERNAME) {
    return <Checkbox aria-label={label} checked disabled readOnly />;
  }
  if (!permisos) return <Loader size="xs" aria-label={m.loading} />;
  const codes = groupCodes(group.module);
  const held = permisos.filter((permiso) => codes.includes(permiso.codigo));
  const checkbox = (
    <Checkbox
      aria-label={label}
      checked={held.length > 0}
      disabled={pending}
      onChange={() => onToggle(usuario, group, held)}
    />
  );
  if (held.length === 0 || held.length === codes.length) return checkbox;
  return (
    <Tooltip label={m.partial(held.length, codes.length)} withArrow>
      <span>{checkbox}</span>
    </Tooltip>
  );
}

/** The permission matrix: active users by rows, the four module groups by columns (spec 02 §2.6, §6). */
export function PermisosScreen() {
  const { user: current } = useSession();
  const usuarios = useUsuarios();
  const catalogue = usePermisosCatalogo();
  const ids = useMemo(() => (usuarios.data ?? []).map((usuario) => usuario.id), [usuarios.data]);
  const permisos = useUsuariosPermisos(ids);
  const change = useChangePermissionGroup();
  const pending = usePendingGroupChanges();

  const loadErrors = useMemo(
    () => [usuarios.error, catalogue.error, ...permisos.errors].filter(Boolean),
    [usuarios.error, catalogue.error, permisos.errors],
  );
  useLoadErrorToasts(loadErrors);

  const toggle = async (usuario: Usuario, group: PermissionGroup, held: readonly Permiso[]) => {
    const grant = held.length === 0;
    const entries: Permiso[] = grant
      ? (catalogue.data ?? [])
          .filter((permiso) => groupCodes(group.module).includes(permiso.codigo))
          .map(({ id, codigo }) => ({ id, codigo }))
      : [...held];
    if (entries.length === 0) {
      notify.error(m.changeError);
      return;
    }
    const variables: PermissionGroupChange = { userId: usuario.id, module: group.module, grant, permisos: entries };
    const name = displayName(usuario);
    if (!grant) {
      // Revoking takes a module away from a user: say which one and wait for a confirmation.
      const texts = m.confirmRevoke;
      const names = entries.map((permiso) => catalogue.data?.find((p) => p.codigo === permiso.codigo)?.nombre ?? permiso.codigo);
      const confirmed = await confirmAction({
        title: texts.title(group.label),
        text: texts.text(group.label, name, names.join(', ')),
        confirm: texts.confirm,
      });
      if (!confirmed) return;
    }
    change.mutate(variables, {
      onSuccess: () => notify.success(grant ? m.granted(group.label, name) : m.revoked(group.label, name)),
      onError: (error) => notifyApiError(error, m.changeError),
    });
  };

  const refetchAll = () => {
    void usuarios.refetch();
    void catalogue.refetch();
  };

  const failed = usuarios.isError || catalogue.isError;
  const loading = usuarios.isPending || catalogue.isPending;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Stack>

      {failed ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={m.loadError}>
          <Button mt="sm" size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={refetchAll}>
            {m.retry}
          </Button>
        </Alert>
      ) : loading ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader />
            <Text size="sm" c="dimmed">
              {m.loading}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="permisos-matrix">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.columns.nombre}</Table.Th>
                  <Table.Th>{m.columns.username}</Table.Th>
                  <Table.Th>{m.columns.cargo}</Table.Th>
                  {PERMISSION_GROUPS.map((group) => (
                    <Table.Th key={group.module} w={130}>
                      <GroupHeader group={group} catalogue={catalogue.data ?? []} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usuarios.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3 + PERMISSION_GROUPS.length}>
                      <Text c="dimmed" ta="center" py="md">
                        {m.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {usuarios.data?.map((usuario) => {
                  const isAdmin = usuario.username === ADMIN_USERNAME;
                  return (
                    <Table.Tr key={usuario.id} data-testid={`permisos-row-${usuario.username}`}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={600} size="sm">
                            {displayName(usuario)}
                          </Text>
                          {usuario.id === current?.id && (
                            <Badge size="xs" variant="light">
                              {m.you}
                            </Badge>
                          )}
                          {isAdmin && (
                            <Tooltip label={m.adminHint} multiline w={240} withArrow>
                              <Badge size="xs" color="grape" variant="light" leftSection={<IconShieldLock size={10} />}>
                                {m.fullAccess}
                              </Badge>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {usuario.username}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.cargo[usuario.cargo]}</Text>
                      </Table.Td>
                      {PERMISSION_GROUPS.map((group) => (
                        <Table.Td key={group.module}>
                          <Center>
                            <GroupCell
                              usuario={usuario}
                              group={group}
                              permisos={permisos.byUser.get(usuario.id)}
                              pending={pending.has(`${usuario.id}:${group.module}`)}
                              onToggle={(target, module, held) => void toggle(target, module, held)}
                            />
                          </Center>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Text size="sm" c="dimmed">
        {m.usersNote}
      </Text>

      <ExportarDatosCard />
    </Stack>
  );
}
