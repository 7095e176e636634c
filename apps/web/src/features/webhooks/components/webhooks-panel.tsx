import { Badge, Button, Group, Paper, ScrollArea, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDateTime, type WebhookEndpoint, type WebhookEndpointCreate, WebhookEndpointCreateSchema, WEBHOOK_EVENTOS, type WebhookEvento } from '@receptoria/contracts';
import { IconPlayerPlay, IconRefresh, IconRotate, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { CrearConSecretoForm, OpcionesCheckbox, SecretoUnaVez } from '../../../components/secreto-una-vez';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  useCambiarWebhook,
  useCrearWebhook,
  useEliminarWebhook,
  useEntregas,
  useProbarWebhook,
  useReenviarEntrega,
  useRotarSecreto,
  useWebhooks,
  type WebhooksCliente,
} from '../api/webhooks';
import { webhooksUiMessages as m } from '../messages';

function errorText(error: unknown): string {
  return m.fallo(error instanceof ApiError ? (error.detail ?? error.message) : 'intente nuevamente');
}

/** Creates an endpoint: the contract's rules here, then the secret shown once. */
function CrearForm({ cliente, onSecreto }: { cliente: WebhooksCliente; onSecreto: (secreto: { valor: string; hasta?: string }) => void }) {
  const crear = useCrearWebhook(cliente);
  const [url, setUrl] = useState('');
  const [eventos, setEventos] = useState<WebhookEvento[]>([]);
  const [activo, setActivo] = useState(true);

  const onValid = async (data: WebhookEndpointCreate) => {
    const response = await crear.mutateAsync(data);
    onSecreto({ valor: response.secreto });
    notify.success(m.creadoOk);
    setUrl('');
    setEventos([]);
    setActivo(true);
  };

  return (
    <CrearConSecretoForm
      schema={WebhookEndpointCreateSchema}
      input={{ url, eventos, activo }}
      onValid={onValid}
      describeError={errorText}
      submitLabel={m.crear}
      submitIcon={<IconWebhook size={16} />}
      loading={crear.isPending}
    >
      <TextInput label={m.url} placeholder="https://sistema.estudio.cl/receptoria" value={url} onChange={(event) => setUrl(event.currentTarget.value)} />
      <OpcionesCheckbox label={m.eventos} opciones={WEBHOOK_EVENTOS} etiquetas={m.etiquetas} value={eventos} onChange={setEventos} />
      <Switch label={m.activo} checked={activo} onChange={(event) => setActivo(event.currentTarget.checked)} />
    </CrearConSecretoForm>
  );
}

/** The endpoint's delivery log: each attempt with its answer, and 'Reenviar'. */
function Entregas({ cliente, endpoint }: { cliente: WebhooksCliente; endpoint: WebhookEndpoint }) {
  const { data: entregas = [], refetch, isFetching } = useEntregas(cliente, endpoint.id);
  const reenviar = useReenviarEntrega(cliente);
  const onReenviar = async (entregaId: number) => {
    try {
      await reenviar.mutateAsync({ endpointId: endpoint.id, entregaId });
      notify.success(m.reenviadoOk);
    } catch (caught) {
      notify.error(errorText(caught));
    }
  };
  return (
    <Stack gap="xs" data-testid="webhook-entregas">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {m.entregasTitulo(endpoint.url)}
        </Text>
        <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} loading={isFetching} onClick={() => void refetch()}>
          {m.actualizar}
        </Button>
      </Group>
      {entregas.length === 0 ? (
        <Text size="sm">{m.sinEntregas}</Text>
      ) : (
        <ScrollArea>
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.fecha}</Table.Th>
                <Table.Th>{m.evento}</Table.Th>
                <Table.Th>{m.intento}</Table.Th>
                <Table.Th>{m.http}</Table.Th>
                <Table.Th>{m.duracion}</Table.Th>
                <Table.Th>{m.respuesta}</Table.Th>
                <Table.Th>{m.error}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entregas.map((e) => (
                <Table.Tr key={e.id} data-testid="webhook-entrega">
                  <Table.Td>{formatDateTime(e.enviado_en)}</Table.Td>
                  <Table.Td>
                    {m.etiquetas[e.tipo] ?? e.tipo}
                    <Text size="xs" c="dimmed">
                      <code>{e.evento_id}</code>
                    </Text>
                  </Table.Td>
                  <Table.Td>{e.intento}</Table.Td>
                  <Table.Td>
                    {e.estado_http === null ? (
                      m.sinRespuesta
                    ) : (
                      <Badge color={e.estado_http >= 200 && e.estado_http < 300 ? 'green' : 'red'} variant="light">
                        {e.estado_http}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{m.ms(e.duracion_ms)}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="xs" lineClamp={3} style={{ wordBreak: 'break-all' }}>
                      <code>{e.respuesta}</code>
                    </Text>
                  </Table.Td>
                  <Table.Td>{e.error ?? ''}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={() => void onReenviar(e.id)}>
                      {m.reenviar}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

function Estado({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.desactivado_por_fallas) return <Badge color="red">{m.estadoDesactivado}</Badge>;
  return (
    <Stack gap={2}>
      <Badge color={endpoint.activo ? 'green' : 'gray'}>{endpoint.activo ? m.estadoActivo : m.estadoInactivo}</Badge>
      {endpoint.activo && endpoint.fallando_desde && (
        <Text size="xs" c="red">
          {m.fallandoDesde(formatDateTime(endpoint.fallando_desde))}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A firm's webhooks (Configuraciones Estudio for the office, Preferencias in the portal): create with
 * the events chosen (the secret shown once), test, rotate the secret, turn on or off, delete, and each
 * endpoint's delivery log with 'Reenviar'.
 */
export function WebhooksPanel({ cliente }: { cliente: WebhooksCliente }) {
  const { data: endpoints = [] } = useWebhooks(cliente);
  const cambiar = useCambiarWebhook(cliente);
  const eliminar = useEliminarWebhook(cliente);
  const rotar = useRotarSecreto(cliente);
  const probar = useProbarWebhook(cliente);
  const [secreto, setSecreto] = useState<{ valor: string; hasta?: string }>();
  const [abierto, setAbierto] = useState<number>();

  const run = async (action: () => Promise<unknown>, ok: string) => {
    try {
      await action();
      notify.success(ok);
    } catch (caught) {
      notify.error(errorText(caught));
    }
  };
  const onRotar = async (id: number) => {
    if (!(await confirmAction({ title: m.rotarTitulo, text: m.rotarTexto, confirm: m.rotar }))) return;
    await run(async () => {
      const rotado = await rotar.mutateAsync(id);
      setSecreto({ valor: rotado.secreto, hasta: formatDateTime(rotado.anterior_valido_hasta) });
    }, m.rotadoOk);
  };
  const onEliminar = async (endpoint: WebhookEndpoint) => {
    if (!(await confirmAction({ title: m.eliminarTitulo, text: m.eliminarTexto(endpoint.url), confirm: m.eliminar }))) return;
    await run(() => eliminar.mutateAsync(endpoint.id), m.eliminadoOk);
  };
  const seleccionado = endpoints.find((e) => e.id === abierto);

  return (
    <Paper withBorder p="md" data-testid="webhooks">
      <Stack gap="sm">
        <Title order={4}>{m.titulo}</Title>
        <Text size="sm" c="dimmed">
          {m.descripcion}
        </Text>
        {secreto && (
          <SecretoUnaVez
            titulo={m.secretoTitulo}
            texto={secreto.hasta ? m.secretoRotadoTexto(secreto.hasta) : m.secretoTexto}
            label={m.secreto}
            valor={secreto.valor}
            onClose={() => setSecreto(undefined)}
          />
        )}
        <CrearForm cliente={cliente} onSecreto={setSecreto} />
        {endpoints.length === 0 ? (
          <Text size="sm">{m.vacio}</Text>
        ) : (
          <ScrollArea>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{m.url}</Table.Th>
                  <Table.Th>{m.eventos}</Table.Th>
                  <Table.Th>{m.estado}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoints.map((endpoint) => (
                  <Table.Tr key={endpoint.id} data-testid="webhook">
                    <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.url}</Table.Td>
                    <Table.Td>{endpoint.eventos.map((e) => m.etiquetas[e] ?? e).join(', ')}</Table.Td>
                    <Table.Td>
                      <Estado endpoint={endpoint} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} onClick={() => void run(() => probar.mutateAsync(endpoint.id), m.probarOk)}>
                          {m.probar}
                        </Button>
                        <Button size="xs" variant="subtle" onClick={() => setAbierto(abierto === endpoint.id ? undefined : endpoint.id)}>
                          {abierto === endpoint.id ? m.ocultarEntregas : m.verEntregas}
                        </Button>
                        <Button size="xs" variant="subtle" leftSection={<IconRotate size={14} />} onClick={() => void onRotar(endpoint.id)}>
                          {m.rotar}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => void run(() => cambiar.mutateAsync({ id: endpoint.id, cambios: { activo: !endpoint.activo } }), m.cambiadoOk)}
                        >
                          {endpoint.activo ? m.desactivar : m.activar}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => void onEliminar(endpoint)}>
                          {m.eliminar}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {seleccionado && <Entregas key={seleccionado.id} cliente={cliente} endpoint={seleccionado} />}
      </Stack>
    </Paper>
  );
}
