import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../../config/paths';

export const routeErrorMessages = {
  title: 'Ocurrió un error inesperado',
  description: 'No se pudo mostrar esta pantalla. Recargue la página o vuelva al inicio; sus datos guardados no se pierden.',
  reload: 'Recargar',
  home: 'Ir al inicio',
} as const;

/** Shown instead of a screen that failed while rendering, in place of the router's default page. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Error al mostrar la pantalla', error);
  }, [error]);

  return (
    <Center py={80}>
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="orange" variant="light">
            <IconAlertTriangle size={32} />
          </ThemeIcon>
          <Title order={2}>{routeErrorMessages.title}</Title>
          <Text c="dimmed">{routeErrorMessages.description}</Text>
          <Group justify="center">
            <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
              {routeErrorMessages.reload}
            </Button>
            <Button component="a" href={paths.home} variant="light">
              {routeErrorMessages.home}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
