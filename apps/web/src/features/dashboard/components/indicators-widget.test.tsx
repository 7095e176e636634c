import { MantineProvider } from '@mantine/core';
import type { IndicadoresResponse } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INDICADORES_REFRESH_MS, indicadoresQueryOptions } from '../api/get-indicadores';
import { IndicatorsWidget, indicatorsView } from './indicators-widget';

const live: IndicadoresResponse = {
  success: true,
  fuente: 'mindicador',
  indicadores: {
    uf: { valor: 39643.59, fecha: '2025-11-21' },
    ipc: { valor: 0.4, fecha: '2025-10-01' },
    dolar: { valor: 1234.56, fecha: '2025-11-21' },
  },
};

const shown = (view: ReturnType<typeof indicatorsView>) => view?.items.map((item) => [item.label, item.value]);

describe('indicatorsView', () => {
  it('shows UF in pesos without decimals, IPC as a percent with one decimal, the dollar with one decimal', () => {
    const view = indicatorsView({ status: 'success', data: live });
    expect(shown(view)).toEqual([
      ['UF', '$39.644'],
      ['IPC', '0,4%'],
      ['Dólar', '$1.234,6'],
    ]);
    expect(view?.notice).toBeNull();
    expect(view?.items.map((item) => item.fecha)).toEqual(['2025-11-21', '2025-10-01', '2025-11-21']);
  });

  it("labels the server's fallback values 'Datos de respaldo'", () => {
    for (const fuente of ['respaldo', 'defecto'] as const) {
      const view = indicatorsView({ status: 'success', data: { ...live, success: false, fuente } });
      expect(view?.notice).toBe('Datos de respaldo');
      expect(view?.items[0]?.value).toBe('$39.644');
    }
  });

  it("shows the fixed defaults labelled 'Error de conexión' when the request fails", () => {
    const view = indicatorsView({ status: 'error', data: live });
    expect(shown(view)).toEqual([
      ['UF', '$39.200'],
      ['IPC', '0,3%'],
      ['Dólar', '$950,0'],
    ]);
    expect(view?.notice).toBe('Error de conexión');
    expect(view?.items.every((item) => item.fecha === null)).toBe(true);
  });

  it('shows nothing while loading', () => {
    expect(indicatorsView({ status: 'pending' })).toBeNull();
  });

  it('refreshes every hour', () => {
    expect(INDICADORES_REFRESH_MS).toBe(3_600_000);
    expect(indicadoresQueryOptions().refetchInterval).toBe(3_600_000);
  });
});

function renderWidget(fetchImpl: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <IndicatorsWidget />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('IndicatorsWidget', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the values of the server with their dates', async () => {
    renderWidget(async () => json(live));
    expect(await screen.findByText('$39.644')).toBeTruthy();
    expect(screen.getByText('0,4%')).toBeTruthy();
    expect(screen.getByText('$1.234,6')).toBeTruthy();
    expect(screen.getAllByText('21/11/2025')).toHaveLength(2);
    expect(screen.queryByText('Datos de respaldo')).toBeNull();
  });

  it("labels a fallback answer 'Datos de respaldo'", async () => {
    renderWidget(async () => json({ ...live, success: false, fuente: 'respaldo' }));
    expect(await screen.findByText('Datos de respaldo')).toBeTruthy();
    expect(screen.getByText('$39.644')).toBeTruthy();
  });

  it("shows the defaults and 'Error de conexión' when the server cannot be reached", async () => {
    renderWidget(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByText('Error de conexión')).toBeTruthy();
    expect(screen.getByText('$39.200')).toBeTruthy();
    expect(screen.getByText('0,3%')).toBeTruthy();
    expect(screen.getByText('$950,0')).toBeTruthy();
  });

  it("shows the defaults and 'Error de conexión' when the server answers an error", async () => {
    renderWidget(async () => new Response('{"detail":"falla"}', { status: 500 }));
    expect(await screen.findByText('Error de conexión')).toBeTruthy();
    expect(screen.getByText('$39.200')).toBeTruthy();
  });
});
