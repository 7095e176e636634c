import { Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type RecibosPeriodoResponse, todayIso } from '@receptoria/contracts';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { pesos } from '../../../lib/format';
import { type PorCobrar, rangosTramos, sumarPorCobrar, type Tramo, TRAMOS } from '../utils/por-cobrar';

/** The card's texts (kept here: the dashboard downloads this chunk and nothing else of receipts). */
export const porCobrarMessages = {
  title: 'Por cobrar',
  verCobranza: 'Ver cobranza',
  total: 'Total por cobrar',
  tramos: { d0_30: '0 a 30 días', d31_60: '31 a 60 días', d61_90: '61 a 90 días', d90_mas: 'Más de 90 días' } satisfies Record<Tramo, string>,
  top: 'Estudios que más deben',
  sinDeuda: 'No hay saldos por cobrar',
  error: 'No se pudo cargar lo por cobrar',
} as const;
const m = porCobrarMessages;

const COLOR: Record<Tramo, string> = { d0_30: 'teal', d31_60: 'yellow', d61_90: 'orange', d90_mas: 'red' };

/** The open balance of every firm's receipts by age, from the period summary of each bucket's dates. */
async function getPorCobrar(hoy: string): Promise<PorCobrar> {
  const rangos = rangosTramos(hoy);
  const respuestas = await Promise.all(TRAMOS.map((tramo) => api.get<RecibosPeriodoResponse>('/recibos/periodo/', { params: rangos[tramo] })));
  return sumarPorCobrar(Object.fromEntries(TRAMOS.map((tramo, i) => [tramo, respuestas[i]!])) as Record<Tramo, RecibosPeriodoResponse>);
}

/**
 * The dashboard's 'Por cobrar' (issue 25): what the firms owe, its ageing buckets and the five firms
 * that owe most. A lazy chunk of its own; the app mounts it only for users who may read the period.
 */
export function PorCobrarCard() {
  const hoy = todayIso();
  const { data, isPending, isError } = useQuery({ queryKey: ['recibos', 'por-cobrar', hoy], queryFn: () => getPorCobrar(hoy), retry: 1 });

  return (
    <Card withBorder shadow="xs" radius="md" padding="lg" data-testid="por-cobrar">
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconReceipt size={20} />
          <Title order={4}>{m.title}</Title>
        </Group>
        <Text component={Link} to={`${paths.cobranza}?tab=estado-cuenta`} size="sm" c="blue.7">
          {m.verCobranza}
        </Text>
      </Group>
      {isPending ? (
        <Loader size="sm" />
      ) : isError ? (
        <Text size="sm" c="red">
          {m.error}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {m.total}
              </Text>
              <Text fw={700} size="lg" data-testid="por-cobrar-total">
                {pesos(data.total)}
              </Text>
            </Group>
            {TRAMOS.map((tramo) => (
              <Stack gap={2} key={tramo} data-testid={`por-cobrar-${tramo}`}>
                <Group justify="space-between">
                  <Text size="xs">{m.tramos[tramo]}</Text>
                  <Text size="xs" fw={600}>
                    {pesos(data.tramos[tramo])}
                  </Text>
                </Group>
                <Progress value={data.total > 0 ? (100 * data.tramos[tramo]) / data.total : 0} color={COLOR[tramo]} size="sm" aria-label={m.tramos[tramo]} />
              </Stack>
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {m.top}
            </Text>
            {data.top.length === 0 ? (
              <Text size="sm" c="dimmed">
                {m.sinDeuda}
              </Text>
            ) : (
              data.top.map((estudio) => (
                <Group key={estudio.estudio_id} justify="space-between" wrap="nowrap" data-testid="por-cobrar-estudio">
                  <Text size="sm" truncate>
                    {estudio.nombre}
                  </Text>
                  <Text size="sm" fw={600}>
                    {pesos(estudio.saldo)}
                  </Text>
                </Group>
              ))
            )}
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}
