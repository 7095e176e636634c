import { Badge, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@receptoria/contracts';
import { ALARMA_TIPO_LABELS, alarmaMessages as m } from '@receptoria/contracts/alarmas/constants';
import { cloneElement } from 'react';
import { type LoadedPopoverProps, useTakeover } from '../../../components/deferred-popover';
import { useAlarmasProximas } from '../api/get-alarmas';

/** The list the bell opens; its code downloads on first use (DeferredPopover in alarmas-bell.tsx). */
export function AlarmasPopover({ target, takeover }: LoadedPopoverProps) {
  const { data } = useAlarmasProximas();
  const targetRef = useTakeover(takeover);
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>{cloneElement(target, { ref: targetRef })}</Popover.Target>
      <Popover.Dropdown>
        <Title order={6} mb="xs">
          {m.titulo}
        </Title>
        {!data || data.alarmas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinAlarmas}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300}>
            <Stack gap="xs" data-testid="alarmas-lista">
              {data.alarmas.map((alarma) => (
                <Stack key={alarma.id} gap={0}>
                  <Text size="sm" fw={600}>
                    {ALARMA_TIPO_LABELS[alarma.tipo]} · {alarma.numero_rol}{' '}
                    {alarma.recordatorio && (
                      <Badge size="xs" color="red" variant="light">
                        Próxima
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(alarma.fecha_hora)}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
