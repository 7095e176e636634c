import type { WebhookEndpoint, WebhookEndpointCreado, WebhookEndpointCreate, WebhookEndpointPatch, WebhookEntrega, WebhookSecretoRotado } from '@receptoria/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Where a firm's webhooks are managed: the office's routes (…/estudios/{id}/webhooks/) or the firm's
 * own in the portal (…/portal/webhooks/), each through its own session's client.
 */
export interface WebhooksCliente {
  /** The query key every list and log of these endpoints starts with. */
  clave: readonly unknown[];
  /** Path of the endpoints' collection, ending in '/'. */
  base: string;
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body?: unknown) => Promise<T>;
  patch: <T>(path: string, body: unknown) => Promise<T>;
  delete: <T>(path: string) => Promise<T>;
}

export function useWebhooks(cliente: WebhooksCliente) {
  return useQuery({
    queryKey: [...cliente.clave, 'lista'],
    queryFn: async () => (await cliente.get<{ results: WebhookEndpoint[] }>(cliente.base)).results,
    retry: false,
  });
}

/** The endpoint's delivery attempts, newest first; read again every few seconds while shown. */
export function useEntregas(cliente: WebhooksCliente, endpointId: number) {
  return useQuery({
    queryKey: [...cliente.clave, 'entregas', endpointId],
    queryFn: () => cliente.get<WebhookEntrega[]>(`${cliente.base}${endpointId}/entregas/`),
    refetchInterval: 3000,
  });
}

function useCambio<I, O>(cliente: WebhooksCliente, run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: cliente.clave }) });
}

export const useCrearWebhook = (cliente: WebhooksCliente) =>
  useCambio(cliente, (input: WebhookEndpointCreate) => cliente.post<WebhookEndpointCreado>(cliente.base, input));
export const useCambiarWebhook = (cliente: WebhooksCliente) =>
  useCambio(cliente, ({ id, cambios }: { id: number; cambios: WebhookEndpointPatch }) => cliente.patch<WebhookEndpoint>(`${cliente.base}${id}/`, cambios));
export const useEliminarWebhook = (cliente: WebhooksCliente) => useCambio(cliente, (id: number) => cliente.delete<{ message: string }>(`${cliente.base}${id}/`));
export const useRotarSecreto = (cliente: WebhooksCliente) =>
  useCambio(cliente, (id: number) => cliente.post<WebhookSecretoRotado>(`${cliente.base}${id}/rotar_secreto/`));
export const useProbarWebhook = (cliente: WebhooksCliente) => useCambio(cliente, (id: number) => cliente.post<{ message: string }>(`${cliente.base}${id}/probar/`));
export const useReenviarEntrega = (cliente: WebhooksCliente) =>
  useCambio(cliente, ({ endpointId, entregaId }: { endpointId: number; entregaId: number }) =>
    cliente.post<{ message: string }>(`${cliente.base}${endpointId}/entregas/${entregaId}/reenviar/`),
  );
