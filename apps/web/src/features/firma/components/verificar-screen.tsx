import { Alert, Box, FileInput, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { firmaMessages, formatDate, formatDateTime, normalizarCodigoVerificacion, type Verificacion } from '@receptoria/contracts';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX, IconFileTypePdf } from '@tabler/icons-react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ScreenLoading } from '../../../components/list-states';
import { ApiError } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { verificacionQueryOptions } from '../api/firma-api';
import { firmaUiMessages } from '../messages';

const m = firmaUiMessages.verificar;

/** SHA-256 of a file, in the browser (the file never leaves it), as 64 lower-case hex characters. */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function Dato({ label, value, testId, mono }: { label: string; value: string; testId: string; mono?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text data-testid={testId} ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

type Comparacion = { fase: 'calculando' } | { fase: 'listo'; sha256: string; coincide: boolean } | { fase: 'error' };

/** The file input that says whether a PDF is byte for byte the registered document. */
function CompararArchivo({ sha256 }: { sha256: string | null }) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [comparacion, setComparacion] = useState<Comparacion | null>(null);

  const elegir = (file: File | null) => {
    setArchivo(file);
    if (!file || !sha256) {
      setComparacion(null);
      return;
    }
    setComparacion({ fase: 'calculando' });
    sha256Hex(file).then(
      (hash) => setComparacion({ fase: 'listo', sha256: hash, coincide: hash === sha256.toLowerCase() }),
      () => setComparacion({ fase: 'error' }),
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3}>{m.comparar}</Title>
        <Text size="sm" c="dimmed">
          {m.compararAyuda}
        </Text>
        {sha256 ? (
          <>
            <FileInput
              label={m.archivo}
              placeholder={m.archivoPlaceholder}
              accept="application/pdf,.pdf"
              value={archivo}
              onChange={elegir}
              leftSection={<IconFileTypePdf size={16} />}
              clearable
              data-testid="verificar-archivo"
            />
            {comparacion?.fase === 'calculando' ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">{m.calculando}</Text>
              </Group>
            ) : null}
            {comparacion?.fase === 'listo' ? (
              <Alert
                color={comparacion.coincide ? 'teal' : 'red'}
                icon={comparacion.coincide ? <IconCircleCheck /> : <IconCircleX />}
                data-testid="verificar-resultado"
                role="status"
              >
                <Stack gap={4}>
                  <Text fw={600}>{comparacion.coincide ? firmaMessages.coincide : firmaMessages.noCoincide}</Text>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {m.huellaArchivo}: {comparacion.sha256}
                  </Text>
                </Stack>
              </Alert>
            ) : null}
            {comparacion?.fase === 'error' ? <Alert color="red">{m.error}</Alert> : null}
          </>
        ) : (
          <Text size="sm">{m.sinHuella}</Text>
        )}
      </Stack>
    </Paper>
  );
}

function Documento({ verificacion }: { verificacion: Verificacion }) {
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="verificacion">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Dato label={m.codigo} value={verificacion.codigo} testId="verificacion-codigo" mono />
          <Dato label={m.receptor} value={verificacion.receptor} testId="verificacion-receptor" />
          <Dato label={m.tribunal} value={verificacion.tribunal ?? '—'} testId="verificacion-tribunal" />
          <Dato label={m.rol} value={verificacion.numero_rol} testId="verificacion-rol" />
          <Dato label={m.tipo} value={verificacion.tipo ?? '—'} testId="verificacion-tipo" />
          <Dato label={m.fecha} value={formatDate(verificacion.fecha)} testId="verificacion-fecha" />
          <Dato label={m.firmante} value={verificacion.firmante ?? m.sinFirma} testId="verificacion-firmante" />
          <Dato label={m.firmado} value={formatDateTime(verificacion.firmado, '—')} testId="verificacion-firmado" />
        </SimpleGrid>
        <Stack mt="md" gap={0}>
          <Dato label={m.sha256} value={verificacion.sha256 ?? '—'} testId="verificacion-sha256" mono />
        </Stack>
      </Paper>
      <CompararArchivo sha256={verificacion.sha256} />
    </Stack>
  );
}

/** The public page a certificate's QR opens (issue 26 §5): no session; the data the court file shows. */
export function VerificarScreen() {
  // Outside the signed-in layout, which holds the app's query client: a client of its own.
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <VerificarContenido />
    </QueryClientProvider>
  );
}

function VerificarContenido() {
  useDocumentTitle(`${m.title} · Receptoría`);
  const { codigo: raw = '' } = useParams();
  const codigo = normalizarCodigoVerificacion(raw);
  const verificacion = useQuery({ ...verificacionQueryOptions(codigo ?? ''), enabled: codigo !== null });

  let body;
  if (codigo === null) {
    body = <Alert color="red">{firmaMessages.codigoInvalido}</Alert>;
  } else if (verificacion.isPending) {
    body = <ScreenLoading text={m.loading} />;
  } else if (verificacion.isError) {
    const error = verificacion.error;
    const text =
      error instanceof ApiError && error.status === 404
        ? firmaMessages.codigoNoEncontrado
        : error instanceof ApiError && error.status === 429
          ? firmaMessages.demasiadasConsultas
          : error instanceof ApiError && error.detail
            ? error.detail
            : m.error;
    body = (
      <Alert color="red" role="alert" data-testid="verificacion-error">
        {text}
      </Alert>
    );
  } else {
    body = <Documento verificacion={verificacion.data} />;
  }

  return (
    <Box maw={960} mx="auto" px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {m.title}
          </Title>
          <Text c="dimmed">{m.subtitle}</Text>
        </Stack>
        {body}
      </Stack>
    </Box>
  );
}
