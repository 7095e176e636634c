import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RESULTADO_VISITA_LABELS, type ResultadoVisita, formatDateTime } from '@receptoria/contracts';
import type { VisitaEnCola } from '../queue/field-queue';
import { terrenoMessages as m } from '../messages';

// Dark text on a light tint of the state's colour: readable in sunlight (contrast well above AA).
const ESTADO_COLOR = { pendiente: 'yellow', enviada: 'teal', rechazada: 'red' } as const;

/** Every visit typed on this phone (the last week's sent ones too) with its state and the server's reason. */
export function ColaLista({ visitas }: { visitas: readonly VisitaEnCola[] }) {
  return (
    <Stack gap="sm" data-testid="cola-lista">
      <Title order={4}>{m.cola}</Title>
      {visitas.length === 0 ? <Text c="dark.6">{m.colaVacia}</Text> : null}
      {visitas.map((visita) => {
        const fotosPendientes = visita.fotos.filter((foto) => foto.estado === 'pendiente').length;
        return (
          <Paper key={visita.uuid} withBorder p="sm" data-testid="visita-en-cola" data-estado={visita.estadoGeneral}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} c="dark.9" style={{ overflowWrap: 'anywhere' }}>
                  <span className="numero-rol">{visita.resumen.numeroRol}</span> · {RESULTADO_VISITA_LABELS[visita.body.resultado as ResultadoVisita] ?? visita.body.resultado}
                </Text>
                <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                  {formatDateTime(visita.body.fecha_hora)}
                  {visita.resumen.direccion ? ` · ${visita.resumen.direccion}` : ''}
                </Text>
              </Stack>
              <Badge color={ESTADO_COLOR[visita.estadoGeneral]} variant="light" c="dark.9" size="lg" style={{ flexShrink: 0, border: '1px solid currentColor' }}>
                {m.estados[visita.estadoGeneral]}
              </Badge>
            </Group>
            {visita.estado === 'rechazada' && visita.mensaje ? (
              <Text size="sm" c="red.9" mt={4} data-testid="motivo-rechazo">
                {visita.mensaje}
              </Text>
            ) : null}
            {visita.estado === 'enviada' && fotosPendientes > 0 ? (
              <Text size="sm" c="dark.7" mt={4}>
                {m.fotosPendientes(fotosPendientes)}
              </Text>
            ) : null}
            {visita.fotos
              .filter((foto) => foto.estado === 'rechazada')
              .map((foto) => (
                <Text key={foto.id} size="sm" c="red.9" mt={4}>
                  {m.fotoRechazada(foto.orden + 1, foto.mensaje ?? '')}
                </Text>
              ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
