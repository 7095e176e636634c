import { Alert, Button, FileInput, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { firmaMessages, formatDate, formatDateTime } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { ScreenLoadError, ScreenLoading } from '../../../components/list-states';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCertificado, useEliminarCertificado, useSubirCertificado } from '../api/firma-api';
import { firmaUiMessages } from '../messages';

const m = firmaUiMessages.certificado;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

function Dato({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** The upload form: the .p12/.pfx and its password, checked by the server before it is stored. */
function SubirCertificado({ reemplaza }: { reemplaza: boolean }) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ archivo?: string; password?: string; general?: string }>({});
  const subir = useSubirCertificado();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { archivo: archivo ? undefined : firmaMessages.archivoRequerido, password: password ? undefined : firmaMessages.passwordRequerida };
    setErrors(next);
    if (!archivo || !password) return;
    subir.mutate(
      { archivo, password },
      {
        onSuccess: () => {
          setArchivo(null);
          setPassword('');
          setErrors({});
          notify.success(firmaMessages.certificadoGuardado);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : undefined;
          setErrors({
            archivo: fields?.archivo?.[0],
            password: fields?.password?.[0],
            general: fields?.archivo?.[0] || fields?.password?.[0] ? undefined : errorText(error, m.uploadError),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FileInput
            label={m.archivo}
            placeholder={m.archivoPlaceholder}
            accept=".p12,.pfx,application/x-pkcs12"
            value={archivo}
            onChange={setArchivo}
            error={errors.archivo}
            clearable
            data-testid="certificado-archivo"
          />
          <PasswordInput
            label={m.password}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            autoComplete="off"
          />
        </SimpleGrid>
        {errors.general ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {errors.general}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={subir.isPending}>
            {reemplaza ? m.reemplazar : m.cargar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Mi perfil' → the user's signing certificate (issue 26 §2): upload, its data, delete. */
export function CertificadoFirmaCard() {
  const certificado = useCertificado();
  const eliminar = useEliminarCertificado();

  const borrar = async () => {
    if (!(await confirmAction({ title: m.confirmTitle, text: m.confirmText, confirm: m.eliminar, cancel: m.cancelar }))) return;
    eliminar.mutate(undefined, {
      onSuccess: () => notify.success(firmaMessages.certificadoEliminado),
      onError: (error) => notify.error(errorText(error, m.deleteError)),
    });
  };

  const actual = certificado.data?.certificado ?? null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="certificado-firma">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3}>{m.title}</Title>
          <Text size="sm" c="dimmed">
            {m.intro}
          </Text>
        </Stack>
        {certificado.isPending ? (
          <ScreenLoading text={m.title} />
        ) : certificado.isError ? (
          <ScreenLoadError title={m.loadError} retry={m.reintentar} onRetry={() => void certificado.refetch()} retrying={certificado.isFetching} />
        ) : (
          <>
            {actual ? (
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Dato label={m.nombre} value={actual.nombre} testId="certificado-nombre" />
                  <Dato label={m.rut} value={actual.rut} testId="certificado-rut" />
                  <Dato label={m.emisor} value={actual.emisor} testId="certificado-emisor" />
                  <Dato label={m.validez} value={m.validezTexto(formatDate(actual.valido_desde), formatDate(actual.valido_hasta))} testId="certificado-validez" />
                  <Dato label={m.cargado} value={formatDateTime(actual.cargado, '')} testId="certificado-cargado" />
                </SimpleGrid>
                <Group>
                  <Button variant="light" color="red" onClick={() => void borrar()} loading={eliminar.isPending}>
                    {m.eliminar}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text c="dimmed" data-testid="certificado-vacio">
                {m.sinCertificado}
              </Text>
            )}
            <SubirCertificado reemplaza={actual !== null} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
