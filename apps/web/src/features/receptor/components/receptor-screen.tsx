import { Alert, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { receptorFaltantes, receptorFaltantesTexto } from '@receptoria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ScreenLoadError, ScreenLoading } from '../../../components/list-states';
import { ReceptorDatosForm } from '../../../components/receptor-datos/receptor-datos-form';
import { useReceptorDatos } from '../api/get-receptor-datos';
import { useUpdateReceptorDatos } from '../api/update-receptor-datos';
import { receptorMessages as m } from '../messages';

/** 'Mis datos de receptor': the identity certificates and mails are signed with (issue 30 §2). */
export function ReceptorScreen() {
  const { data, isPending, isError, refetch, isFetching } = useReceptorDatos();
  const update = useUpdateReceptorDatos();
  const missing = data ? receptorFaltantes(data) : [];

  return (
    <Stack gap="lg" maw={900}>
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>
      {isPending ? (
        <ScreenLoading text={m.loading} />
      ) : isError ? (
        <ScreenLoadError title={m.errorTitle} retry={m.retry} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          {missing.length > 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle />} title={m.faltan} data-testid="receptor-faltantes">
              {m.faltanTexto(receptorFaltantesTexto(missing))}
            </Alert>
          ) : null}
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs">
            <ReceptorDatosForm datos={data} save={(payload) => update.mutateAsync(payload)} onReload={() => refetch()} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
