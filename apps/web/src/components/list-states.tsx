import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The states a list screen shows instead of its rows (Cobranza, Rutas): loading, failed with a retry, empty. */
export function ListLoading({ text }: { text: string }) {
  return (
    <Center py="lg">
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/** A whole screen's (or a modal's) data still loading: a wider margin than a list's rows. */
export function ScreenLoading({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

/** A whole screen's data failed to load: the title, an optional explanation, and a retry that spins while it reads again. */
export function ScreenLoadError({ title, text, retry, onRetry, retrying }: { title: string; text?: string; retry: string; onRetry: () => void; retrying: boolean }) {
  const button = (
    <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
      {retry}
    </Button>
  );
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} role="alert">
      {text === undefined ? (
        button
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          {button}
        </Stack>
      )}
    </Alert>
  );
}

export function ListLoadError({ title, retry, onRetry }: { title: string; retry: string; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {retry}
      </Button>
    </Alert>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {text}
    </Text>
  );
}
