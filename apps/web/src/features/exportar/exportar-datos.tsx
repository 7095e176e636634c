import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { api, saveFile } from '../../lib/api-client';
import { notify } from '../../lib/notify';

export const exportarMessages = {
  titulo: 'Exportar todos los datos',
  descripcion:
    'Un archivo ZIP con una planilla Excel por tipo de dato (encargos, diligencias y visitas, estudios y sus correos, recibos, pagos, auditoría) y todos los documentos guardados, en carpetas por rol.',
  boton: 'Descargar ZIP',
  exportar: 'Exportar',
  botonDe: (nombre: string) => `Exportar datos de ${nombre}`,
  preparando: 'Preparando la exportación…',
  descargando: (megas: string) => `Descargando… ${megas} MB recibidos`,
  cancelar: 'Cancelar',
  listo: (megas: string) => `Exportación descargada (${megas} MB).`,
  error: 'No se pudo exportar los datos.',
} as const;

const megas = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Downloads GET /exportar/ (the caller's receiver, or `receptor` for the platform admin) with its progress. */
export function useExportarDatos() {
  const [bytes, setBytes] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (receptor?: number) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setBytes(0);
    try {
      const file = await api.download('/exportar/', undefined, {
        method: 'GET',
        params: receptor === undefined ? undefined : { receptor },
        signal: abort.signal,
        onProgress: setBytes,
      });
      saveFile(file.blob, file.filename ?? 'receptoria.zip');
      notify.success(exportarMessages.listo(megas(file.blob.size)));
    } catch (error) {
      if (!abort.signal.aborted) notify.error(error instanceof Error && error.message ? error.message : exportarMessages.error);
    } finally {
      controller.current = null;
      setBytes(null);
    }
  };

  return { bytes, running: bytes !== null, start, cancel: () => controller.current?.abort() };
}

/** The progress of a running export: a moving bar and the megabytes received so far. */
export function ExportarProgreso({ bytes, onCancel }: { bytes: number; onCancel: () => void }) {
  return (
    <Stack gap={6} data-testid="exportar-progreso">
      <Progress value={100} striped animated aria-label={exportarMessages.preparando} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {bytes === 0 ? exportarMessages.preparando : exportarMessages.descargando(megas(bytes))}
        </Text>
        <Button size="xs" variant="subtle" onClick={onCancel}>
          {exportarMessages.cancelar}
        </Button>
      </Group>
    </Stack>
  );
}

/** Usuarios y Permisos: the receiver takes all of its data. */
export function ExportarDatosCard() {
  const exportar = useExportarDatos();
  return (
    <Paper withBorder radius="md" p="md" data-testid="exportar-datos">
      <Stack gap="xs">
        <Title order={4}>{exportarMessages.titulo}</Title>
        <Text size="sm" c="dimmed">
          {exportarMessages.descripcion}
        </Text>
        {exportar.running ? (
          <ExportarProgreso bytes={exportar.bytes ?? 0} onCancel={exportar.cancel} />
        ) : (
          <Group>
            <Button leftSection={<IconFileZip size={16} />} variant="light" onClick={() => void exportar.start()}>
              {exportarMessages.boton}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
