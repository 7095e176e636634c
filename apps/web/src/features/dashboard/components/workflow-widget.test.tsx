import { MantineProvider } from '@mantine/core';
import type { DashboardEstadisticas } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkflowWidget, workflowCounts } from './workflow-widget';

function estadisticas(preparado: number, listo: number, estampado: number): DashboardEstadisticas {
  return {
    flujo_trabajo: {
      preparado: { valor: preparado },
      listo_para_estampar: { valor: listo },
      estampado: { valor: estampado },
    },
    encargos_activos: { valor: preparado + listo },
    diligencias_pendientes: { valor: 0 },
    diligencias_completadas: { valor: 0 },
    estudios_registrados: { valor: 0 },
  };
}

describe('workflowCounts', () => {
  it('takes the three workflow counts of the answer', () => {
    expect(workflowCounts({ status: 'success', data: estadisticas(12, 4, 1530) })).toEqual({
      preparado: 12,
      listo_para_estampar: 4,
      estampado: 1530,
    });
  });

  it('shows 1 for each count when the request fails', () => {
    expect(workflowCounts({ status: 'error', data: estadisticas(12, 4, 30) })).toEqual({
      preparado: 1,
      listo_para_estampar: 1,
      estampado: 1,
    });
  });
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const bubble = (estado: string) => screen.getByTestId(`flujo-${estado}-valor`).textContent;

describe('WorkflowWidget', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes the counts every 5 seconds and shows 1 each while the server fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: (() => Response)[] = [
      () => json({ estadisticas: estadisticas(3, 2, 1500) }),
      () => json({ estadisticas: estadisticas(2, 3, 1500) }),
      () => new Response('{"detail":"falla"}', { status: 503 }),
      () => json({ estadisticas: estadisticas(2, 2, 1501) }),
    ];
    const fetchMock = vi.fn(async () => (answers.shift() ?? answers[answers.length - 1]!)());
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <WorkflowWidget />
        </QueryClientProvider>
      </MantineProvider>,
    );

    expect(await screen.findByText('1.500')).toBeTruthy();
    expect([bubble('preparado'), bubble('listo_para_estampar')]).toEqual(['3', '2']);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect([bubble('preparado'), bubble('listo_para_estampar')]).toEqual(['2', '3']);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect([bubble('preparado'), bubble('listo_para_estampar'), bubble('estampado')]).toEqual(['1', '1', '1']);

    // Polling goes on after a failure and picks up the real counts again.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect([bubble('preparado'), bubble('listo_para_estampar'), bubble('estampado')]).toEqual(['2', '2', '1.501']);
  });
});
