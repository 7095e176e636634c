import type { RutaDomicilio, RutaGenerada } from '@receptoria/contracts';
import { Anchor, Button, Card, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCopy, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { rutasScreenMessages as m } from '../messages';
import { tramosDeRuta } from '../utils/tramos';
import { RouteSheet } from './route-sheet';

interface RutaGeneradaPanelProps {
  ruta: RutaGenerada;
  rows: RutaDomicilio[];
  onCopy: () => void;
  onOpen: () => void;
}

/** 'Ruta Generada - Formato Google Maps': copy, open the first leg, the other legs, print, the stops. */
export function RutaGeneradaPanel({ ruta, rows, onCopy, onOpen }: RutaGeneradaPanelProps) {
  const { primero, siguientes } = tramosDeRuta(ruta);
  return (
    <Card withBorder data-testid="ruta-generada">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{m.panelTitulo}</Title>
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={onCopy}>
              {m.copiar}
            </Button>
            <Button size="xs" leftSection={<IconExternalLink size={14} />} onClick={onOpen}>
              {m.abrir}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
              {m.imprimir}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {m.partida(ruta.punto_partida)}
        </Text>
        <Textarea readOnly autosize minRows={3} maxRows={12} value={ruta.ruta_google_maps_texto} aria-label={m.panelTitulo} />
        {primero && siguientes.length > 0 && (
          <Stack gap={4} data-testid="ruta-tramos">
            <Text size="sm">{m.abrePrimerTramo(siguientes.length + 1, primero.hasta)}</Text>
            <Text fw={600} size="sm">
              {m.siguientesTramos}
            </Text>
            {siguientes.map((tramo) => (
              <Anchor key={tramo.numero} href={tramo.url_google_maps} target="_blank" rel="noopener noreferrer" size="sm">
                {m.tramo(tramo.numero, tramo.desde, tramo.hasta)}
              </Anchor>
            ))}
          </Stack>
        )}
        <Text fw={600} size="sm">
          {m.detalle}
        </Text>
        <List type="ordered" spacing={4} size="sm" data-testid="ruta-detalle">
          {ruta.domicilios.map((parada) => (
            <List.Item key={parada.orden} style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {parada.numero_rol}
              </Text>{' '}
              — {parada.direccion}, {parada.comuna}, {parada.ciudad}
            </List.Item>
          ))}
        </List>
      </Stack>
      <RouteSheet ruta={ruta} rows={rows} />
    </Card>
  );
}
