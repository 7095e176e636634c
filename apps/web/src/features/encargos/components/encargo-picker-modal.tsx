import { Badge, Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Encargo, formatCLP, formatDate } from '@receptoria/contracts';
import { encargosMessages } from '../messages';
import { EstadoBadge } from './estado-badge';

const m = encargosMessages.reEncargos;

interface EncargoPickerModalProps {
  rol: string;
  encargos: Encargo[];
  opened: boolean;
  onClose: () => void;
  onSelect: (encargo: Encargo) => void;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} lineClamp={2}>
        {value || encargosMessages.pendientes.noEspecificado}
      </Text>
    </div>
  );
}

/** Several assignments share the rol: one card per assignment, newest first, to pick one. */
export function EncargoPickerModal({ rol, encargos, opened, onClose, onSelect }: EncargoPickerModalProps) {
  const sorted = [...encargos].sort((a, b) => b.id - a.id);
  return (
    <Modal opened={opened} onClose={onClose} title={m.multipleTitle} size="lg" centered scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {m.multipleCount(encargos.length, rol)}
        </Text>
        {sorted.map((encargo) => (
          <Paper key={encargo.id} withBorder p="md" data-testid={`encargo-opcion-${encargo.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={700}>{encargo.numero_rol}</Text>
                  <Badge color={encargo.es_re_encargo ? 'grape' : 'gray'} variant="filled" radius="sm">
                    {encargo.es_re_encargo ? m.badgeRe : m.badgeOriginal}
                  </Badge>
                  <EstadoBadge estado={encargo.estado} />
                  <Text size="xs" c="dimmed">
                    ID {encargo.id}
                  </Text>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
                  <Detail label={m.fechaEncargo} value={formatDate(encargo.fecha_encargo, '')} />
                  <Detail label={m.estudio} value={encargo.estudio_nombre ?? encargo.estudio_juridico?.nombre ?? ''} />
                  <Detail label={m.ejecutado} value={encargo.ejecutados} />
                  <Detail label={m.demandante} value={encargo.parte_demandante_nombre ?? encargo.parte_demandante?.nombre ?? ''} />
                  <Detail label={m.cuantia} value={formatCLP(encargo.cuantia, '')} />
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
