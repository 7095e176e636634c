import { Alert, Box, Button, Paper, Stack, Table, type TableThProps, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ScreenLoading } from '../../../components/list-states';
import { onboardingMessages } from '../messages';

type Query = { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };

export type FrameColumn = { label: string; ta?: TableThProps['ta'] };

/** A titled section of the onboarding tabs: its title, a dimmed subtitle, then whatever follows. */
export function SectionFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Box>
        <Title order={3}>{title}</Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </Box>
      {children}
    </Stack>
  );
}

/** A bordered table read by one query: loading, a load error with a retry, or the table (an empty row when there is nothing). */
export function QueryTable({
  query,
  loading,
  loadError,
  minWidth,
  label,
  columns,
  empty,
  isEmpty,
  highlightOnHover,
  children,
}: {
  query: Query;
  loading: string;
  loadError: string;
  minWidth: number;
  label: string;
  columns: readonly FrameColumn[];
  empty: string;
  isEmpty: boolean;
  highlightOnHover?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs">
      {query.isPending ? (
        <ScreenLoading text={loading} />
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={loadError} m="md">
          <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void query.refetch()}>
            {onboardingMessages.screen.retry}
          </Button>
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover={highlightOnHover} verticalSpacing="sm" horizontalSpacing="md" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.label} ta={column.ta}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isEmpty ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                children
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
