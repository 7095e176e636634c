import { Alert, Badge, Button, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { DocumentoFirma, Lote } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { crearLote, getLote, pedirAlFirmador } from '../api/firmador-api';
import { firmadorMessages } from '../firmador-messages';

const m = firmadorMessages.modal;

type Fase = { fase: 'preparando' } | { fase: 'firmando'; lote: Lote } | { fase: 'listo'; lote: Lote } | { fase: 'error'; mensaje: string };

/**
 * The batch prepared by the server, handed to the signing agent on this PC (which asks the PIN and
 * sends each signature to the server), its progress read from the server every second.
 */
export function FirmarTokenModal({ documentos, onClose, onDone }: { documentos: DocumentoFirma[] | null; onClose: () => void; onDone: () => void }) {
  const [fase, setFase] = useState<Fase>({ fase: 'preparando' });
  const activo = useRef(false);

  useEffect(() => {
    if (!documentos || documentos.length === 0) return;
    activo.current = true;
    void (async () => {
      let lote: Lote;
      try {
        lote = await crearLote(documentos.map((d) => d.id));
        await pedirAlFirmador(lote.id);
      } catch (error) {
        const mensaje = error instanceof ApiError && error.detail ? error.detail : error instanceof Error && error.message !== 'sin-firmador' ? error.message : m.sinFirmador;
        if (activo.current) setFase({ fase: 'error', mensaje });
        return;
      }
      setFase({ fase: 'firmando', lote });
      while (activo.current) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        try {
          lote = await getLote(lote.id);
        } catch {
          continue;
        }
        if (!activo.current) return;
        setFase(lote.pendientes === 0 ? { fase: 'listo', lote } : { fase: 'firmando', lote });
        if (lote.pendientes === 0) return;
      }
    })();
    return () => {
      activo.current = false;
    };
  }, [documentos]);

  const close = () => {
    activo.current = false;
    if (fase.fase === 'listo' || fase.fase === 'firmando') onDone();
    setFase({ fase: 'preparando' });
    onClose();
  };
  const lote = fase.fase === 'firmando' || fase.fase === 'listo' ? fase.lote : null;
  const total = lote?.documentos.length ?? documentos?.length ?? 0;
  const hechos = lote ? lote.documentos.filter((d) => d.estado !== 'pendiente').length : 0;
  const rolDe = new Map((documentos ?? []).map((d) => [d.id, d.numero_rol]));

  return (
    <Modal opened={documentos !== null} onClose={close} title={m.title} centered size="lg">
      <Stack gap="md">
        {fase.fase === 'preparando' ? <Text size="sm">{m.preparando}</Text> : null}
        {fase.fase === 'error' ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="firma-token-error">
            {fase.mensaje}
          </Alert>
        ) : null}
        {fase.fase === 'firmando' ? <Text size="sm">{m.pin}</Text> : null}
        {lote ? (
          <>
            <Text size="sm" data-testid="firma-token-progreso-texto">
              {fase.fase === 'listo' ? m.resumen(lote.firmados, total) : m.progreso(lote.firmados, total)}
            </Text>
            <Progress value={total === 0 ? 0 : (hechos / total) * 100} animated={fase.fase === 'firmando'} aria-label={m.title} data-testid="firma-token-progreso" />
            <ScrollArea.Autosize mah="40vh">
              <Table data-testid="firma-token-resultados">
                <Table.Tbody>
                  {lote.documentos.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{rolDe.get(d.id) ?? d.titulo}</Table.Td>
                      <Table.Td>
                        {d.estado === 'firmado' ? (
                          <Badge color="teal" variant="light">
                            {m.ok}
                          </Badge>
                        ) : d.estado === 'fallido' ? (
                          <Alert color="red" variant="light" p={6} icon={<IconAlertCircle size={16} />}>
                            {d.motivo ?? m.error}
                          </Alert>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant={fase.fase === 'listo' ? 'filled' : 'default'} onClick={close}>
            {fase.fase === 'listo' || fase.fase === 'error' ? m.cerrar : m.cancelar}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
