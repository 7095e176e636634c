import { MantineProvider } from '@mantine/core';
import { estampadoMessages, type PreviewEstampadoResponse } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreviewModal } from './preview-modal';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const preview: PreviewEstampadoResponse = {
  success: true,
  plantilla: { id: 1, nombre: 'Búsqueda positiva' },
  titulo: 'Búsqueda positiva C-100-2026',
  datos: {},
  texto: 'CERTIFICO: que busqué al demandado. DOY FE.',
  marcadores_faltantes: [],
  advertencias: [],
  receptor_incompleto: [],
};

function renderModal() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PreviewModal preview={preview} onClose={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PreviewModal', () => {
  it('says the certificate will be Word only when the server has no PDF converter', async () => {
    const fetchMock = vi.fn(async () => json({ status: 'ok', conversor_pdf: null }));
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect((await screen.findByTestId('sin-conversor-pdf')).textContent).toBe(estampadoMessages.sinConversorPdf);
    expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toBe('/health');
  });

  it('says nothing of it when LibreOffice or Gotenberg converts', async () => {
    const fetchMock = vi.fn(async () => json({ status: 'ok', conversor_pdf: 'libreoffice' }));
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect(await screen.findByTestId('preview-texto')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('sin-conversor-pdf')).toBeNull();
  });
});
