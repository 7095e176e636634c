import { Badge, Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { dashboardMessages } from '../messages';

export interface NavCardProps {
  title: string;
  description: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  size: 'large' | 'small';
  locked?: boolean;
  onOpen(): void;
}

export function NavCard({ title, description, icon: Icon, color, size, locked, onOpen }: NavCardProps) {
  const large = size === 'large';
  return (
    <UnstyledButton onClick={onOpen} aria-label={title} h="100%" style={{ display: 'block' }}>
      <Card
        padding={large ? 'xl' : 'md'}
        h="100%"
        shadow="xs"
        style={{ transition: 'box-shadow 120ms ease, transform 120ms ease' }}
        className="nav-card"
        data-locked={locked || undefined}
      >
        {large ? (
          <Stack gap="md" h="100%">
            <Group justify="space-between" align="flex-start">
              <ThemeIcon size={52} radius="md" variant="light" color={color}>
                <Icon size={30} stroke={1.7} />
              </ThemeIcon>
              {locked && (
                <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
                  {dashboardMessages.noAccess}
                </Badge>
              )}
            </Group>
            <Stack gap={6} style={{ flex: 1 }}>
              <Text fw={700} fz="xl">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
            <Group gap={4} c={locked ? 'dimmed' : `${color}.7`}>
              <Text size="sm" fw={600}>
                Abrir
              </Text>
              <IconArrowRight size={16} />
            </Group>
          </Stack>
        ) : (
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" color={color}>
              <Icon size={22} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={650}>{title}</Text>
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Group>
        )}
      </Card>
    </UnstyledButton>
  );
}
