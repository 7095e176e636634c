import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EnlaceTelefono } from '../../calendario/components/enlace-telefono';
import { useSession } from '../../../lib/auth/use-session';

export const perfilMessages = {
  title: 'Mi perfil',
  subtitle: 'Sus datos de usuario y el calendario de plazos para su teléfono.',
  nombre: 'Nombre',
  usuario: 'Usuario',
  cargo: 'Cargo',
  correo: 'Correo',
  receptor: 'Receptor',
  sinDato: '—',
} as const;
const m = perfilMessages;

const capitalizar = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Dato({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value || m.sinDato}
      </Text>
    </Stack>
  );
}

/**
 * 'Mi perfil': who is signed in, the user's own phone-calendar link (issue 24) and, given by the route,
 * the signing certificate (issue 26).
 */
export function PerfilScreen({ firma }: { firma?: ReactNode }) {
  const { user, profile, displayName } = useSession();
  const nombre = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || displayName;
  return (
    <Stack gap="lg" maw={900}>
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Dato label={m.nombre} value={nombre} />
          <Dato label={m.usuario} value={user?.username ?? ''} testId="perfil-usuario" />
          <Dato label={m.cargo} value={capitalizar(profile?.cargo ?? user?.cargo ?? '')} />
          <Dato label={m.correo} value={profile?.email ?? ''} />
          <Dato label={m.receptor} value={profile?.receptor.nombre ?? ''} />
        </SimpleGrid>
      </Paper>
      <EnlaceTelefono />
      {firma}
    </Stack>
  );
}
