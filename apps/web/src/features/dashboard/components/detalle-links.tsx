import { Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatThousands } from '@receptoria/contracts';
import { DETALLE_TEXTOS, type DetalleClave } from '@receptoria/contracts/dashboard/constants';
import { useNavigate } from 'react-router';
import { detallePath } from '../../../config/paths';
import { useDashboardEstadisticas } from '../api/get-estadisticas';

/** The dashboard figures, each linking to its detail screen (spec 02 §2.4). */
export function DetalleLinks() {
  const navigate = useNavigate();
  const { data } = useDashboardEstadisticas();
  const figures: { clave: DetalleClave; valor?: number }[] = [
    { clave: 'encargos-activos', valor: data?.encargos_activos.valor },
    { clave: 'diligencias-pendientes', valor: data?.diligencias_pendientes.valor },
    { clave: 'diligencias-completadas', valor: data?.diligencias_completadas.valor },
    { clave: 'estudios-registrados', valor: data?.estudios_registrados.valor },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {figures.map(({ clave, valor }) => (
        <UnstyledButton key={clave} onClick={() => navigate(detallePath(clave), { state: { valor } })} data-testid={`detalle-link-${clave}`}>
          <Card withBorder padding="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {DETALLE_TEXTOS[clave].titulo}
              </Text>
              <Group gap={4} wrap="nowrap">
                {valor !== undefined && (
                  <Text fw={700} c="brand">
                    {formatThousands(valor)}
                  </Text>
                )}
                <IconChevronRight size={16} />
              </Group>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
