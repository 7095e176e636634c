import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredModals } from '../../../app/modals/deferred-modals';
import { sessionStore } from '../../../lib/session-storage';
import { PlantillasScreen } from './plantillas-screen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const plantilla = {
  id: 3,
  nombre: 'plantilla_busqueda_positiva_receptoria',
  receptor: 'Receptora Demo',
  fechaModificacion: '2025-03-10T12:00:00-03:00',
  modificadoPor: 'admin',
  tipoEstampado: 'Búsqueda positiva',
  tipoEstampadoId: 1,
  url: null,
  url_descarga: '/estampados/api/plantillas/3/archivo',
  personalizada: false,
};

const TIPOS = [
  { id: 1, codigo: 'busqueda_positiva', nombre: 'Búsqueda positiva', valor_por_defecto: 35000, orden: 1 },
  { id: 2, codigo: 'notificacion_personal', nombre: 'Notificación personal', valor_por_defecto: 40000, orden: 2 },
];

function renderScreen() {
  return render(
    <MantineProvider>
      <DeferredModals />
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PlantillasScreen />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PlantillasScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('loads both lists from the stamp service with the user header, and creates a template trimmed', async () => {
    sessionStore.setSession({ access: 'a', refresh: 'r', user: { id: 1, username: 'receptor_ana' } });
    let created = false;
    let release: () => void = () => undefined;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/plantillas/crear-nueva')) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        created = true;
        return json(201, { success: true, message: 'ok', plantilla: { ...plantilla, id: 4, nombre: 'plantilla_nueva_receptoria' } });
      }
      if (url.endsWith('/estampados/tipos')) return json(200, TIPOS);
      if (url.endsWith('/plantillas/marcadores-referencia')) {
        return json(200, { success: true, marcadores: [{ marcador: 'numero_rol', descripcion: 'Rol de la causa' }, { marcador: 'otro', descripcion: '' }] });
      }
      return json(200, { success: true, plantillas: created ? [plantilla, { ...plantilla, id: 4, nombre: 'plantilla_nueva_receptoria' }] : [plantilla] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen();

    expect(await screen.findByText('plantilla_busqueda_positiva_receptoria')).toBeTruthy();
    expect(within(screen.getByTestId('plantilla-3')).getByText('Búsqueda positiva')).toBeTruthy();
    expect(screen.getByText(/10\/03\/2025/)).toBeTruthy();
    expect(screen.getByText('<<numero_rol>>')).toBeTruthy();
    expect(screen.getByText('Sin descripción')).toBeTruthy();
    const first = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/plantillas'));
    expect(String(first?.[0])).toMatch(/^\/estampados\/api\/plantillas/);
    expect((first?.[1]?.headers as Record<string, string>)['X-User-Id']).toBe('receptor_ana');

    const button = screen.getByRole('button', { name: 'Crear Plantilla' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Nombre de la plantilla/ }), { target: { value: '  nueva ' } });
    expect(screen.getByText('Se guardará como plantilla_nueva_receptoria')).toBeTruthy();
    // Without a stamp type nothing is sent: the select says why.
    fireEvent.click(screen.getByRole('button', { name: 'Crear Plantilla' }));
    expect((await screen.findAllByText('Debes seleccionar un tipo de estampado')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/crear-nueva'))).toBe(false);

    const tipo = screen.getByPlaceholderText('Seleccione el tipo de estampado');
    tipo.focus();
    fireEvent.change(tipo, { target: { value: 'Notific' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Notificación personal', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear Plantilla' }));
    expect(await screen.findByRole('button', { name: 'Creando...' })).toBeTruthy();
    release();

    expect(await screen.findByText('¡Plantilla creada exitosamente!')).toBeTruthy();
    expect(await screen.findByText('plantilla_nueva_receptoria')).toBeTruthy();
    const create = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/crear-nueva'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ nombre_plantilla: 'nueva', tipo_estampado: 2 });
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Nombre de la plantilla/ }) as HTMLInputElement).value).toBe(''));
  });

  it('shows the empty state, and the load failure with empty lists', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, plantillas: [], marcadores: [] })));
    const { unmount } = renderScreen();
    expect(await screen.findByText('No se encontraron plantillas')).toBeTruthy();
    expect(screen.getByText('Cree su primera plantilla usando el formulario de arriba')).toBeTruthy();
    unmount();

    vi.stubGlobal('fetch', vi.fn(async () => json(500, { detail: 'caído' })));
    // The retry waits on the clock: moved on by hand instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen();
    // Queries retry once (spec 02 §9) before the failure shows.
    for (let wait = 0; wait < 5 && screen.queryAllByText('Error al cargar datos de plantillas').length === 0; wait += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    expect((await screen.findAllByText('Error al cargar datos de plantillas')).length).toBeGreaterThan(0);
    expect(screen.getByText('No se encontraron plantillas')).toBeTruthy();
    expect(screen.getByText('No hay marcadores disponibles')).toBeTruthy();
  });

  it('says which markers are unknown, stores nothing, and keeps the file only when asked to', async () => {
    const puts: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        puts.push(url);
        if (url.includes('aceptar_desconocidos=1')) {
          return json(200, {
            success: true,
            message: 'Plantilla actualizada',
            plantilla: { ...plantilla, personalizada: true },
            verificacion: { success: true, valida: false, marcadores: ['marcador_inventado'], marcadores_desconocidos: ['marcador_inventado'], errores: [] },
            advertencias: ['marcador_inventado'],
          });
        }
        return json(422, {
          detail: 'La plantilla tiene marcadores desconocidos: <<marcador_inventado>>',
          marcadores_desconocidos: ['marcador_inventado'],
        });
      }
      if (url.endsWith('/estampados/tipos')) return json(200, TIPOS);
      if (url.endsWith('/plantillas/marcadores-referencia')) return json(200, { success: true, marcadores: [] });
      return json(200, { success: true, plantillas: [plantilla] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderScreen();
    expect(await screen.findByText('plantilla_busqueda_positiva_receptoria')).toBeTruthy();
    const file = new File(['PK'], 'mia.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;

    // First time: the user goes back to fix the file; nothing was stored.
    fireEvent.change(input(), { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reemplazar' }));
    expect(await screen.findByTestId('marcadores-desconocidos')).toBeTruthy();
    expect(screen.getByTestId('marcadores-desconocidos').textContent).toBe('La plantilla tiene marcadores desconocidos: <<marcador_inventado>>');
    fireEvent.click(screen.getByRole('button', { name: 'Corregir el archivo' }));
    expect(await screen.findByText('La plantilla no se guardó')).toBeTruthy();
    expect(puts).toHaveLength(1);

    // Second time: 'Guardar de todos modos' sends it again with aceptar_desconocidos=1.
    fireEvent.change(input(), { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reemplazar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar de todos modos' }));
    expect(await screen.findByText('Plantilla actualizada con marcadores desconocidos: <<marcador_inventado>>')).toBeTruthy();
    expect(puts).toHaveLength(3);
    expect(puts[2]).toMatch(/\/plantillas\/3\/archivo\?aceptar_desconocidos=1$/);
  });
});
