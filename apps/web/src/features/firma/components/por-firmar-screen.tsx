import { Alert, Anchor, Badge, Box, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DocumentoFirma, DocumentoFirmaEstado } from '@receptoria/contracts';
import { IconSignature } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListLoadError, ListLoading } from '../../../components/list-states';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { estudiosQueryOptions } from '../../estudios/api/get-estudios';
import { descargarPdf, descargarZip, documentosFirmaKey, documentosFirmaQueryOptions, useCertificado } from '../api/firma-api';
import { useAgenteEstado } from '../api/firmador-api';
import { firmadorMessages } from '../firmador-messages';
import { firmaUiMessages } from '../messages';
import { DocumentosFirmaTable } from './documentos-firma-table';
import { FirmarModal } from './firmar-modal';
import { FirmarTokenModal } from './firmar-token-modal';
import { SubidoModal } from './subido-modal';

const m = firmaUiMessages.porFirmar;
const ESTADOS = ['pdf', 'firmado', 'subido'] as const satisfies readonly DocumentoFirmaEstado[];
type Estado = (typeof ESTADOS)[number];

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.detail ? error.detail : fallback);

/**
 * 'Por firmar' (issue 26 §4, module estampar): the certificates with a PDF and no signature, oldest
 * first, signed in batches with one password; the signed ones to download (one or a ZIP) and to mark
 * as uploaded to the court; filtered by firm and generation date.
 */
export function PorFirmarScreen() {
  const [estado, setEstado] = useState<Estado>('pdf');
  const [estudio, setEstudio] = useState<string | null>(null);
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [firmando, setFirmando] = useState<DocumentoFirma[] | null>(null);
  const [firmandoToken, setFirmandoToken] = useState<DocumentoFirma[] | null>(null);
  const [subiendo, setSubiendo] = useState<DocumentoFirma | null>(null);
  const [zipping, setZipping] = useState(false);
  const queryClient = useQueryClient();

  const filtro = { estado, estudio: estudio === null ? null : Number(estudio), desde, hasta };
  const documentos = useQuery(documentosFirmaQueryOptions(filtro));
  const estudios = useQuery(estudiosQueryOptions());
  const certificado = useCertificado();
  const firmante = certificado.data?.certificado?.nombre ?? null;
  const tipo = certificado.data?.certificado?.tipo ?? null;
  const agente = useAgenteEstado();
  const conToken = tipo === 'token' && (agente.data?.agentes.length ?? 0) > 0;

  const lista = documentos.data ?? [];
  const elegidos = lista.filter((d) => selected.has(d.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(lista.every((d) => selected.has(d.id)) ? new Set() : new Set(lista.map((d) => d.id)));
  const changeEstado = (value: string) => {
    setEstado(value as Estado);
    setSelected(new Set());
  };

  const download = (documento: DocumentoFirma) => {
    descargarPdf(documento).catch((error: unknown) => notify.error(errorText(error, m.descargaError)));
  };
  const zip = () => {
    setZipping(true);
    descargarZip(elegidos.map((d) => d.id))
      .catch((error: unknown) => notify.error(errorText(error, m.zipError)))
      .finally(() => setZipping(false));
  };

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2}>{m.title}</Title>
        <Text c="dimmed">{m.subtitle}</Text>
      </Box>

      {certificado.isSuccess && firmante === null ? (
        <Alert color="yellow" icon={<IconSignature />} data-testid="por-firmar-sin-certificado">
          <Group gap="sm">
            <Text size="sm">{m.sinCertificado}</Text>
            <Anchor component={Link} to={paths.perfil} size="sm">
              {m.irPerfil}
            </Anchor>
          </Group>
        </Alert>
      ) : null}

      {certificado.data?.nivel_firma === 'B-B' ? (
        <Text size="sm" c="dimmed" data-testid="por-firmar-sin-sello">
          {m.sinSelloTiempo}
        </Text>
      ) : null}

      <Paper withBorder p="md" shadow="xs">
        <Stack gap="md">
          <SegmentedControl fullWidth value={estado} onChange={changeEstado} data={ESTADOS.map((value) => ({ value, label: m.tabs[value] }))} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={m.estudio}
              placeholder={m.estudioTodos}
              data={(estudios.data ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))}
              value={estudio}
              onChange={setEstudio}
              clearable
              searchable
            />
            <TextInput type="date" label={m.desde} value={desde} max={hasta || undefined} onChange={(event) => setDesde(event.currentTarget.value)} />
            <TextInput type="date" label={m.hasta} value={hasta} min={desde || undefined} onChange={(event) => setHasta(event.currentTarget.value)} />
          </SimpleGrid>

          {estado !== 'subido' ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="por-firmar-seleccionados">
                {m.seleccionados(elegidos.length)}
              </Text>
              {estado === 'pdf' ? (
                <Group gap="xs">
                  {tipo ? (
                    <Badge variant="light" color={tipo === 'token' ? 'teal' : 'gray'} data-testid="por-firmar-tipo-certificado">
                      {tipo === 'token' ? firmadorMessages.porFirmar.tipoToken : firmadorMessages.porFirmar.tipoP12}
                    </Badge>
                  ) : null}
                  {conToken ? (
                    <Button
                      leftSection={<IconSignature size={16} />}
                      disabled={elegidos.length === 0 || elegidos.length > 50}
                      title={elegidos.length > 50 ? firmadorMessages.porFirmar.maximo : undefined}
                      onClick={() => setFirmandoToken(elegidos)}
                    >
                      {firmadorMessages.porFirmar.firmarToken(elegidos.length)}
                    </Button>
                  ) : tipo !== 'token' ? (
                    <Button leftSection={<IconSignature size={16} />} disabled={elegidos.length === 0 || firmante === null} onClick={() => setFirmando(elegidos)}>
                      {m.firmar(elegidos.length)}
                    </Button>
                  ) : agente.isSuccess ? (
                    <Anchor component={Link} to={paths.perfil} size="sm" data-testid="por-firmar-sin-firmador">
                      {firmadorMessages.porFirmar.sinFirmador}
                    </Anchor>
                  ) : null}
                </Group>
              ) : (
                <Button variant="light" disabled={elegidos.length === 0} loading={zipping} onClick={zip}>
                  {m.descargarZip}
                </Button>
              )}
            </Group>
          ) : null}

          {documentos.isPending ? (
            <ListLoading text={m.loading} />
          ) : documentos.isError ? (
            <ListLoadError title={errorText(documentos.error, m.loadError)} retry={m.reintentar} onRetry={() => void documentos.refetch()} />
          ) : lista.length === 0 ? (
            <ListEmpty text={m.vacio[estado]} />
          ) : (
            <DocumentosFirmaTable
              estado={estado}
              documentos={lista}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              onDownload={download}
              onMarcarSubido={setSubiendo}
            />
          )}
        </Stack>
      </Paper>

      <FirmarModal
        documentos={firmando}
        firmante={firmante ?? ''}
        onClose={() => setFirmando(null)}
        onDone={() => {
          setSelected(new Set());
          void queryClient.invalidateQueries({ queryKey: documentosFirmaKey });
        }}
      />
      <FirmarTokenModal
        documentos={firmandoToken}
        onClose={() => setFirmandoToken(null)}
        onDone={() => {
          setSelected(new Set());
          void queryClient.invalidateQueries({ queryKey: documentosFirmaKey });
        }}
      />
      <SubidoModal documento={subiendo} onClose={() => setSubiendo(null)} />
    </Stack>
  );
}
