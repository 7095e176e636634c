import { Alert, Badge, Group, List, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { CORREO_ESTADO_LABELS, type CorreoSaliente, formatDateTime } from '@receptoria/contracts';
import { IconAlertCircle, IconPaperclip } from '@tabler/icons-react';
import { CopiarEnlace } from '../../../components/copiar-enlace';
import { ScreenLoading } from '../../../components/list-states';
import { useCorreoSaliente } from '../api/correo-saliente';
import { correoSalienteMessages as m } from '../messages';

export const ESTADO_COLORS: Record<CorreoSaliente['estado'], string> = { pendiente: 'blue', enviado: 'teal', fallido: 'red', sin_transporte: 'orange' };

/** The activation link of a portal invitation in a mail's body, if it has one. */
export function enlaceActivacion(cuerpo: string): string | null {
  return /https?:\/\/\S+\/portal\/activar\/[A-Za-z0-9_-]+/.exec(cuerpo)?.[0] ?? null;
}

export function EstadoCorreoBadge({ estado }: { estado: CorreoSaliente['estado'] }) {
  return (
    <Badge color={ESTADO_COLORS[estado]} variant="light" radius="sm" tt="none">
      {CORREO_ESTADO_LABELS[estado]}
    </Badge>
  );
}

function Dato({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

function Detalle({ correo }: { correo: CorreoSaliente }) {
  const enlace = enlaceActivacion(correo.cuerpo);
  return (
    <Stack gap="md" data-testid="correo-detalle">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Dato label={m.asunto}>{correo.asunto}</Dato>
        <Dato label={m.para}>{correo.para}</Dato>
        <Dato label={m.creado}>{formatDateTime(correo.creado)}</Dato>
        <Dato label={m.enviado}>{correo.enviado ? formatDateTime(correo.enviado) : '—'}</Dato>
        <Dato label={m.estado}>
          <EstadoCorreoBadge estado={correo.estado} />
        </Dato>
      </SimpleGrid>
      {correo.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={m.motivo}>
          {correo.error}
        </Alert>
      )}
      {enlace && <CopiarEnlace enlace={enlace} label={m.enlace} />}
      <Paper withBorder p="sm" bg="gray.0">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="correo-cuerpo">
          {correo.cuerpo}
        </Text>
      </Paper>
      <div>
        <Text size="xs" c="dimmed">
          {m.adjuntos}
        </Text>
        {correo.adjuntos.length === 0 ? (
          <Text size="sm">{m.sinAdjuntos}</Text>
        ) : (
          <List size="sm" icon={<IconPaperclip size={14} />}>
            {correo.adjuntos.map((adjunto, index) => (
              <List.Item key={index}>
                <Group gap="xs">
                  <span>{adjunto.nombre}</span>
                  <Text span size="xs" c="dimmed">
                    {m.bytes(adjunto.bytes)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}

/** One mail: subject, recipient, times, state (with the reason of a failure), body and files. */
export function CorreoDetalleModal({ cliente, id, onClose }: { cliente: number | null; id: number | null; onClose: () => void }) {
  const correo = useCorreoSaliente(cliente, id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={m.detalle} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      {correo.isPending ? (
        <ScreenLoading text={m.loading} />
      ) : correo.isError || !correo.data ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {m.loadError}
        </Alert>
      ) : (
        <Detalle correo={correo.data} />
      )}
    </Modal>
  );
}
