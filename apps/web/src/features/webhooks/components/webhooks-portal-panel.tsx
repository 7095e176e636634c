import { ApiError } from '../../../lib/api-client';
import { portalApi } from '../../portal/lib/portal-api';
import { useWebhooks, type WebhooksCliente } from '../api/webhooks';
import { WebhooksPanel } from './webhooks-panel';

const cliente: WebhooksCliente = {
  clave: ['webhooks', 'portal'],
  base: '/webhooks/',
  get: (path) => portalApi.get(path),
  post: (path, body) => portalApi.post(path, body),
  patch: (path, body) => portalApi.patch(path, body),
  delete: (path) => portalApi.delete(path),
};

/** The firm's own webhooks in the portal: shown to its users with the administra_api right only. */
export function WebhooksPortalPanel() {
  const { error, isPending } = useWebhooks(cliente);
  if (isPending || (error instanceof ApiError && error.status === 403)) return null;
  return <WebhooksPanel cliente={cliente} />;
}
