import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { auditoriaMessages, receptorMessages as contractMessages } from '@receptoria/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceptorScreen } from './receptor-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DATOS = {
  id: 1,
  nombre: 'María Angélica Fuentes Rojas',
  rut: '',
  direccion: 'Huérfanos 1160, oficina 712',
  comuna: 'Santiago',
  telefono: '',
  email: '',
  titulo: '',
  version: 3,
};

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReceptorScreen />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('ReceptorScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what certificates lack, and saves name, RUT and title with the version read', async () => {
    const sent: unknown[] = [];
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push(body);
        return json(200, { ...DATOS, ...body, rut: '15678901-1', version: 4, message: contractMessages.guardado });
      }
      return json(200, DATOS);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();

    expect(screen.getByRole('heading', { name: 'Mis datos de receptor' })).toBeTruthy();
    await screen.findByLabelText(/^RUT/);
    expect(screen.getByTestId('receptor-faltantes').textContent).toContain('Complete: RUT, título.');
    expect(input(/^Nombre del receptor/).value).toBe(DATOS.nombre);

    fireEvent.change(input(/^RUT/), { target: { value: '15.678.901-1' } });
    fireEvent.blur(input(/^RUT/));
    expect(input(/^RUT/).value).toBe('15678901-1');
    fireEvent.change(input(/^Título/), { target: { value: 'Receptora Judicial de Santiago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));

    expect(await screen.findByText(contractMessages.guardado)).toBeTruthy();
    expect(sent[0]).toMatchObject({ nombre: DATOS.nombre, rut: '15678901-1', titulo: 'Receptora Judicial de Santiago', version: 3 });
    await waitFor(() => expect(screen.queryByTestId('receptor-faltantes')).toBeNull());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/configuracion/receptor/');
  });

  it('refuses a RUT with a wrong check digit before sending anything', async () => {
    const fetchMock = vi.fn(async () => json(200, DATOS));
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    await screen.findByLabelText(/^RUT/);

    fireEvent.change(input(/^RUT/), { target: { value: '15678901-0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    expect(await screen.findByText('Formato: 12345678-9 (sin puntos)')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a change made meanwhile by someone else and reloads it', async () => {
    let reads = 0;
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        return json(409, { detail: auditoriaMessages.registroModificado, errors: { version: [auditoriaMessages.registroModificado] } });
      }
      reads += 1;
      return json(200, reads === 1 ? DATOS : { ...DATOS, nombre: 'Nombre cambiado por otra persona', version: 4 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();
    await screen.findByLabelText(/^RUT/);

    fireEvent.change(input(/^RUT/), { target: { value: '15678901-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    expect(await screen.findByTestId('conflicto-version')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: auditoriaMessages.recargar }));
    await waitFor(() => expect(input(/^Nombre del receptor/).value).toBe('Nombre cambiado por otra persona'));
    expect(screen.queryByTestId('conflicto-version')).toBeNull();
  });
});
