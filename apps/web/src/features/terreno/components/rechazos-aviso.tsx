import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { RESULTADO_VISITA_LABELS, type ResultadoVisita, formatDateTime } from '@receptoria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { VisitaEnCola } from '../queue/field-queue';
import { terrenoMessages } from '../messages';

const m = terrenoMessages.rechazo;

interface RechazosAvisoProps {
  rechazadas: readonly VisitaEnCola[];
  /** Whether the refused visit's stop is among today's (then it can be corrected there). */
  tieneParada: (visita: VisitaEnCola) => boolean;
  onCorregir: (visita: VisitaEnCola) => void;
  onDescartar: (visita: VisitaEnCola) => void;
}

/** The visits the server refused, first on the screen until the receiver corrects or discards each. */
export function RechazosAviso({ rechazadas, tieneParada, onCorregir, onDescartar }: RechazosAvisoProps) {
  if (rechazadas.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={m.titulo(rechazadas.length)} data-testid="rechazos-aviso" role="alert">
      <Stack gap="sm">
        {rechazadas.map((visita) => {
          const corregible = tieneParada(visita);
          return (
            <Paper key={visita.uuid} withBorder p="sm" data-testid="rechazo" c="dark.9">
              <Text fw={700} c="dark.9" className="numero-rol">
                {visita.resumen.numeroRol}
              </Text>
              <Text size="sm" c="dark.9">
                {RESULTADO_VISITA_LABELS[visita.body.resultado as ResultadoVisita] ?? visita.body.resultado} · {formatDateTime(visita.body.fecha_hora)}
              </Text>
              {visita.resumen.direccion ? (
                <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                  {visita.resumen.direccion}
                </Text>
              ) : null}
              <Text size="sm" c="red.9" fw={600} mt={4} data-testid="rechazo-motivo">
                {visita.mensaje}
              </Text>
              <Text size="sm" c="dark.9" mt={4} data-testid="rechazo-que-hacer">
                {corregible ? m.queHacer : m.queHacerSinParada}
              </Text>
              <Group gap="xs" mt="xs" grow>
                {corregible ? (
                  <Button mih={44} onClick={() => onCorregir(visita)}>
                    {m.corregir}
                  </Button>
                ) : null}
                <Button mih={44} variant="default" onClick={() => onDescartar(visita)}>
                  {m.descartar}
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Alert>
  );
}
