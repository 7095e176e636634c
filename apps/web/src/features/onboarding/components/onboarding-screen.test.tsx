import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnboardingScreen } from './onboarding-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const configuracion = {
  database_name: 'receptoria_receptor',
  carpeta_principal_url: '',
  carpeta_cobranza_url: '',
  carpeta_estampados_url: '',
  carpeta_plantillas_url: '',
};

const clientes = [
  {
    id: 1,
    nombre: 'Receptor Judicial Principal',
    rut: '',
    direccion: '',
    comuna: '',
    telefono: '',
    email: '',
    activo: true,
    fecha_creacion: '2025-01-02T12:00:00.000Z',
    num_usuarios: 3,
    configuracion,
    servidor_id: 1,
  },
  {
    id: 2,
    nombre: 'Receptora Ana Torres',
    rut: '12345678-5',
    direccion: '',
    comuna: 'Santiago',
    telefono: '',
    email: 'ana@torres.cl',
    activo: false,
    fecha_creacion: '2025-02-02T12:00:00.000Z',
    num_usuarios: 1,
    configuracion,
    servidor_id: 1,
  },
];

function stubServer(onPost?: (url: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST' && onPost) return onPost(url, JSON.parse(String(init.body)));
    if (url.endsWith('/onboarding/clientes/')) return json(200, { clientes });
    if (url.endsWith('/onboarding/estadisticas/')) return json(200, { total_receptores: 2, total_usuarios: 4, receptores_activos: 1 });
    return json(404, { detail: 'No encontrado.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen() {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <OnboardingScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('OnboardingScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the counters and one row per client with its state, RUT and users', async () => {
    stubServer();
    renderScreen();

    expect(await screen.findByText('Receptora Ana Torres')).toBeTruthy();
    expect(screen.getByText('Total Clientes')).toBeTruthy();
    expect(screen.getByTestId('total-clientes').textContent).toBe('2');
    expect(screen.getByTestId('total-usuarios').textContent).toBe('4');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Cliente', 'Estado', 'RUT', 'Usuarios', 'Acciones']);
    const row = within(screen.getByTestId('cliente-row-2'));
    expect(row.getByText('Inactivo')).toBeTruthy();
    expect(row.getByText('12.345.678-5')).toBeTruthy();
    expect(row.getByText('1')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Ver Receptora Ana Torres' })).toBeTruthy();
  });

  it('suggests the username from the name only while the username field is empty', async () => {
    stubServer();
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo Cliente' }));

    const nombre = await screen.findByLabelText(/Nombre del receptor/);
    const username = screen.getByLabelText(/Nombre de usuario/) as HTMLInputElement;
    // Typing the name while the username is empty: the suggestion follows what is typed.
    fireEvent.focus(nombre);
    fireEvent.change(nombre, { target: { value: 'Juan' } });
    expect(username.value).toBe('receptor_juan');
    fireEvent.change(nombre, { target: { value: 'Juan Pérez & Cía.' } });
    expect(username.value).toBe('receptor_juan_p_rez_c_a_');
    fireEvent.blur(nombre);

    // Once the username has a value (here the suggestion) a later name edit leaves it.
    fireEvent.focus(nombre);
    fireEvent.change(nombre, { target: { value: 'Juan Pérez' } });
    expect(username.value).toBe('receptor_juan_p_rez_c_a_');
    fireEvent.blur(nombre);

    fireEvent.change(username, { target: { value: 'jperez' } });
    fireEvent.focus(nombre);
    fireEvent.change(nombre, { target: { value: 'Otro Nombre' } });
    expect(username.value).toBe('jperez');
    fireEvent.blur(nombre);

    // Emptied by the user: suggested again from the name.
    fireEvent.change(username, { target: { value: '' } });
    fireEvent.focus(nombre);
    fireEvent.change(nombre, { target: { value: 'Otro Nombre 2' } });
    expect(username.value).toBe('receptor_otro_nombre_2');
    const cargo = screen.getAllByLabelText(/Cargo/).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
    expect(cargo.value).toBe('Receptor');
  });

  it("shows the server's field error when the creation is refused", async () => {
    const posted: unknown[] = [];
    stubServer((_url, body) => {
      posted.push(body);
      return json(409, {
        detail: 'Ya existe un usuario con ese nombre de usuario.',
        errors: { username: ['Ya existe un usuario con ese nombre de usuario.'] },
      });
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo Cliente' }));
    await screen.findByLabelText(/Nombre del receptor/);
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.focus(screen.getByLabelText(/Nombre del receptor/));
    fill(/Nombre del receptor/, 'Receptor Uno');
    fill(/^RUT/, '12345678-5');
    fill(/^Nombre\b(?! del| de usuario)/, 'Ana');
    fill(/Apellido/, 'Torres');
    fill(/Contraseña/, 'clave-segura-1');
    fill(/Correo del usuario/, 'ana@torres.cl');
    fireEvent.click(screen.getByRole('button', { name: 'Crear Cliente' }));

    expect((await screen.findAllByText('Ya existe un usuario con ese nombre de usuario.')).length).toBeGreaterThan(0);
    expect(posted[0]).toMatchObject({ nombre: 'Receptor Uno', username: 'receptor_receptor_uno', cargo: 'receptor', rut: '12345678-5' });
  });
});

describe('client detail: editing the receiver’s identity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves name, RUT and title through the admin route with the version read', async () => {
    const receptor = { ...clientes[1]!, titulo: '', version: 5 };
    const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ url, body });
        return json(200, { ...receptor, ...body, version: 6, message: 'Datos del receptor guardados' });
      }
      if (url.endsWith('/onboarding/clientes/2/')) {
        return json(200, { receptor, configuracion, usuarios: [], num_usuarios: 0 });
      }
      if (url.endsWith('/onboarding/clientes/')) return json(200, { clientes });
      if (url.endsWith('/onboarding/estadisticas/')) return json(200, { total_receptores: 2, total_usuarios: 4, receptores_activos: 1 });
      return json(404, { detail: 'No encontrado.' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();

    fireEvent.click(await screen.findByRole('button', { name: 'Ver Receptora Ana Torres' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const detalle = within(await screen.findByTestId('cliente-detalle'));
    // The client's own mail, from its detail (Correo saliente of that receiver).
    expect(detalle.getByRole('link', { name: 'Correo saliente' }).getAttribute('href')).toBe('/correo-saliente?cliente=2');
    fireEvent.change(detalle.getByLabelText(/^Título/), { target: { value: 'Receptora Judicial de Santiago' } });
    fireEvent.click(detalle.getByRole('button', { name: 'Guardar datos' }));

    expect(await screen.findByText('Datos del receptor guardados')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: '/api/v1/onboarding/clientes/2/receptor/',
        body: expect.objectContaining({ nombre: 'Receptora Ana Torres', rut: '12345678-5', titulo: 'Receptora Judicial de Santiago', version: 5 }),
      },
    ]);
  });
});
