import { ActionIcon, Badge, Indicator, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { formatDateTime } from '@receptoria/contracts';
import { ALARMA_TIPO_LABELS, alarmaMessages as m } from '@receptoria/contracts/alarmas/constants';
import { useAlarmasProximas } from '../api/get-alarmas';

/** Upcoming comparendo and prueba alarms; the count shows the reminders due within a day. */
export function AlarmasBell() {
  const { data } = useAlarmasProximas();
  const recordatorios = data?.recordatorios ?? 0;
  return (
    <Popover width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Indicator label={recordatorios} size={16} color="red" disabled={recordatorios === 0} offset={4}>
          <ActionIcon variant="subtle" color="white" size="lg" aria-label={m.titulo} data-testid="alarmas-bell">
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
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
