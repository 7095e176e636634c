import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFound() {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>Página no encontrada</Title>
        <Text c="dimmed">La dirección que ingresó no existe en el sistema.</Text>
        <Button component={Link} to={paths.home} variant="light">
          Ir al inicio
        </Button>
      </Stack>
    </Center>
  );
}
