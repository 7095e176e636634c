import { Group, Loader, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPinOff } from '@tabler/icons-react';
import { terrenoMessages as m } from '../messages';
import type { GeoState } from '../utils/use-geolocation';

/** Where the phone is, and how precisely; or that the visit will be saved without coordinates. */
export function UbicacionEstado({ geo }: { geo: GeoState }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="ubicacion-estado" aria-live="polite">
      {geo.kind === 'buscando' ? <Loader size="xs" /> : geo.kind === 'ok' ? <IconCurrentLocation size={20} aria-hidden /> : <IconMapPinOff size={20} aria-hidden />}
      <Text size="sm" c={geo.kind === 'denegada' || geo.kind === 'no_disponible' ? 'red.9' : 'dark.9'}>
        {geo.kind === 'buscando'
          ? m.ubicacion.buscando
          : geo.kind === 'ok'
            ? m.ubicacion.precision(geo.precision)
            : geo.kind === 'denegada'
              ? m.ubicacion.denegada
              : m.ubicacion.noDisponible}
      </Text>
    </Group>
  );
}
