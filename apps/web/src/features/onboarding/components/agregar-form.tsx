import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

interface AgregarFormProps {
  /** The form's title, its accessible name and its submit button's text. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The API's refusal of the last attempt, shown above the button. */
  refusal: string | null | undefined;
  loading: boolean;
  children: ReactNode;
}

/** The frame of a form that adds one item to a section's list (a server, a certification authority). */
export function AgregarForm({ label, onSubmit, refusal, loading, children }: AgregarFormProps) {
  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="sm">
          <Text fw={600}>{label}</Text>
          {children}
          {refusal && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={loading} leftSection={<IconPlus size={16} />}>
              {label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
