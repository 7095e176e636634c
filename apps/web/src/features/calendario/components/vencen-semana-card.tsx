import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type PlazoItem, TIPO_PLAZO_LABELS, TIPOS_PLAZO } from '@receptoria/contracts/calendario/constants';
import { IconCalendarDue } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { COLOR_TIPO_PLAZO, COLOR_VENCIDO, contarPorTipo, encargoHref, fechaCorta, semanaSantiago, vencenEstaSemana } from '../utils/plazos';

/** The card's texts (kept here: the dashboard downloads this chunk and nothing else of the calendar). */
export const vencenSemanaMessages = {
  title: 'Vencen esta semana',
  verCalendario: 'Ver calendario',
  vencidos: (n: number) => (n === 1 ? '1 vencido' : `${n} vencidos`),
  sinPlazos: 'Ningún plazo vence esta semana',
  error: 'No se pudieron cargar los plazos',
  vencido: 'Vencido',
  masPlazos: (n: number) => `y ${n} más en el calendario`,
  vence: (fecha: string) => `Vence ${fecha}`,
} as const;
const m = vencenSemanaMessages;

/** The rows shown; the rest are counted and reached through the calendar. */
const MAX_FILAS = 6;
/** The overdue ones are read from the calendar's first year. */
const DESDE_SIEMPRE = '2000-01-01';

async function getVencenSemana(desde: string, hasta: string): Promise<PlazoItem[]> {
  const [semana, vencidos] = await Promise.all([
    api.get<PlazoItem[]>('/calendario/plazos/', { params: { desde, hasta } }),
    api.get<PlazoItem[]>('/calendario/plazos/', { params: { desde: DESDE_SIEMPRE, hasta, estado: 'vencido' } }),
  ]);
  return vencenEstaSemana(semana, vencidos);
}

/**
 * The dashboard's 'Vencen esta semana' (issue 24): this week's open deadlines (Monday to Sunday,
 * Santiago) and every overdue one, counted by kind, the overdue first; each row opens its assignment.
 * A lazy chunk of its own: the dashboard's first JavaScript does not carry it.
 */
export function VencenSemanaCard() {
  const { desde, hasta } = semanaSantiago();
  const { data, isPending, isError } = useQuery({
    queryKey: ['calendario', 'plazos', 'semana', desde, hasta],
    queryFn: () => getVencenSemana(desde, hasta),
    retry: 1,
  });
  const plazos = data ?? [];
  const counts = contarPorTipo(plazos);
  const vencidos = plazos.filter((plazo) => plazo.estado === 'vencido').length;

  return (
    <Card withBorder shadow="xs" radius="md" padding="lg" data-testid="vencen-semana">
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarDue size={20} />
          <Title order={4}>{m.title}</Title>
        </Group>
        <Text component={Link} to={paths.calendario} size="sm" c="blue.7">
          {m.verCalendario}
        </Text>
      </Group>
      {isPending ? (
        <Loader size="sm" />
      ) : isError ? (
        <Text size="sm" c="red">
          {m.error}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap={6} wrap="wrap" data-testid="vencen-semana-conteos">
            {vencidos > 0 ? (
              <Badge color={COLOR_VENCIDO} variant="filled" data-testid="vencen-semana-vencidos">
                {m.vencidos(vencidos)}
              </Badge>
            ) : null}
            {TIPOS_PLAZO.map((tipo) => (
              <Badge key={tipo} color={COLOR_TIPO_PLAZO[tipo]} variant={counts[tipo] > 0 ? 'light' : 'outline'} data-testid={`vencen-semana-${tipo}`} style={{ textTransform: 'none' }}>
                {TIPO_PLAZO_LABELS[tipo]}: {counts[tipo]}
              </Badge>
            ))}
          </Group>
          {plazos.length === 0 ? (
            <Text size="sm" c="dimmed">
              {m.sinPlazos}
            </Text>
          ) : (
            <Stack gap={6} data-testid="vencen-semana-lista">
              {plazos.slice(0, MAX_FILAS).map((plazo) => (
                <Group key={plazo.id} justify="space-between" wrap="wrap" gap={4} data-testid="vencen-semana-fila">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text component={Link} to={encargoHref(paths.reEncargos, plazo.numero_rol, plazo.encargo_id)} fw={600} size="sm" c="blue.7" className="numero-rol">
                      {plazo.numero_rol}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TIPO_PLAZO_LABELS[plazo.tipo]}
                    </Text>
                  </Stack>
                  <Group gap={6} wrap="nowrap">
                    {plazo.estado === 'vencido' ? (
                      <Badge size="sm" color={COLOR_VENCIDO}>
                        {m.vencido}
                      </Badge>
                    ) : null}
                    <Text size="sm" c={plazo.estado === 'vencido' ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {m.vence(fechaCorta(plazo.vence))}
                    </Text>
                  </Group>
                </Group>
              ))}
              {plazos.length > MAX_FILAS ? (
                <Text component={Link} to={paths.calendario} size="xs" c="dimmed">
                  {m.masPlazos(plazos.length - MAX_FILAS)}
                </Text>
              ) : null}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
