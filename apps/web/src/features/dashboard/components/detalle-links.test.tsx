import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DetalleLinks } from './detalle-links';

afterEach(() => vi.unstubAllGlobals());

describe('DetalleLinks', () => {
  it('shows the count of every figure, the registered firms included', async () => {
    const body = {
      estadisticas: {
        flujo_trabajo: { preparado: { valor: 3 }, listo_para_estampar: { valor: 1 }, estampado: { valor: 8 } },
        encargos_activos: { valor: 1204 },
        diligencias_pendientes: { valor: 3 },
        diligencias_completadas: { valor: 9 },
        estudios_registrados: { valor: 12 },
      },
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })));
    render(
      <MantineProvider>
        <MemoryRouter>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <DetalleLinks />
          </QueryClientProvider>
        </MemoryRouter>
      </MantineProvider>,
    );
    const estudios = await screen.findByTestId('detalle-link-estudios-registrados');
    expect(await within(estudios).findByText('12')).toBeTruthy();
    expect(within(estudios).getByText('Estudios Registrados')).toBeTruthy();
    expect(within(screen.getByTestId('detalle-link-encargos-activos')).getByText('1.204')).toBeTruthy();
  });
});
