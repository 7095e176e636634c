import { Badge, Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { type EncargoConResultados, formatCLP, formatDate } from '@receptoria/contracts';
import { diligenciasMessages } from '../messages';
import { EstadoBadge } from './estado-badge';

const m = diligenciasMessages.picker;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} lineClamp={2}>
        {value || m.none}
      </Text>
    </div>
  );
}

export function ReEncargoBadge({ re }: { re: boolean }) {
  return (
    <Badge color={re ? 'grape' : 'gray'} variant="filled" radius="sm">
      {re ? m.re : m.original}
    </Badge>
  );
}

interface EncargoPickerModalProps {
  rol: string;
  encargos: EncargoConResultados[];
  opened: boolean;
  onClose: () => void;
  onSelect: (encargo: EncargoConResultados) => void;
}

/** 'Múltiples Encargos Encontrados': the count and one card per assignment of the rol (spec 02 §2.1). */
export function EncargoPickerModal({ rol, encargos, opened, onClose, onSelect }: EncargoPickerModalProps) {
  const sorted = [...encargos].sort((a, b) => b.id - a.id);
  return (
    <Modal opened={opened} onClose={onClose} title={m.title} size="lg" centered scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {m.count(encargos.length, rol)}
        </Text>
        {sorted.map((encargo) => (
          <Paper key={encargo.id} withBorder p="md" data-testid={`encargo-opcion-${encargo.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={700}>{encargo.numero_rol}</Text>
                  <ReEncargoBadge re={encargo.es_re_encargo} />
                  <EstadoBadge estado={encargo.estado} />
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
                  <Detail label={m.fechaIngreso} value={formatDate(encargo.fecha_creacion || encargo.fecha_encargo, '')} />
                  <Detail label={m.estudio} value={encargo.estudio_nombre} />
                  <Detail label={m.ejecutado} value={encargo.ejecutados} />
                  <Detail label={m.demandante} value={encargo.parte_demandante_nombre} />
                  <Detail label={m.demandado} value={[encargo.ejecutados, encargo.rut_ejecutado].filter(Boolean).join(' · ')} />
                  <Detail label={m.valor} value={formatCLP(encargo.valor_asociado ?? encargo.cuantia, '')} />
                </SimpleGrid>
              </Stack>
              <Button size="sm" onClick={() => onSelect(encargo)}>
                {m.select}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
