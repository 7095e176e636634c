import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, type PortalDocumento } from '@receptoria/contracts';
import { IconDownload } from '@tabler/icons-react';
import { type ChangeEvent, useState } from 'react';
import { usePortalDocumentos } from '../api/portal-documentos';
import { portalTexts } from '../messages';

const m = portalTexts.documentos;

function DocumentoCard({ documento }: { documento: PortalDocumento }) {
  return (
    <Card withBorder padding="sm" data-testid="portal-documento">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} className="numero-rol">{documento.numero_rol}</Text>
            {documento.firmado && (
              <Badge size="sm" variant="light" color="teal" tt="none">
                {portalTexts.encargo.firmado}
              </Badge>
            )}
          </Group>
          <Text size="sm">{documento.tipo}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[documento.tribunal, formatDate(documento.fecha)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {documento.url ? (
          <Button component="a" href={documento.url} target="_blank" rel="noopener" size="xs" variant="light" leftSection={<IconDownload size={14} />}>
            {portalTexts.encargo.descargar}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {m.sinArchivo}
          </Text>
        )}
      </Group>
    </Card>
  );
}

/** /portal/documentos — the firm's certificates, newest first, one page per request, each downloadable. */
export function DocumentosScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const [page, setPage] = useState(1);
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const invertido = desde !== '' && hasta !== '' && desde > hasta;
  const query = usePortalDocumentos({ page, desde, hasta }, !invertido);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / query.data.page_size)) : 1;
  const filtrado = desde !== '' || hasta !== '';
  const changeDate = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.currentTarget.value);
    setPage(1);
  };
  return (
    <Stack gap="md">
      <Title order={2}>{m.title}</Title>
      <Text size="sm" c="dimmed">
        {m.subtitle}
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-start">
        <TextInput type="date" label={m.desde} value={desde} onChange={changeDate(setDesde)} w={170} />
        <TextInput type="date" label={m.hasta} value={hasta} onChange={changeDate(setHasta)} w={170} error={invertido ? m.rangoInvertido : undefined} />
      </Group>
      {query.isPending && !invertido && <Loader size="sm" type="dots" aria-label="Cargando" />}
      {query.isError && (
        <Alert color="red" variant="light">
          {m.loadError}
        </Alert>
      )}
      {query.data && query.data.results.length === 0 && <Text c="dimmed">{filtrado ? m.emptyRango : m.empty}</Text>}
      {query.data && query.data.count > 0 && (
        <Text size="sm" c="dimmed" data-testid="portal-documentos-total">
          {m.total(query.data.count)}
        </Text>
      )}
      <Stack gap="sm">
        {query.data?.results.map((documento) => <DocumentoCard key={documento.id} documento={documento} />)}
      </Stack>
      {pages > 1 && (
        <Group justify="space-between">
          <Button variant="default" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {portalTexts.encargos.anterior}
          </Button>
          <Text size="sm">{portalTexts.encargos.pagina(page, pages)}</Text>
          <Button variant="default" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {portalTexts.encargos.siguiente}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
