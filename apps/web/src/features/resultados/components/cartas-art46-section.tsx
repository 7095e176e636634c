import { Alert, Anchor, Badge, Box, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type ColaCartaArt46, CartaArt46InputSchema, todayIso, visitaMessages } from '@receptoria/contracts';
import { IconMailForward } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRegistrarCartaArt46 } from '../api/registrar-carta-art46';
import { resultadosMessages } from '../messages';

const m = resultadosMessages.cartas;

type Errores = Partial<Record<'fecha_envio' | 'numero_seguimiento', string>>;

/** Client-side check with the API's own rules and words, plus "not after today" (Santiago). */
function validar(fechaEnvio: string, numeroSeguimiento: string): Errores {
  const parsed = CartaArt46InputSchema.safeParse({ fecha_envio: fechaEnvio, numero_seguimiento: numeroSeguimiento });
  const errores: Errores = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const campo = issue.path[0];
      if ((campo === 'fecha_envio' || campo === 'numero_seguimiento') && !errores[campo]) errores[campo] = issue.message;
    }
  }
  if (!errores.fecha_envio && fechaEnvio > todayIso()) errores.fecha_envio = visitaMessages.fechaEnvioFutura;
  return errores;
}

/** The small form of one letter: sending date (today by default, never later) and tracking number. */
function RegistrarEnvioModal({ carta, onClose }: { carta: ColaCartaArt46 | null; onClose: () => void }) {
  const [fechaEnvio, setFechaEnvio] = useState(todayIso());
  const [numero, setNumero] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const [detalle, setDetalle] = useState<string | null>(null);
  const registrar = useRegistrarCartaArt46();

  const cerrar = () => {
    setFechaEnvio(todayIso());
    setNumero('');
    setErrores({});
    setDetalle(null);
    registrar.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!carta || registrar.isPending) return;
    const encontrados = validar(fechaEnvio, numero);
    setErrores(encontrados);
    setDetalle(null);
    if (Object.keys(encontrados).length > 0) return;
    registrar.mutate(
      { encargoId: carta.encargo_id, carta: { fecha_envio: fechaEnvio, numero_seguimiento: numero } },
      {
        onSuccess: (response) => {
          notify.success(response.message);
          cerrar();
        },
        onError: (error) => {
          const campos = error instanceof ApiError ? error.errors : undefined;
          setErrores({ fecha_envio: campos?.fecha_envio?.[0], numero_seguimiento: campos?.numero_seguimiento?.[0] });
          setDetalle(error instanceof ApiError && error.detail ? error.detail : error.message);
        },
      },
    );
  };

  return (
    <Modal opened={carta !== null} onClose={cerrar} title={carta ? m.modalTitle(carta.numero_rol) : ''} centered>
      <form onSubmit={submit} noValidate data-testid="carta-art46-form">
        <Stack gap="sm">
          {detalle ? (
            <Alert color="red" variant="light" role="alert">
              {detalle}
            </Alert>
          ) : null}
          <TextInput
            type="date"
            label={m.fechaEnvio}
            required
            value={fechaEnvio}
            max={todayIso()}
            onChange={(event) => setFechaEnvio(event.currentTarget.value)}
            error={errores.fecha_envio}
          />
          <TextInput
            label={m.numeroSeguimiento}
            description={m.numeroSeguimientoHint}
            required
            value={numero}
            onChange={(event) => setNumero(event.currentTarget.value)}
            error={errores.numero_seguimiento}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cerrar} disabled={registrar.isPending}>
              {m.cancelar}
            </Button>
            <Button type="submit" loading={registrar.isPending}>
              {m.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The art. 46 letters still to send (issue 23), on the work queue: rol (to the assignment), due date,
 * overdue ones in red, and 'Registrar envío' for each. Without letters it says so in one line.
 */
export function CartasArt46Section({ cartas }: { cartas: ColaCartaArt46[] }) {
  const [abierta, setAbierta] = useState<ColaCartaArt46 | null>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="cola-cartas-art46">
      <Stack gap="sm">
        <Box>
          <Title order={4}>{m.title}</Title>
          <Text size="sm" c="dimmed">
            {m.hint}
          </Text>
        </Box>
        {cartas.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xs">
            {m.empty}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {cartas.map((carta) => {
                const vencida = carta.estado === 'vencida';
                return (
                  <Table.Tr key={carta.encargo_id} data-testid={`carta-art46-${carta.encargo_id}`} data-estado={carta.estado}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${paths.diligencias}?rol=${encodeURIComponent(carta.numero_rol)}&id=${carta.encargo_id}`}
                        fw={600}
                      >
                        {carta.numero_rol}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm" c={vencida ? 'red.8' : undefined} fw={vencida ? 600 : undefined}>
                          {m.vence(carta.vence)}
                        </Text>
                        {vencida ? (
                          <Badge color="red" variant="filled" radius="sm" tt="none">
                            {m.vencida}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconMailForward size={14} />}
                        aria-label={m.registrarDe(carta.numero_rol)}
                        onClick={() => setAbierta(carta)}
                      >
                        {m.registrar}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <RegistrarEnvioModal carta={abierta} onClose={() => setAbierta(null)} />
    </Paper>
  );
}
