import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AgenteCodigo } from '@receptoria/contracts';
import { IconUsb } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAgenteEstado, useCrearCodigo, useDesemparejar } from '../api/firmador-api';
import { firmadorMessages } from '../firmador-messages';

const m = firmadorMessages.card;
const hora = (iso: string) => new Date(iso).toLocaleTimeString('es-CL', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit' });
const fechaHora = (iso: string) => new Date(iso).toLocaleString('es-CL', { timeZone: 'America/Santiago', dateStyle: 'short', timeStyle: 'short' });

/** Mi perfil: the signing agent paired with this user (its PC, its last contact) and the pairing code. */
export function FirmadorCard() {
  const estado = useAgenteEstado();
  const crear = useCrearCodigo();
  const desemparejar = useDesemparejar();
  const [codigo, setCodigo] = useState<AgenteCodigo | null>(null);
  const agentes = estado.data?.agentes ?? [];
  const fallo = (error: unknown) => notify.error(error instanceof ApiError && error.detail ? error.detail : m.error);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="firmador-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsb size={20} />
          <Title order={4}>{m.title}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.descripcion}
        </Text>
        {agentes.length === 0 ? (
          <Text size="sm" data-testid="firmador-estado">
            {m.sinAgente}
          </Text>
        ) : (
          agentes.map((a) => (
            <Text size="sm" key={a.id} data-testid="firmador-estado">
              {m.agente(a.equipo)} — {a.visto ? m.visto(fechaHora(a.visto)) : m.nuncaVisto}
            </Text>
          ))
        )}
        {codigo ? (
          <Alert color="blue" title={m.codigo} data-testid="firmador-codigo">
            <Stack gap={4}>
              <Text fw={700} size="xl" ff="monospace" data-testid="firmador-codigo-valor">
                {codigo.codigo}
              </Text>
              <Text size="sm">{m.vence(hora(codigo.vence))}</Text>
              <Code block>{m.comando(codigo.codigo, window.location.origin)}</Code>
            </Stack>
          </Alert>
        ) : null}
        <Group>
          <Button variant="light" loading={crear.isPending} onClick={() => crear.mutate(undefined, { onSuccess: setCodigo, onError: fallo })}>
            {m.generar}
          </Button>
          {agentes.length > 0 ? (
            <Button
              variant="subtle"
              color="red"
              loading={desemparejar.isPending}
              onClick={() => desemparejar.mutate(undefined, { onSuccess: () => notify.success(m.desemparejado), onError: fallo })}
            >
              {m.desemparejar}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
