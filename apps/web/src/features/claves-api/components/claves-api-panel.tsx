import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CLAVE_API_ALCANCES, type ClaveApiAlcance, ClaveApiCreateSchema, formatDate, formatDateTime } from '@receptoria/contracts';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { CrearConSecretoForm, OpcionesCheckbox, SecretoUnaVez } from '../../../components/secreto-una-vez';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useClavesApi, useCrearClaveApi, useRevocarClaveApi } from '../api/claves-api';
import { clavesApiUiMessages as m } from '../messages';

function errorText(error: unknown): string {
  return m.error(error instanceof ApiError ? (error.detail ?? error.message) : 'intente nuevamente');
}

/** Creates a key: the contract's rules here, then the secret shown once with a copy button. */
function CrearForm({ estudioId, onSecreto }: { estudioId: number; onSecreto: (secreto: string) => void }) {
  const crear = useCrearClaveApi(estudioId);
  const [nombre, setNombre] = useState('');
  const [alcances, setAlcances] = useState<ClaveApiAlcance[]>([]);
  const [expira, setExpira] = useState('');
  const input = { nombre, alcances, ...(expira.trim() ? { expira: expira.trim() } : {}) };

  const onValid = async () => {
    const response = await crear.mutateAsync(input);
    onSecreto(response.secreto);
    notify.success(m.creadaOk);
    setNombre('');
    setAlcances([]);
    setExpira('');
  };

  return (
    <CrearConSecretoForm
      schema={ClaveApiCreateSchema}
      input={input}
      onValid={onValid}
      describeError={errorText}
      submitLabel={m.crear}
      submitIcon={<IconKey size={16} />}
      loading={crear.isPending}
    >
      <Group align="flex-end" grow>
        <TextInput label={m.nombre} value={nombre} onChange={(event) => setNombre(event.currentTarget.value)} />
        <TextInput label={m.expira} value={expira} onChange={(event) => setExpira(event.currentTarget.value)} />
      </Group>
      <OpcionesCheckbox label={m.alcances} opciones={CLAVE_API_ALCANCES} etiquetas={m.etiquetas} value={alcances} onChange={setAlcances} />
    </CrearConSecretoForm>
  );
}

/** Configuraciones Estudio → Claves API: create (secret once), list, revoke. */
export function ClavesApiPanel({ estudioId }: { estudioId: number }) {
  const { data: claves = [] } = useClavesApi(estudioId);
  const revocar = useRevocarClaveApi(estudioId);
  const [secreto, setSecreto] = useState<string>();

  const onRevocar = async (id: number, nombre: string) => {
    if (!(await confirmAction({ title: m.revocarTitulo, text: m.revocarTexto(nombre), confirm: m.revocar }))) return;
    try {
      await revocar.mutateAsync(id);
      notify.success(m.revocadaOk);
    } catch (caught) {
      notify.error(errorText(caught));
    }
  };

  return (
    <Paper withBorder p="md" data-testid="claves-api">
      <Stack gap="sm">
        <Title order={4}>{m.titulo}</Title>
        <Text size="sm" c="dimmed">
          {m.descripcion}
        </Text>
        {secreto && <SecretoUnaVez titulo={m.secretoTitulo} texto={m.secretoTexto} label={m.secreto} valor={secreto} onClose={() => setSecreto(undefined)} />}
        <CrearForm estudioId={estudioId} onSecreto={setSecreto} />
        {claves.length === 0 ? (
          <Text size="sm">{m.vacio}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.nombre}</Table.Th>
                <Table.Th>{m.prefijo}</Table.Th>
                <Table.Th>{m.alcances}</Table.Th>
                <Table.Th>{m.creada}</Table.Th>
                <Table.Th>{m.ultimoUso}</Table.Th>
                <Table.Th>{m.expira}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {claves.map((clave) => (
                <Table.Tr key={clave.id} data-testid="clave-api">
                  <Table.Td>{clave.nombre}</Table.Td>
                  <Table.Td>
                    <code>{clave.prefijo}…</code>
                  </Table.Td>
                  <Table.Td>{clave.alcances.map((a) => m.etiquetas[a]).join(', ')}</Table.Td>
                  <Table.Td>{formatDateTime(clave.creada)}</Table.Td>
                  <Table.Td>{clave.ultimo_uso ? formatDateTime(clave.ultimo_uso) : m.sinUso}</Table.Td>
                  <Table.Td>{clave.expira ? formatDate(clave.expira) : m.sinExpiracion}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => void onRevocar(clave.id, clave.nombre)}>
                      {m.revocar}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
