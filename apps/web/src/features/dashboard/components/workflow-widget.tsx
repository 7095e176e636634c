import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsRight } from '@tabler/icons-react';
import { formatThousands } from '@receptoria/contracts';
import type { DashboardEstadisticas } from '../api/get-estadisticas';
import { dashboardMessages } from '../messages';

const m = dashboardMessages.workflow;

const STATES = [
  { key: 'preparado', color: 'blue' },
  { key: 'listo_para_estampar', color: 'orange' },
  { key: 'estampado', color: 'teal' },
] as const;

export function WorkflowWidget({ data }: { data: DashboardEstadisticas }) {
  return (
    <Card padding="lg" h="100%">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" color="blue" size={34} radius="md">
          <IconArrowsRight size={20} />
        </ThemeIcon>
        <Title order={4}>{m.title}</Title>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        {STATES.map((state) => (
          <Stack key={state.key} align="center" gap={6} data-testid={`flujo-${state.key}`}>
            <ThemeIcon size={72} radius={72} variant="light" color={state.color}>
              <Text fw={700} fz={22}>
                {formatThousands(data.flujo_trabajo[state.key].valor)}
              </Text>
            </ThemeIcon>
            <Text size="sm" ta="center" c="dimmed" lh={1.25}>
              {m[state.key]}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
