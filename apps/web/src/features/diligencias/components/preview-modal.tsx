import { Alert, Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { estampadoMessages, type PreviewEstampadoResponse } from '@receptoria/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useConversorPdf } from '../api/get-conversor-pdf';
import { diligenciasMessages } from '../messages';

const m = diligenciasMessages.preview;

interface PreviewModalProps {
  preview: PreviewEstampadoResponse | null;
  onClose: () => void;
  /** 'Generar Estampado' from the preview; absent when the user cannot generate. */
  onGenerate?: () => void;
}

/** 'Vista previa': the certificate's text as it will read, before anything is stored (issue 30). */
export function PreviewModal({ preview, onClose, onGenerate }: PreviewModalProps) {
  const conversor = useConversorPdf();
  // A server without LibreOffice or Gotenberg makes the certificate in Word only (issue 26 §1).
  const sinPdf = conversor.isSuccess && conversor.data === null;
  return (
    <Modal opened={preview !== null} onClose={onClose} title={m.title} size="lg" centered>
      {preview ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {m.intro}
          </Text>
          {sinPdf ? (
            <Alert color="gray" variant="light" icon={<IconAlertTriangle />} data-testid="sin-conversor-pdf">
              {estampadoMessages.sinConversorPdf}
            </Alert>
          ) : null}
          {preview.advertencias.length > 0 ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title={m.advertencias}>
              <Stack gap={4}>
                {preview.advertencias.map((text) => (
                  <Text key={text} size="sm">
                    {text}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          {preview.marcadores_faltantes.length > 0 ? (
            <Stack gap={4} data-testid="preview-faltantes">
              <Text size="sm" fw={600}>
                {m.faltantes}
              </Text>
              <Group gap={6}>
                {preview.marcadores_faltantes.map((marcador) => (
                  <Badge key={marcador} color="red" variant="light" radius="sm" tt="none">
                    {marcador.startsWith('<<') ? marcador : `<<${marcador}>>`}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ) : null}
          <Paper withBorder p="md" radius="sm" bg="gray.0">
            <ScrollArea.Autosize mah="55vh">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-texto">
                {preview.texto}
              </Text>
            </ScrollArea.Autosize>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {m.close}
            </Button>
            {onGenerate ? <Button onClick={onGenerate}>{m.generate}</Button> : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
