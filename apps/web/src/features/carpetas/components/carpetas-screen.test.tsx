import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarpetasScreen } from './carpetas-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <CarpetasScreen />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CarpetasScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens a configured folder in a new tab and disables the one without a link', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(200, { estampados_link: 'https://drive.google.com/drive/folders/e', cobranza_link: null }));
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderScreen();

    expect(screen.getByText('Cargando carpetas...')).toBeTruthy();
    const abrir = await screen.findByRole('button', { name: 'Abrir carpeta Estampados' });
    const sinLink = screen.getByRole('button', { name: 'Link no configurado' });
    expect(sinLink.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Carpetas' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/configuracion/carpetas/links/');

    fireEvent.click(abrir);
    expect(open).toHaveBeenCalledWith('https://drive.google.com/drive/folders/e', '_blank', 'noopener,noreferrer');
    expect(await screen.findByText('Abriendo carpeta de estampados')).toBeTruthy();
  });

  it('shows the error state after one retry and loads again with Reintentar', async () => {
    const answers = [
      () => json(503, { detail: 'caído' }),
      () => json(503, { detail: 'caído' }),
      () => json(200, { estampados_link: null, cobranza_link: 'https://docs.google.com/spreadsheets/d/c' }),
    ];
    const fetchMock = vi.fn(async () => (answers.shift() ?? answers[answers.length - 1]!)());
    vi.stubGlobal('fetch', fetchMock);
    // The retry waits on the clock: moved on by hand instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen();

    for (let wait = 0; wait < 5 && !screen.queryByText('Error al cargar carpetas'); wait += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(await screen.findByText('Error al cargar carpetas')).toBeTruthy();
    expect(screen.getByText('Error al cargar las carpetas. Verifica la configuración multi-tenant.')).toBeTruthy();
    expect(await screen.findByText('Error al cargar las carpetas')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Abrir carpeta Cobranza' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link no configurado' })).toBeTruthy();
  });
});
