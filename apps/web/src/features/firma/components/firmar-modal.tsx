import { Alert, Badge, Button, Group, Modal, PasswordInput, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type DocumentoFirma, firmaMessages, type FirmarResultado } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { firmarDocumentos } from '../api/firma-api';
import { firmaUiMessages } from '../messages';

const m = firmaUiMessages.firmar;

interface FirmarModalProps {
  /** The documents to sign, in the order shown; null closes the dialog. */
  documentos: DocumentoFirma[] | null;
  firmante: string;
  onClose: () => void;
  /** After the run (some signed or none): the lists read again. */
  onDone: () => void;
}

type Estado = { fase: 'password' } | { fase: 'firmando'; hechos: number } | { fase: 'listo' };

/**
 * One password for the whole batch; the documents go one per request so the bar shows real progress
 * and each gets its own result. A refusal of the password (or of the certificate) stops the run at the
 * first document and asks again.
 */
export function FirmarModal({ documentos, firmante, onClose, onDone }: FirmarModalProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [estado, setEstado] = useState<Estado>({ fase: 'password' });
  const [resultados, setResultados] = useState<FirmarResultado[]>([]);
  const total = documentos?.length ?? 0;

  const reset = () => {
    setPassword('');
    setError(undefined);
    setEstado({ fase: 'password' });
    setResultados([]);
  };
  const close = () => {
    if (estado.fase === 'firmando') return;
    if (estado.fase === 'listo') onDone();
    reset();
    onClose();
  };

  const firmar = async (event: FormEvent) => {
    event.preventDefault();
    if (!documentos || documentos.length === 0) return;
    if (!password) {
      setError(firmaMessages.passwordRequerida);
      return;
    }
    setError(undefined);
    setEstado({ fase: 'firmando', hechos: 0 });
    const hechos: FirmarResultado[] = [];
    for (const [index, documento] of documentos.entries()) {
      try {
        const answer = await firmarDocumentos([documento.id], password);
        hechos.push(...answer.results);
      } catch (failure) {
        const detail = failure instanceof ApiError ? failure.detail : undefined;
        if (failure instanceof ApiError && failure.status === 400 && hechos.length === 0) {
          // The password or the certificate was refused: nothing was signed; ask again.
          setError(failure.errors?.password?.[0] ?? detail ?? m.error);
          setEstado({ fase: 'password' });
          return;
        }
        const motivo = detail ?? m.error;
        hechos.push({ id: documento.id, ok: false, error: motivo, motivo, url_pdf_firmado: null, codigo_verificacion: null });
      }
      setResultados([...hechos]);
      setEstado({ fase: 'firmando', hechos: index + 1 });
    }
    setPassword('');
    setEstado({ fase: 'listo' });
  };

  const rolDe = new Map((documentos ?? []).map((d) => [d.id, d.numero_rol]));
  const firmados = resultados.filter((r) => r.ok).length;
  const hechos = estado.fase === 'firmando' ? estado.hechos : estado.fase === 'listo' ? total : 0;

  return (
    <Modal opened={documentos !== null} onClose={close} title={m.title} centered size="lg" closeOnClickOutside={estado.fase !== 'firmando'} withCloseButton={estado.fase !== 'firmando'}>
      <Stack gap="md">
        {estado.fase === 'password' ? (
          <form onSubmit={(event) => void firmar(event)} noValidate>
            <Stack gap="md">
              <Text size="sm">{m.intro(total, firmante)}</Text>
              <PasswordInput
                label={m.password}
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={error}
                autoComplete="off"
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {m.cancelar}
                </Button>
                <Button type="submit">{m.confirmar}</Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="sm">
            <Text size="sm" data-testid="firma-progreso-texto">
              {estado.fase === 'firmando' ? m.progreso(Math.min(hechos + 1, total), total) : m.resumen(firmados, total)}
            </Text>
            <Progress value={total === 0 ? 0 : (hechos / total) * 100} animated={estado.fase === 'firmando'} aria-label={m.title} data-testid="firma-progreso" />
            {resultados.length > 0 ? (
              <ScrollArea.Autosize mah="40vh">
                <Table data-testid="firma-resultados" aria-label={m.resultados}>
                  <Table.Tbody>
                    {resultados.map((r) => (
                      <Table.Tr key={r.id} data-testid={`firma-resultado-${r.id}`}>
                        <Table.Td>{rolDe.get(r.id) ?? r.id}</Table.Td>
                        <Table.Td>
                          {r.ok ? (
                            <Badge color="teal" variant="light">
                              {m.ok}
                            </Badge>
                          ) : (
                            <Alert color="red" variant="light" p={6} icon={<IconAlertCircle size={16} />}>
                              {r.error ?? m.error}
                            </Alert>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            ) : null}
            {estado.fase === 'listo' ? (
              <Group justify="flex-end">
                <Button onClick={close}>{m.cerrar}</Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
