import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import type { WebhooksCliente } from '../api/webhooks';
import { WebhooksPanel } from './webhooks-panel';

/** Configuraciones Estudio → Webhooks: the office manages a firm's endpoints. */
export function WebhooksEstudioPanel({ estudioId }: { estudioId: number }) {
  const cliente = useMemo<WebhooksCliente>(
    () => ({
      clave: ['webhooks', 'estudio', estudioId],
      base: `/estudios/${estudioId}/webhooks/`,
      get: (path) => api.get(path),
      post: (path, body) => api.post(path, body),
      patch: (path, body) => api.patch(path, body),
      delete: (path) => api.delete(path),
    }),
    [estudioId],
  );
  return <WebhooksPanel cliente={cliente} />;
}
