import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsRight } from '@tabler/icons-react';
import { type DashboardEstadisticas, formatThousands } from '@receptoria/contracts';
import { FLUJO_TRABAJO_ESTADOS, type FlujoTrabajoEstado } from '@receptoria/contracts/dashboard/constants';
import { useDashboardEstadisticas } from '../api/get-estadisticas';
import { dashboardMessages } from '../messages';

const m = dashboardMessages.workflow;

const COLORS: Record<FlujoTrabajoEstado, string> = {
  preparado: 'blue',
  listo_para_estampar: 'orange',
  estampado: 'teal',
};

/** The bubble counts for the state of the statistics request; a failed request shows 1 each (spec 01 §8). */
export function workflowCounts(query: {
  status: 'pending' | 'success' | 'error';
  data?: DashboardEstadisticas;
}): Record<FlujoTrabajoEstado, number> | null {
  if (query.status === 'pending') return null;
  if (query.status === 'error' || !query.data) return { preparado: 1, listo_para_estampar: 1, estampado: 1 };
  const { flujo_trabajo: flujo } = query.data;
  return {
    preparado: flujo.preparado.valor,
    listo_para_estampar: flujo.listo_para_estampar.valor,
    estampado: flujo.estampado.valor,
  };
}

export function WorkflowWidget() {
  const counts = workflowCounts(useDashboardEstadisticas());
  return (
    <Card padding="lg" h="100%" data-testid="flujo-widget">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" color="blue" size={34} radius="md">
          <IconArrowsRight size={20} />
        </ThemeIcon>
        <Title order={4}>{m.title}</Title>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        {FLUJO_TRABAJO_ESTADOS.map((estado) => (
          <Stack key={estado} align="center" gap={6} data-testid={`flujo-${estado}`}>
            {counts ? (
              <ThemeIcon size={72} radius={72} variant="light" color={COLORS[estado]}>
                <Text fw={700} fz={22} data-testid={`flujo-${estado}-valor`}>
                  {formatThousands(counts[estado])}
                </Text>
              </ThemeIcon>
            ) : (
              <Skeleton height={72} circle />
            )}
            <Text size="sm" ta="center" c="dimmed" lh={1.25}>
              {m[estado]}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
