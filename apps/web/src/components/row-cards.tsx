import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Below Mantine's `sm` breakpoint (768 px) list screens show their rows as cards instead of a wide table. */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

/** True on a phone-sized screen, known on the first render (no table flashing before the cards). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

export interface RowCardField {
  label: string;
  value: ReactNode;
  /** Amounts: on their own line, never cut. */
  amount?: boolean;
}

export interface RowCardProps {
  /** The row's main text (a rol, a date) and what sits beside it (a checkbox, a badge). */
  title: ReactNode;
  leading?: ReactNode;
  aside?: ReactNode;
  fields: RowCardField[];
  /** Buttons at the foot of the card. */
  actions?: ReactNode;
  selected?: boolean;
  testId?: string;
}

/**
 * One row of a list as a card at phone widths: its title, then each column as a label over its
 * value, wrapping instead of scrolling sideways.
 */
export function RowCard({ title, leading, aside, fields, actions, selected, testId }: RowCardProps) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={testId}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ overflowWrap: 'anywhere', minWidth: 0 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {leading}
            <Box style={{ minWidth: 0 }}>{title}</Box>
          </Group>
          {aside}
        </Group>
        <Box component="dl" m={0}>
          {fields.map((field) => (
            <Group key={field.label} gap={6} align="baseline" wrap={field.amount ? 'nowrap' : 'wrap'} justify={field.amount ? 'space-between' : undefined}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {field.label}
              </Text>
              <Text component="dd" size="sm" m={0} fw={field.amount ? 600 : undefined} style={field.amount ? { whiteSpace: 'nowrap' } : undefined}>
                {field.value}
              </Text>
            </Group>
          ))}
        </Box>
        {actions && (
          <Group gap="sm" justify="flex-end">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
