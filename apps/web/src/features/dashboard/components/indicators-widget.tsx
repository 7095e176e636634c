import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { formatDate, formatIndicadores, type IndicadoresResponse } from '@receptoria/contracts';
import { INDICADOR_CODIGOS, type IndicadorCodigo, indicadoresPorDefecto } from '@receptoria/contracts/dashboard/constants';
import { useIndicadores } from '../api/get-indicadores';
import { dashboardMessages } from '../messages';

const m = dashboardMessages.indicators;

export interface IndicatorItem {
  key: IndicadorCodigo;
  label: string;
  value: string;
  fecha: string | null;
}

export interface IndicatorsView {
  items: IndicatorItem[];
  /** 'Datos de respaldo' when the server answered a fallback, 'Error de conexión' when the request failed. */
  notice: string | null;
}

/**
 * What the widget shows for the state of the indicators request (spec 01 §8): the server's values,
 * labelled when they are its fallback; on a failed request the fixed defaults. Null while loading.
 */
export function indicatorsView(query: { status: 'pending' | 'success' | 'error'; data?: IndicadoresResponse }): IndicatorsView | null {
  if (query.status === 'pending') return null;
  const failed = query.status === 'error' || !query.data;
  const indicadores = failed ? indicadoresPorDefecto() : query.data!.indicadores;
  const values = formatIndicadores(indicadores);
  return {
    items: INDICADOR_CODIGOS.map((key) => ({ key, label: m[key], value: values[key], fecha: indicadores[key].fecha })),
    notice: failed ? m.connectionError : query.data!.success ? null : m.fallback,
  };
}

export function IndicatorsWidget() {
  const query = useIndicadores();
  const view = indicatorsView(query);
  return (
    <Card padding="lg" h="100%" data-testid="indicadores-widget">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="teal" size={34} radius="md">
          <IconTrendingUp size={20} />
        </ThemeIcon>
        <Title order={4}>{m.title}</Title>
      </Group>
      {view?.notice && (
        // The label is read in full and as written: no capitals, no ellipsis.
        <Badge
          color={view.notice === m.fallback ? 'yellow' : 'red'}
          variant="light"
          tt="none"
          mb="sm"
          styles={{ label: { overflow: 'visible' } }}
          data-testid="indicadores-aviso"
        >
          {view.notice}
        </Badge>
      )}
      <Stack gap="sm">
        {view
          ? view.items.map((item) => (
              <Group
                key={item.key}
                justify="space-between"
                p="sm"
                bg="gray.0"
                style={{ borderRadius: 8 }}
                data-testid={`indicador-${item.key}`}
              >
                <Stack gap={0}>
                  <Text fw={600}>{item.label}</Text>
                  {item.fecha && (
                    <Text size="xs" c="dimmed">
                      {formatDate(item.fecha)}
                    </Text>
                  )}
                </Stack>
                <Text fw={700} fz="lg" data-testid={`indicador-${item.key}-valor`}>
                  {item.value}
                </Text>
              </Group>
            ))
          : INDICADOR_CODIGOS.map((key) => <Skeleton key={key} height={52} radius={8} />)}
      </Stack>
    </Card>
  );
}
