import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../lib/error-text';

interface SettingsCardProps<T> {
  testId: string;
  title: string;
  hint: string;
  /** What the editor edits: a loader while it is read, the load error, then `children` with it. */
  query: UseQueryResult<T>;
  loadError: string;
  /** Between the hint and the editor, shown whatever the query's state. */
  before?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The frame of a settings editor read with one query (arancel, retention): title, hint, and the query's states. */
export function SettingsCard<T>({ testId, title, hint, query, loadError, before, children }: SettingsCardProps<T>) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {before}
        {query.isPending ? (
          <Loader size="sm" />
        ) : query.isError ? (
          <Alert color="red" title={loadError}>
            {errorText(query.error)}
          </Alert>
        ) : (
          children(query.data)
        )}
      </Stack>
    </Card>
  );
}
