import { Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Encargo } from '@receptoria/contracts';
import { EstadoBadge } from './estado-badge';
import { ReEncargoBadge } from './re-encargo-badge';

export const encargoPickerMessages = {
  title: 'Múltiples Encargos Encontrados',
  count: (n: number, rol: string) => `Se encontraron ${n} encargos con el rol "${rol}". Seleccione uno.`,
  select: 'Seleccionar',
  none: 'No especificado',
} as const;

const m = encargoPickerMessages;

export interface EncargoPickerDetail {
  label: string;
  value: string;
}

type PickableEncargo = Pick<Encargo, 'id' | 'numero_rol' | 'es_re_encargo' | 'estado'>;

interface EncargoPickerModalProps<T extends PickableEncargo> {
  rol: string;
  encargos: T[];
  opened: boolean;
  onClose: () => void;
  onSelect: (encargo: T) => void;
  /** The facts each card shows under its heading; an empty value reads 'No especificado'. */
  details: (encargo: T) => EncargoPickerDetail[];
  /** Shows 'ID n' beside the badges. */
  showId?: boolean;
}

function Detail({ label, value }: EncargoPickerDetail) {
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

/** 'Múltiples Encargos Encontrados': the count and one card per assignment of the rol, newest first (spec 02 §2.1). */
export function EncargoPickerModal<T extends PickableEncargo>({
  rol,
  encargos,
  opened,
  onClose,
  onSelect,
  details,
  showId = false,
}: EncargoPickerModalProps<T>) {
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
                  {showId && (
                    <Text size="xs" c="dimmed">
                      ID {encargo.id}
                    </Text>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
                  {details(encargo).map((detail) => (
                    <Detail key={detail.label} label={detail.label} value={detail.value} />
                  ))}
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
