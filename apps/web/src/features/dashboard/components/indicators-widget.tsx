import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { formatDate, formatThousands } from '@receptoria/contracts';
import type { IndicadoresResponse } from '../api/get-indicadores';
import { dashboardMessages } from '../messages';

const m = dashboardMessages.indicators;

const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** UF in pesos without decimals, IPC as a percent with one decimal, dollar with one decimal (spec 01 §9). */
export function formatIndicators(indicadores: IndicadoresResponse['indicadores']) {
  return [
    { key: 'uf', label: m.uf, value: `$${formatThousands(indicadores.uf.valor)}`, fecha: indicadores.uf.fecha },
    { key: 'ipc', label: m.ipc, value: `${oneDecimal.format(indicadores.ipc.valor)}%`, fecha: indicadores.ipc.fecha },
    {
      key: 'dolar',
      label: m.dolar,
      value: `$${oneDecimal.format(indicadores.dolar.valor)}`,
      fecha: indicadores.dolar.fecha,
    },
  ];
}

export function IndicatorsWidget({ data }: { data: IndicadoresResponse }) {
  const items = formatIndicators(data.indicadores);
  return (
    <Card padding="lg" h="100%">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" size={34} radius="md">
            <IconTrendingUp size={20} />
          </ThemeIcon>
          <Title order={4}>{m.title}</Title>
        </Group>
        {data.success === false && (
          <Badge color="yellow" variant="light">
            {m.fallback}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={1} spacing="sm">
        {items.map((item) => (
          <Group key={item.key} justify="space-between" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
            <Stack gap={0}>
              <Text fw={600}>{item.label}</Text>
              {item.fecha && (
                <Text size="xs" c="dimmed">
                  {formatDate(item.fecha)}
                </Text>
              )}
            </Stack>
            <Text fw={700} fz="lg">
              {item.value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
