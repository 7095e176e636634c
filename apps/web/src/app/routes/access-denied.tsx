import { commonMessages } from '@receptoria/contracts/common/messages';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

export function AccessDenied({ message = commonMessages.moduleMissing }: { message?: string }) {
  const navigate = useNavigate();
  // A tab opened straight on this address has nothing to go back to: the dashboard stands in.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home));

  return (
    <Center py={80}>
      <Paper withBorder shadow="sm" p="xl" maw={460} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="red" variant="light">
            <IconLock size={32} />
          </ThemeIcon>
          <Title order={2}>Acceso Denegado</Title>
          <Text c="dimmed">{message}</Text>
          <Text size="sm" c="dimmed">
            Si necesita acceso, solicítelo al administrador de su oficina.
          </Text>
          <Button leftSection={<IconArrowLeft size={16} />} variant="light" onClick={() => void goBack()}>
            Volver
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
