import { Button, Card, Collapse, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, type PortalEncargoItem } from '@receptoria/contracts';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { portalEncargoPath } from '../../../config/paths';
import { usePortalEncargo, usePortalEncargos } from '../api/portal-queries';
import { portalTexts } from '../messages';
import { DownloadButton } from './download-button';

const m = portalTexts.documentos;

function Certificados({ id }: { id: number }) {
  const query = usePortalEncargo(id);
  if (query.isPending) return <Loader size="xs" type="dots" aria-label="Cargando" />;
  const certificados = (query.data?.eventos ?? []).flatMap((evento) => (evento.tipo === 'certificado' ? [evento] : []));
  if (certificados.length === 0) return <Text size="sm" c="dimmed">{m.empty}</Text>;
  return (
    <Stack gap="xs">
      {certificados.map((certificado) => (
        <Group key={certificado.id} justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {certificado.titulo} · {formatDate(certificado.fecha)}
          </Text>
          {certificado.url && (
            <DownloadButton url={certificado.url} label={portalTexts.encargo.descargar} fallbackName={`${certificado.titulo}.pdf`} />
          )}
        </Group>
      ))}
    </Stack>
  );
}

function EncargoDocumentos({ encargo }: { encargo: PortalEncargoItem }) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="portal-documentos-encargo">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} component={Link} to={portalEncargoPath(encargo.id)}>
            {encargo.numero_rol}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {encargo.partes}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setOpen((value) => !value)}
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          aria-expanded={open}
        >
          {m.title}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Stack pt="sm">{open && <Certificados id={encargo.id} />}</Stack>
      </Collapse>
    </Card>
  );
}

/** /portal/documentos — the certificates of the firm's stamped assignments, each downloadable. */
export function DocumentosScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const [page, setPage] = useState(1);
  const query = usePortalEncargos({ estado: 'estampado', search: '', page });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / query.data.page_size)) : 1;
  return (
    <Stack gap="md">
      <Title order={2}>{m.title}</Title>
      <Text size="sm" c="dimmed">
        {m.subtitle}
      </Text>
      {query.isPending && <Loader size="sm" type="dots" aria-label="Cargando" />}
      {query.data?.results.length === 0 && <Text c="dimmed">{m.empty}</Text>}
      <Stack gap="sm">
        {query.data?.results.map((encargo) => <EncargoDocumentos key={encargo.id} encargo={encargo} />)}
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
