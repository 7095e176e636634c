import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { TrasladoEstado } from '@receptoria/contracts';
import { IconTrash } from '@tabler/icons-react';
import { confirmAction } from '../../../components/confirm-action';
import { notify } from '../../../lib/notify';
import { useConfirmarTraslado } from '../api/confirmar-traslado';
import { onboardingMessages } from '../messages';
import { serverErrorText } from '../utils/cliente-form';

const m = onboardingMessages.mover;

const COLORS: Record<TrasladoEstado['estado'], string> = { copiando: 'blue', activo: 'teal', fallido: 'red' };

/** A move's state badge ('Copiando', 'Activo', 'Fallido'). */
export function TrasladoEstadoBadge({ estado }: { estado: TrasladoEstado['estado'] }) {
  return (
    <Badge color={COLORS[estado]} variant="light" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {m.estados[estado]}
    </Badge>
  );
}

/**
 * The receiver's last move: a running bar while it copies, the API's words when it ends, and, once
 * active with the old database still kept, the button that drops it (after saying it cannot be undone).
 */
export function TrasladoEstadoPanel({ clienteId, nombre, traslado }: { clienteId: number; nombre: string; traslado: TrasladoEstado }) {
  const confirmar = useConfirmarTraslado(clienteId);

  const borrar = async () => {
    const confirmed = await confirmAction({
      title: m.confirmBorrar.title,
      text: m.confirmBorrar.text(nombre),
      confirm: m.confirmBorrar.confirm,
      cancel: onboardingMessages.detail.cancelar,
    });
    if (!confirmed) return;
    try {
      await confirmar.mutateAsync();
      notify.success(m.borrada);
    } catch (error) {
      notify.error(serverErrorText(error, m.borrarError));
    }
  };

  return (
    <Stack gap="xs" data-testid="traslado-estado" data-estado={traslado.estado}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {m.ultimo}
        </Text>
        <TrasladoEstadoBadge estado={traslado.estado} />
      </Group>
      {traslado.estado === 'copiando' && <Progress value={100} animated striped aria-label={m.estados.copiando} />}
      <Alert color={COLORS[traslado.estado]} variant="light" p="sm" role="status">
        <Text size="sm">{traslado.detalle}</Text>
      </Alert>
      {traslado.estado === 'activo' && !traslado.base_anterior_eliminada && (
        <Group justify="flex-end">
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} loading={confirmar.isPending} onClick={() => void borrar()}>
            {m.confirmarBorrar}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
