import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { ENCARGO_ESTADOS, ESTADO_LABELS, formatDate } from '@receptoria/contracts';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { portalEncargoPath } from '../../../config/paths';
import { EstadoBadge } from '../../../components/estado-badge';
import { usePortalEncargos } from '../api/portal-queries';
import { portalTexts } from '../messages';

const m = portalTexts.encargos;

const ESTADO_OPTIONS = [{ value: '', label: m.todos }, ...ENCARGO_ESTADOS.map((value) => ({ value, label: ESTADO_LABELS[value] }))];

/** /portal/encargos — the firm's assignments: search, state filter, pages; each opens its timeline. */
export function PortalEncargosScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const estado = searchParams.get('estado') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const typed = searchParams.get('search') ?? '';
  const [search] = useDebouncedValue(typed.trim(), 300);
  const query = usePortalEncargos({ estado, search, page });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.page_size)) : 1;
  const filtered = Boolean(estado || search);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{m.title}</Title>
        {data && (
          <Text size="sm" c="dimmed" data-testid="portal-encargos-total">
            {m.total(data.count)}
          </Text>
        )}
      </Group>
      <Stack gap="xs">
        <TextInput
          aria-label={m.search}
          placeholder={m.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          rightSection={query.isFetching ? <Loader size={14} /> : undefined}
          value={typed}
          type="search"
          onChange={(event) => update({ search: event.currentTarget.value, page: '' })}
        />
        <NativeSelect
          label={m.estado}
          data={ESTADO_OPTIONS}
          value={estado}
          onChange={(event) => update({ estado: event.currentTarget.value, page: '' })}
        />
      </Stack>

      {query.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Group justify="space-between">
            <Text size="sm">{m.loadError}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {m.retry}
            </Button>
          </Group>
        </Alert>
      )}
      {query.isPending && !query.isError && (
        <Group justify="center" py="lg">
          <Loader size="sm" type="dots" aria-label="Cargando" />
        </Group>
      )}
      {data && data.results.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {filtered ? m.empty : m.emptyAll}
        </Text>
      )}

      <Stack gap="sm" data-testid="portal-encargos">
        {data?.results.map((encargo) => (
          <Card
            key={encargo.id}
            withBorder
            padding="sm"
            component={Link}
            to={portalEncargoPath(encargo.id)}
            data-testid="portal-encargo"
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={700} className="numero-rol">{encargo.numero_rol}</Text>
              <EstadoBadge estado={encargo.estado} />
            </Group>
            <Text size="sm">{encargo.tribunal}</Text>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {encargo.partes}
            </Text>
            <Group gap="xs" mt={6} wrap="wrap">
              <Text size="xs" c="dimmed">
                {m.ultimaActividad}: {formatDate(encargo.ultima_actividad)}
              </Text>
              {encargo.proximo_plazo && (
                <Badge size="sm" variant="light" color="orange" radius="sm" tt="none">
                  {encargo.proximo_plazo.nombre} {formatDate(encargo.proximo_plazo.vence)}
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </Stack>

      {data && pages > 1 && (
        <Group justify="space-between">
          <Button variant="default" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
            {m.anterior}
          </Button>
          <Text size="sm">{m.pagina(page, pages)}</Text>
          <Button variant="default" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
            {m.siguiente}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
