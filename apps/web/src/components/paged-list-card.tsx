import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PagedListTexts {
  title: string;
  empty: string;
  loadError: string;
  retry: string;
  previous: string;
  next: string;
  page: (page: number, pages: number, count: number) => string;
}

interface PagedListCardProps {
  testId: string;
  texts: PagedListTexts;
  /** Beside the title (a single filter) or under it (a grid of filters). */
  filters?: ReactNode;
  filtersBesideTitle?: boolean;
  query: PagedListQuery;
  errorText: (error: unknown) => string;
  /** The rows of the current page; the table renders only when there is at least one. */
  rows: number;
  count: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  minWidth: number;
  table: () => ReactNode;
  children?: ReactNode;
}

/**
 * A card with a paged list (the Cobranza tabs' receipts and payments): its filters, the loading, failed
 * and empty states, the table in a horizontal scroll, and 'Anterior' / 'Siguiente' with the page count.
 */
export function PagedListCard({
  testId,
  texts,
  filters,
  filtersBesideTitle = false,
  query,
  errorText,
  rows,
  count,
  pageSize,
  page,
  onPage,
  minWidth,
  table,
  children,
}: PagedListCardProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        {filtersBesideTitle ? (
          <Group justify="space-between" align="flex-end">
            <Title order={4}>{texts.title}</Title>
            {filters}
          </Group>
        ) : (
          <>
            <Title order={4}>{texts.title}</Title>
            {filters}
          </>
        )}
        {query.isPending ? (
          <Loader size="sm" />
        ) : query.isError ? (
          <Alert color="red" title={texts.loadError}>
            <Group gap="sm">
              <Text size="sm">{errorText(query.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {texts.retry}
              </Button>
            </Group>
          </Alert>
        ) : rows === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={minWidth}>{table()}</Table.ScrollContainer>
        )}
        {count > 0 ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {texts.page(page, pages, count)}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {texts.previous}
              </Button>
              <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                {texts.next}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
      {children}
    </Card>
  );
}
