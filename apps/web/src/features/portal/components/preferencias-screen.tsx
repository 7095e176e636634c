import { Alert, Button, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PortalPreferencias } from '@receptoria/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { portalKeys, usePortalPreferencias } from '../api/portal-queries';
import { portalApi } from '../lib/portal-api';
import { WebhooksPortalPanel } from '../../webhooks/components/webhooks-portal-panel';
import { portalTexts } from '../messages';

const m = portalTexts.preferencias;

export const PREFERENCIA_LABELS: Record<keyof PortalPreferencias, { label: string; description: string }> = {
  mail_solicitudes: { label: 'Solicitudes', description: 'Cuando el receptor acepta o rechaza una solicitud.' },
  mail_certificados: { label: 'Certificados', description: 'Cada nuevo certificado de los encargos del estudio.' },
  mail_plazos: { label: 'Plazos', description: 'Cada nuevo plazo de los encargos del estudio.' },
};
const KEYS = Object.keys(PREFERENCIA_LABELS) as (keyof PortalPreferencias)[];

/** /portal/preferencias — which mails the user wants (all on until changed) and, for the firm's API administrators, its webhooks. */
export function PreferenciasScreen() {
  useDocumentTitle(`${m.title} · ${portalTexts.product}`);
  const query = usePortalPreferencias();
  const queryClient = useQueryClient();
  /** Switches changed since the stored preferences were read. */
  const [edits, setEdits] = useState<Partial<PortalPreferencias>>({});
  const values = query.data ? { ...query.data, ...edits } : null;
  const save = useMutation({
    mutationFn: (next: PortalPreferencias) => portalApi.put<{ preferencias: PortalPreferencias }>('/preferencias/', next),
    onSuccess: (answer) => {
      queryClient.setQueryData(portalKeys.preferencias, answer.preferencias);
      setEdits({});
      notify.success(m.saved);
    },
    onError: (error) => notify.error(error instanceof ApiError && error.detail ? error.detail : m.error),
  });

  return (
    <Stack gap="md">
      <Title order={2}>{m.title}</Title>
      <Text c="dimmed" size="sm">
        {m.subtitle}
      </Text>
      {query.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.loadError}
        </Alert>
      )}
      {query.isPending && <Loader size="sm" type="dots" aria-label="Cargando" />}
      {values && (
        <Card withBorder padding="md">
          <Stack gap="md">
            {KEYS.map((key) => (
              <Switch
                key={key}
                label={PREFERENCIA_LABELS[key].label}
                description={PREFERENCIA_LABELS[key].description}
                checked={values[key]}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setEdits((current) => ({ ...current, [key]: checked }));
                }}
              />
            ))}
            <Button onClick={() => save.mutate(values)} loading={save.isPending}>
              {m.save}
            </Button>
          </Stack>
        </Card>
      )}
      <WebhooksPortalPanel />
    </Stack>
  );
}
