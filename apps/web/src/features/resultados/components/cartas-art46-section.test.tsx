import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ColaResponse, todayIso, visitaMessages } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session-storage';
import { ResultadosDashboardScreen } from './resultados-dashboard-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cola = (cartas: ColaResponse['cartas_art46']): ColaResponse => ({
  esperando_resultados: [],
  esperando_estampado: [],
  totales: { esperando_resultados: 0, esperando_estampado: 0 },
  cartas_art46: cartas,
});

const VENCIDA = { encargo_id: 7, numero_rol: 'C-100-2026', vence: '2026-03-16', estado: 'vencida' as const };
const PENDIENTE = { encargo_id: 8, numero_rol: 'C-200-2026', vence: '2026-11-30', estado: 'pendiente' as const };

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ResultadosDashboardScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the work queue’s art. 46 letters', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists each letter with its rol, due date and overdue mark; without letters it says so', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, cola([VENCIDA, PENDIENTE]))));
    const { unmount } = renderScreen();
    const vencida = await screen.findByTestId('carta-art46-7');
    expect(vencida.getAttribute('data-estado')).toBe('vencida');
    expect(within(vencida).getByRole('link', { name: 'C-100-2026' }).getAttribute('href')).toBe('/diligencias?rol=C-100-2026&id=7');
    expect(within(vencida).getByText('Vence 16-03-2026')).toBeTruthy();
    expect(within(vencida).getByText('Vencida')).toBeTruthy();
    const pendiente = screen.getByTestId('carta-art46-8');
    expect(within(pendiente).getByText('Vence 30-11-2026')).toBeTruthy();
    expect(within(pendiente).queryByText('Vencida')).toBeNull();
    unmount();

    vi.stubGlobal('fetch', vi.fn(async () => json(200, cola([]))));
    renderScreen();
    expect(await screen.findByText('No hay cartas certificadas por enviar')).toBeTruthy();
  });

  it("'Registrar envío' checks the form, posts the sending, shows the API's words and reloads the queue", async () => {
    sessionStore.setSession({ access: 'a', refresh: 'r', user: { id: 1, username: 'receptora' } });
    let enviada = false;
    const posts: unknown[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/encargos/7/carta_art46/')) {
        const body = JSON.parse(String(init?.body)) as { numero_seguimiento: string };
        posts.push(body);
        if (body.numero_seguimiento === 'RR1') {
          return json(400, { detail: visitaMessages.fechaEnvioAnterior, errors: { fecha_envio: [visitaMessages.fechaEnvioAnterior] } });
        }
        enviada = true;
        return json(201, { message: visitaMessages.cartaRegistrada, carta: {}, plazos_cumplidos: 1 });
      }
      return json(200, cola(enviada ? [PENDIENTE] : [VENCIDA, PENDIENTE]));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();

    fireEvent.click(await screen.findByRole('button', { name: 'Registrar envío de la carta del rol C-100-2026' }));
    const form = await screen.findByTestId('carta-art46-form');
    const fecha = within(form).getByLabelText(/Fecha de envío/) as HTMLInputElement;
    expect(fecha.value).toBe(todayIso());
    expect(fecha.max).toBe(todayIso());

    // Required tracking number and a date in the future: refused before any call.
    fireEvent.change(fecha, { target: { value: '2999-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar envío' }));
    expect(await within(form).findByText(visitaMessages.numeroSeguimientoRequerido)).toBeTruthy();
    expect(within(form).getByText(visitaMessages.fechaEnvioFutura)).toBeTruthy();
    expect(posts).toEqual([]);

    // The API's refusal is shown in its words.
    fireEvent.change(fecha, { target: { value: todayIso() } });
    fireEvent.change(within(form).getByLabelText(/Número de seguimiento/), { target: { value: 'RR1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar envío' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', visitaMessages.fechaEnvioAnterior);

    fireEvent.change(within(form).getByLabelText(/Número de seguimiento/), { target: { value: 'rr123456789cl' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar envío' }));
    expect(await screen.findByText(visitaMessages.cartaRegistrada)).toBeTruthy();
    expect(posts.at(-1)).toEqual({ fecha_envio: todayIso(), numero_seguimiento: 'rr123456789cl' });
    await waitFor(() => expect(screen.queryByTestId('carta-art46-7')).toBeNull());
    expect(screen.getByTestId('carta-art46-8')).toBeTruthy();
    const headers = new Headers(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/carta_art46/'))?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer a');
  });
});
