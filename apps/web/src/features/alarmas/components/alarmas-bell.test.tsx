import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlarmasBell } from './alarmas-bell';

afterEach(() => vi.unstubAllGlobals());

function renderBell(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })));
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AlarmasBell />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const alarma = (id: number, recordatorio: boolean) => ({
  id,
  encargo_id: id,
  numero_rol: `C-${id}-2026`,
  tipo: 'comparendo',
  fecha_hora: '2026-11-27T10:00:00-03:00',
  mensaje: '',
  recordatorio,
});

describe('AlarmasBell', () => {
  it('shows the count of upcoming alarms on the bell and says it to screen readers', async () => {
    renderBell({ total: 3, recordatorios: 0, alarmas: [alarma(1, false), alarma(2, false), alarma(3, false)] });
    expect((await screen.findByTestId('alarmas-bell-count')).textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Alarmas próximas: 3' })).toBeTruthy();
  });

  it('shows no badge when there is nothing coming', async () => {
    renderBell({ total: 0, recordatorios: 0, alarmas: [] });
    expect(await screen.findByRole('button', { name: 'Alarmas próximas' })).toBeTruthy();
    expect(screen.queryByTestId('alarmas-bell-count')).toBeNull();
  });
});
