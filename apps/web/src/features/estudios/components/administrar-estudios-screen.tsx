import { Box, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingPlus, IconChevronRight, IconSettings } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { estudiosMessages } from '../messages';

const m = estudiosMessages.administrar;

interface MenuCardProps {
  to: string;
  title: string;
  text: string;
  color: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

function MenuCard({ to, title, text, color, icon: Icon }: MenuCardProps) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={title}>
      <Card p="xl" shadow="sm" className="nav-card" style={{ transition: 'box-shadow 150ms, transform 150ms', height: '100%' }}>
        <Group wrap="nowrap" align="flex-start" gap="lg">
          <ThemeIcon size={56} radius="md" variant="light" color={color}>
            <Icon size={30} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={6} style={{ flex: 1 }}>
            <Text fw={700} size="lg">
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Stack>
          <IconChevronRight size={22} color="var(--mantine-color-gray-5)" />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

export function AdministrarEstudiosScreen() {
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MenuCard to={paths.registrarEstudio} title={m.registrarTitle} text={m.registrarText} color="brand" icon={IconBuildingPlus} />
        <MenuCard to={paths.configuracionesEstudio} title={m.configurarTitle} text={m.configurarText} color="cyan" icon={IconSettings} />
      </SimpleGrid>
    </Stack>
  );
}
