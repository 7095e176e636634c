import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Stands for a screen that is not part of the product yet; each route names its screen. */
export function PendingScreen({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs" ta="center" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconTools size={26} />
          </ThemeIcon>
          <Text fw={600}>Este módulo estará disponible próximamente</Text>
          {description && (
            <Text size="sm" c="dimmed" maw={520}>
              {description}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
