import { Alert, Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { Cliente } from '@receptoria/contracts';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ScreenLoading } from '../../../components/list-states';
import { confirmAction } from '../../../components/confirm-action';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useClientes } from '../api/get-clientes';
import { useServidores } from '../api/get-servidores';
import { useTraslado } from '../api/get-traslado';
import { onboardingKeys } from '../api/keys';
import { useMoverCliente } from '../api/mover-cliente';
import { onboardingMessages } from '../messages';
import { TrasladoEstadoPanel } from './traslado-estado-panel';

const m = onboardingMessages.mover;

export type ClienteAMover = Pick<Cliente, 'id' | 'nombre' | 'servidor_id'>;

interface MoverClienteModalProps {
  cliente: ClienteAMover | null;
  onClose: () => void;
}

function MoverClienteContent({ cliente }: { cliente: ClienteAMover }) {
  const queryClient = useQueryClient();
  const servidores = useServidores();
  const traslado = useTraslado(cliente.id);
  const mover = useMoverCliente(cliente.id);
  // The list is read again after a move ends: the receiver's server is the list's, not the one it opened with.
  const servidorId = useClientes().data?.find((row) => row.id === cliente.id)?.servidor_id ?? cliente.servidor_id;
  const [destino, setDestino] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A move that ends changes the receiver's server and the servers' counts.
  const estado = traslado.data?.estado;
  const previous = useRef(estado);
  useEffect(() => {
    if (previous.current === 'copiando' && estado && estado !== 'copiando') {
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.clientes });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.servidores });
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.traslados });
    }
    previous.current = estado;
  }, [estado, queryClient]);

  if (servidores.isPending || traslado.isPending) return <ScreenLoading text={m.cargando} />;

  const actual = servidores.data?.find((servidor) => servidor.id === servidorId);
  const destinos = (servidores.data ?? []).filter((servidor) => servidor.activo && servidor.id !== servidorId);
  const copiando = estado === 'copiando';

  const start = async () => {
    const elegido = destinos.find((servidor) => String(servidor.id) === destino);
    if (!elegido) return;
    const confirmed = await confirmAction({
      title: m.confirm.title,
      text: m.confirm.text(cliente.nombre, elegido.nombre),
      confirm: m.confirm.confirm,
      cancel: onboardingMessages.detail.cancelar,
      color: 'blue',
    });
    if (!confirmed) return;
    setRefusal(null);
    try {
      const started = await mover.mutateAsync({ servidor_id: elegido.id });
      notify.info(started.message);
      setDestino(null);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.detail && error.status < 500 ? error.detail : m.error);
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Text size="xs" c="dimmed">
          {m.servidorActual}
        </Text>
        <Text fw={600} data-testid="servidor-actual">
          {actual?.nombre ?? onboardingMessages.detail.sinDato}
        </Text>
      </div>

      {traslado.data && <TrasladoEstadoPanel clienteId={cliente.id} nombre={cliente.nombre} traslado={traslado.data} />}

      {!copiando && (
        <>
          {traslado.data && <Divider />}
          {destinos.length === 0 ? (
            <Text c="dimmed" size="sm">
              {m.sinDestinos}
            </Text>
          ) : (
            <Select
              label={m.destino}
              data={destinos.map((servidor) => ({
                value: String(servidor.id),
                label: m.destinoOpcion(servidor.nombre, servidor.receptores, servidor.capacidad),
              }))}
              value={destino}
              onChange={(value) => {
                setDestino(value);
                setRefusal(null);
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              leftSection={<IconArrowsExchange size={16} />}
              disabled={destino === null}
              loading={mover.isPending}
              onClick={() => void start()}
            >
              {m.mover}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** Moves a receiver's database to another server and follows the copy until it ends (issue 28). */
export function MoverClienteModal({ cliente, onClose }: MoverClienteModalProps) {
  return (
    <Modal opened={cliente !== null} onClose={onClose} title={cliente ? m.title(cliente.nombre) : ''} size="lg">
      {cliente && <MoverClienteContent key={cliente.id} cliente={cliente} />}
    </Modal>
  );
}
