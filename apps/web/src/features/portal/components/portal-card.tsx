import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { portalTexts } from '../messages';

/** The signed-out pages of the portal (sign-in, activation): one card centred on a phone's width. */
export function PortalCard({ title, prompt, children }: { title: string; prompt?: string; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100dvh" p="md" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', xs: 32 }} w="100%" maw={420} component="main">
        <Stack gap={4} mb="lg">
          <Group gap="xs" mb="sm" wrap="nowrap">
            <ThemeIcon size={32} radius="md">
              <IconGavel size={18} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {portalTexts.product}
            </Text>
          </Group>
          <Title order={2}>{title}</Title>
          {prompt && (
            <Text c="dimmed" size="sm">
              {prompt}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
