import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { WebhooksPortalPanel } from './webhooks-portal-panel';

afterEach(() => vi.unstubAllGlobals());

describe('Webhooks in the portal', () => {
  it('is shown to a firm user with administra_api, on the firm’s own routes', async () => {
    const calls = stubApi({ 'GET /api/v1/portal/webhooks/': () => json({ results: [] }) });
    renderWithSession(<WebhooksPortalPanel />);
    expect(await screen.findByText('El estudio no tiene webhooks.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain('/api/v1/portal/webhooks/');
  });

  it('is not shown when the user lacks the right (403)', async () => {
    const calls = stubApi({ 'GET /api/v1/portal/webhooks/': () => json({ detail: 'Su usuario no tiene permiso para administrar la API del estudio' }, 403) });
    renderWithSession(<WebhooksPortalPanel />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/portal/webhooks/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('webhooks')).toBeNull();
    expect(screen.queryByText('Webhooks')).toBeNull();
  });
});
