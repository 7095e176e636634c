import { ActionIcon, Alert, Button, FileButton, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LECTURA_ARCHIVOS, LECTURA_PDF_MAX_BYTES, type LecturaDocumento, type LecturaDocumentosResponse } from '@receptoria/contracts';
import { IconAlertTriangle, IconFileSearch, IconFileTypePdf, IconInfoCircle, IconX } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { LecturaEstado, useLecturaEnCurso } from './lectura-en-curso';
import { type ProgresoLectura, readLectura } from './leer-stream';
import { leerPdfMessages as m } from './messages';

export type ArchivosLectura = Record<LecturaDocumento, File | null>;

/** What the screen made of a reading, for the summary under the drop area. */
export interface ResumenLectura {
  llenados: number;
  revisar: number;
  conservados: string[];
  advertencias: string[];
}

export interface LeerDesdePdfProps {
  archivos: ArchivosLectura;
  onArchivos: (archivos: ArchivosLectura) => void;
  /** Sends the reading's multipart body to the screen's route; resolves with the raw answer. */
  enviar: (body: FormData, signal: AbortSignal) => Promise<Response>;
  /** The firm chosen in the form (its id), so the plaintiff can be proposed among its parties. */
  estudio?: string | null;
  /** Applies the reading to the form and says what it did. */
  onLeido: (respuesta: LecturaDocumentosResponse) => ResumenLectura;
  /** Said under the files: what happens with them on saving. */
  nota?: string;
  disabled?: boolean;
}

const PDF_MAGIC = '%PDF-';

/** Why a file cannot be read as the given document (not a PDF, too large), or null. */
export async function problemaPdf(documento: LecturaDocumento, file: File): Promise<string | null> {
  if (file.size > LECTURA_PDF_MAX_BYTES) return m.muyGrande(documento);
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_MAGIC ? null : m.noEsPdf(documento);
}

/** The multipart body of the reading routes: the chosen PDFs and the firm. */
export function lecturaBody(archivos: ArchivosLectura, estudio?: string | null): FormData {
  const body = new FormData();
  for (const documento of LECTURA_ARCHIVOS) {
    const file = archivos[documento];
    if (file) body.append(documento, file, file.name);
  }
  if (estudio) body.append('estudio', estudio);
  return body;
}

function progresoTexto(evento: ProgresoLectura | null): string {
  if (!evento) return m.leyendo;
  if (evento.etapa === 'en_cola') return m.enCola(evento.documento);
  if (evento.pagina === 0) return m.leyendo;
  return m.progreso(evento.documento, evento.pagina, evento.paginas, evento.etapa === 'ocr');
}

function DropSlot({
  documento,
  file,
  error,
  disabled,
  onFile,
}: {
  documento: LecturaDocumento;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onFile: (file: File | null) => void;
}) {
  const [over, setOver] = useState(false);
  const resetRef = useRef<() => void>(null);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  const titleId = `${useId()}-titulo`;
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-labelledby={titleId}
      data-testid={`soltar-${documento}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: error ? 'var(--mantine-color-red-6)' : over ? 'var(--mantine-color-blue-6)' : undefined,
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Stack gap={6}>
        <Text id={titleId} fw={600} size="sm">
          {m.documento[documento]}
        </Text>
        {file ? (
          <Group gap="xs" wrap="nowrap">
            <IconFileTypePdf size={18} aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid={`archivo-${documento}`}>
              {file.name}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={m.quitar(documento)}
              disabled={disabled}
              onClick={() => {
                resetRef.current?.();
                onFile(null);
              }}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {m.soltar(documento)}
          </Text>
        )}
        <FileButton resetRef={resetRef} onChange={(chosen) => onFile(chosen)} accept="application/pdf,.pdf" disabled={disabled}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconFileTypePdf size={14} />} aria-label={`${m.elegir}: ${m.documento[documento]}`} w="fit-content">
              {m.elegir}
            </Button>
          )}
        </FileButton>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * 'Leer desde PDF': the demanda and the resolución dropped or chosen, read by the screen's route with a
 * progress bar, then handed to the screen to fill its form. The files stay chosen for saving.
 */
export function LeerDesdePdf({ archivos, onArchivos, enviar, estudio, onLeido, nota, disabled }: LeerDesdePdfProps) {
  const [errores, setErrores] = useState<Partial<Record<LecturaDocumento, string>>>({});
  const { leyendo, progreso, error, setError, leer: leerConProgreso } = useLecturaEnCurso();
  const [resumen, setResumen] = useState<ResumenLectura | null>(null);
  const chosen = LECTURA_ARCHIVOS.some((documento) => archivos[documento]);

  const choose = async (documento: LecturaDocumento, file: File | null) => {
    const problema = file ? await problemaPdf(documento, file) : null;
    setErrores((current) => ({ ...current, [documento]: problema ?? undefined }));
    if (problema) return;
    onArchivos({ ...archivos, [documento]: file });
  };

  const leer = async () => {
    if (!chosen) {
      setError(m.sinArchivos);
      return;
    }
    setResumen(null);
    await leerConProgreso(async (signal, onProgreso) => {
      const response = await enviar(lecturaBody(archivos, estudio), signal);
      const respuesta = await readLectura(response, onProgreso);
      setResumen(onLeido(respuesta));
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="leer-desde-pdf">
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileSearch size={20} aria-hidden />
          <Title order={4}>{m.titulo}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.ayuda}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {LECTURA_ARCHIVOS.map((documento) => (
            <DropSlot
              key={documento}
              documento={documento}
              file={archivos[documento]}
              error={errores[documento]}
              disabled={disabled || leyendo}
              onFile={(file) => void choose(documento, file)}
            />
          ))}
        </SimpleGrid>
        {nota && chosen && (
          <Text size="xs" c="dimmed">
            {nota}
          </Text>
        )}
        <Group justify="flex-end">
          <Button leftSection={<IconFileSearch size={16} />} onClick={() => void leer()} loading={leyendo} disabled={disabled || !chosen}>
            {resumen ? m.releer : m.leer}
          </Button>
        </Group>
        <LecturaEstado leyendo={leyendo} progreso={progreso} texto={progresoTexto(progreso)} error={error} />
        {resumen && (
          <Alert color={resumen.llenados > 0 ? 'teal' : 'orange'} variant="light" icon={<IconInfoCircle size={18} />} data-testid="lectura-resumen">
            <Stack gap={4}>
              <Text size="sm">{resumen.llenados > 0 ? m.resumen(resumen.llenados, resumen.revisar) : m.nadaLeido}</Text>
              {resumen.conservados.length > 0 && <Text size="sm">{m.conservados(resumen.conservados)}</Text>}
            </Stack>
          </Alert>
        )}
        {resumen && resumen.advertencias.length > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={m.advertencias} data-testid="lectura-advertencias">
            <List size="sm" spacing={2}>
              {resumen.advertencias.map((advertencia) => (
                <List.Item key={advertencia}>{advertencia}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
