import { Alert, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { encargosMessages } from '../messages';

const m = encargosMessages.nuevo;

/** The green box shown after creation (spec 01 §2). */
export function EncargoCreatedBox({ id, numeroRol }: { id: number; numeroRol: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form is long: bring the result into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [id]);
  return (
    <Alert
      ref={ref}
      color="green"
      variant="light"
      radius="md"
      icon={<IconCircleCheck />}
      title={m.resultTitle}
      data-testid="encargo-creado"
      role="status"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt={4}>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {m.resultRol}:
          </Text>
          <Text size="sm" fw={700}>
            {numeroRol}
          </Text>
        </Group>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {m.resultId}:
          </Text>
          <Text size="sm" fw={700}>
            {id}
          </Text>
        </Group>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {m.resultEstado}:
          </Text>
          <Text size="sm" fw={700}>
            {m.resultEstadoValue}
          </Text>
        </Group>
      </SimpleGrid>
      <Text size="sm" mt="xs">
        {m.resultReady}
      </Text>
    </Alert>
  );
}
