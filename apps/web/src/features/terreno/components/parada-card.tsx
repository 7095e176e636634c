import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ESTADO_ART44_LABELS, type TerrenoParada } from '@receptoria/contracts';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import { terrenoMessages as m } from '../messages';
import type { VisitaEnCola } from '../queue/field-queue';

const ART44_COLOR = { sin_busquedas: 'gray', una_busqueda: 'yellow', lista_para_art44: 'teal', notificado: 'brand' } as const;

export function googleMapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

interface ParadaCardProps {
  parada: TerrenoParada;
  /** Visits of this stop kept on the phone that the server does not list yet. */
  locales: number;
  /** Visits of this stop the server refused, waiting on the phone to be corrected or discarded. */
  rechazadas: readonly VisitaEnCola[];
  onOpen: () => void;
}

/** One stop of the day: the assignment, the address, its art. 44 state and how many visits it has. */
export function ParadaCard({ parada, locales, rechazadas, onOpen }: ParadaCardProps) {
  const { encargo, domicilio } = parada;
  const visitas = parada.visitas.length + locales;
  return (
    <Paper withBorder p="md" shadow="xs" data-testid="parada" aria-label={`Parada ${parada.orden}: ${encargo.numero_rol}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Text fw={700} size="lg" c="dark.9">
            {parada.orden}. <span className="numero-rol" data-testid="parada-rol">{encargo.numero_rol}</span>
          </Text>
          <Badge color={ART44_COLOR[parada.estado_art44]} variant="light" c="dark.9" size="lg" style={{ flexShrink: 0 }}>
            {m.art44}: {ESTADO_ART44_LABELS[parada.estado_art44]}
          </Badge>
        </Group>
        {rechazadas.length > 0 ? (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="parada-rechazo">
            <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-red-9)" style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" fw={600} c="red.9">
              {rechazadas.length === 1 ? m.rechazo.enLaParada(rechazadas[0]?.mensaje ?? '') : m.rechazadas(rechazadas.length)}
            </Text>
          </Group>
        ) : null}
        <Text c="dark.8" style={{ overflowWrap: 'anywhere' }}>
          {encargo.ejecutados}
        </Text>
        <Text size="sm" c="dark.6">
          {encargo.tipo_encargo} · {encargo.tribunal}
        </Text>
        {domicilio ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text c="dark.9" style={{ overflowWrap: 'anywhere' }}>
              {domicilio.direccion}, {domicilio.comuna}
            </Text>
          </Group>
        ) : (
          <Text c="dark.6">{m.sinDomicilio}</Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dark.7">
            {m.visitasRegistradas(visitas)}
            {parada.en_ruta ? ` · ${m.enRuta}` : ''}
          </Text>
          {domicilio ? (
            <Anchor
              href={googleMapsSearchUrl(domicilio.direccion_google_maps)}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
            >
              {m.verMapa}
            </Anchor>
          ) : null}
        </Group>
        <Button size="lg" fullWidth mih={48} onClick={onOpen}>
          {m.registrarVisita}
        </Button>
      </Stack>
    </Paper>
  );
}
