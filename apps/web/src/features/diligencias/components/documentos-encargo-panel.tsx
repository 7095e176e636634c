import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type DocumentoEstampado, estampadoMessages, formatDateTime } from '@receptoria/contracts';
import { IconFileText, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { confirmAction } from '../../../components/confirm-action';
import { useSession } from '../../../lib/auth/use-session';
import { notify } from '../../../lib/notify';
import { useDocumentosEncargo, useEliminarDocumento } from '../api/documentos-encargo';
import { diligenciasMessages } from '../messages';
import { type StampedInfo, useAfterOpen } from './use-stamp-flow';

const m = diligenciasMessages.documentos;

export interface DocumentosEncargoPanelProps {
  encargoId: number;
  numeroRol: string;
  /** The assignment became estampado because a document was opened from the list. */
  onStamped?: (encargoId: number, info: StampedInfo) => void;
  /** Inside another card (the work queue's row): no border of its own. */
  embedded?: boolean;
}

interface RowProps {
  documento: DocumentoEstampado;
  canStamp: boolean;
  onOpen: (documento: DocumentoEstampado, url: string) => void;
  onDelete: (documento: DocumentoEstampado) => void;
  deleting: boolean;
}

function DocumentoRow({ documento, canStamp, onOpen, onDelete, deleting }: RowProps) {
  const tipo = documento.tipo_estampado?.nombre ?? documento.titulo;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`documento-${documento.id}`}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {tipo}
            </Text>
            <Badge size="sm" variant="light" color={documento.fecha_notificacion ? 'teal' : 'gray'} radius="sm" tt="none">
              {documento.fecha_notificacion ? m.abierto : m.sinAbrir}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {documento.titulo}
          </Text>
          <Text size="xs" c="dimmed">
            {m.fecha}: {formatDateTime(documento.fecha_creacion, '')} · {m.autor}: {documento.creado_por}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            component="a"
            href={documento.url}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="light"
            leftSection={<IconFileText size={14} />}
            onClick={() => onOpen(documento, documento.url)}
          >
            {m.docx}
          </Button>
          {documento.url_pdf ? (
            <Button
              component="a"
              href={documento.url_pdf}
              target="_blank"
              rel="noopener"
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconFileTypePdf size={14} />}
              onClick={() => onOpen(documento, documento.url_pdf ?? documento.url)}
            >
              {m.pdf}
            </Button>
          ) : null}
          {canStamp ? (
            <Tooltip label={m.eliminar}>
              <ActionIcon
                variant="subtle"
                color="red"
                size={30}
                aria-label={m.eliminarAria(documento.titulo)}
                loading={deleting}
                onClick={() => onDelete(documento)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The certificates generated for an assignment (issue 30): type, date, author, DOCX/PDF and delete.
 * Opening one not opened before does what the toast's 'Abrir documento' does (useAfterOpen).
 */
export function DocumentosEncargoPanel({ encargoId, numeroRol, onStamped, embedded = false }: DocumentosEncargoPanelProps) {
  const { hasModule } = useSession();
  const canStamp = hasModule('estampar');
  const documentos = useDocumentosEncargo(encargoId);
  const eliminar = useEliminarDocumento(encargoId);
  const afterOpen = useAfterOpen((id, info) => onStamped?.(id, info));

  const open = (documento: DocumentoEstampado, url: string) => {
    // Opening it again later downloads it only: the stamp date stays the first opening's.
    if (canStamp && !documento.fecha_notificacion) void afterOpen(encargoId, numeroRol, { id: documento.id, url });
  };

  const remove = async (documento: DocumentoEstampado) => {
    const confirmed = await confirmAction({ title: m.confirmTitle, text: m.confirmText(documento.titulo), confirm: m.eliminar });
    if (!confirmed) return;
    try {
      await eliminar.mutateAsync(documento.id);
      notify.success(estampadoMessages.documentoEliminado);
    } catch {
      notify.error(m.errorEliminar);
    }
  };

  const rows = documentos.data ?? [];
  const body = documentos.isPending ? (
    <Loader size="sm" type="dots" aria-label="Cargando" />
  ) : documentos.isError ? (
    <Text size="sm" c="red">
      {m.loadError}
    </Text>
  ) : rows.length === 0 ? (
    <Text size="sm" c="dimmed">
      {estampadoMessages.sinDocumentos}
    </Text>
  ) : (
    <Stack gap="xs">
      {rows.map((documento) => (
        <DocumentoRow
          key={documento.id}
          documento={documento}
          canStamp={canStamp}
          onOpen={open}
          onDelete={(item) => void remove(item)}
          deleting={eliminar.isPending && eliminar.variables === documento.id}
        />
      ))}
    </Stack>
  );

  const content = (
    <Stack gap="sm" data-testid={`documentos-encargo-${encargoId}`}>
      <Title order={embedded ? 5 : 4}>{estampadoMessages.documentosEncargo}</Title>
      {body}
    </Stack>
  );
  return embedded ? (
    content
  ) : (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="documentos-encargo">
      {content}
    </Paper>
  );
}
