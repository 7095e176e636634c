import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredModals } from '../modals/deferred-modals';
import { SessionContext } from '../../lib/auth/session-context';
import { json, sessionWith, stubApi } from '../../testing/render-with-session';
import { SolicitudRoute } from './solicitud-route';

afterEach(() => vi.unstubAllGlobals());

const DATOS = {
  fecha_encargo: '2026-11-26',
  parte_demandante: 9,
  tribunal: 4,
  numero_rol: 'C-7788-2026',
  tipo_causa: 1,
  tipo_encargo: 2,
  partes: 'Banco de Chile con Rodrigo Fuentes',
  fecha_retiro: '2026-11-26',
  fecha_demanda: '2026-04-01',
  fecha_resolucion: '2026-04-15',
  cuantia: 1500000,
  rut_ejecutado: '12345678-5',
  ejecutados: 'Rodrigo Fuentes',
  domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
  observaciones_encargo: 'Es urgente',
};

const SOLICITUD = {
  id: 5,
  estado: 'pendiente',
  numero_rol: DATOS.numero_rol,
  partes: DATOS.partes,
  datos: DATOS,
  archivos: [
    { campo: 'demanda', nombre: 'demanda.pdf', bytes: 1200 },
    { campo: 'resolucion', nombre: 'resolucion.pdf', bytes: 900 },
  ],
  estudio: { id: 3, nombre: 'Larraín, Vial y Asociados' },
  usuario: { id: 7, nombre: 'Andrea Vial', email: 'andrea@estudio.cl' },
  creada_en: '2026-11-26T10:00:00-03:00',
  resuelta_en: null,
  encargo_id: null,
  motivo_rechazo: null,
};

function routes() {
  return stubApi({
    'GET /api/v1/solicitudes/5/': () => json({ solicitud: SOLICITUD }),
    'GET /api/v1/encargos/tribunales/': () => json([{ id: 4, nombre: '1° Juzgado Civil de Santiago' }]),
    'GET /api/v1/encargos/tipos/': () => json([{ id: 2, nombre: 'Notificación Personal' }]),
    'GET /api/v1/encargos/causas/': () => json([{ id: 1, nombre: 'Juicio Ejecutivo' }]),
    'GET /api/v1/estudios/': () =>
      json([{ id: 3, nombre: 'Larraín, Vial y Asociados', activo: true, partes_demandantes: [{ id: 9, nombre: 'Banco de Chile', activo: true }] }]),
    'GET /api/v1/encargos/buscar_por_rol/': () => json({ detail: 'No encontrado' }, 404),
    'POST /api/v1/solicitudes/5/aceptar/': () => json({ encargo_id: 41, solicitud: { ...SOLICITUD, estado: 'aceptada', encargo_id: 41 } }, 201),
  });
}

/** Nuevo Encargo asks before leaving with unsaved data: it needs a data router. */
function renderRoute() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/solicitudes/:id',
        element: (
          <QueryClientProvider client={client}>
            <DeferredModals />
            <SolicitudRoute />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/solicitudes/5'] },
  );
  return render(
    <MantineProvider>
      <SessionContext.Provider value={sessionWith([])}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </MantineProvider>,
  );
}

describe('a request opened in Nuevo Encargo', () => {
  it('starts from what the firm sent: the firm, the rol, the addresses', async () => {
    routes();
    renderRoute();
    expect((await screen.findByTestId('solicitud-revision')).textContent).toContain('Andrea Vial');
    const rol = (await screen.findAllByLabelText('Número de rol', { exact: false })).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(rol.value).toBe('C-7788-2026');
    const direccion = screen.getAllByLabelText('Dirección', { exact: false }).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
    expect(direccion.value).toBe('Av. Providencia 1234');
  });

  it("registering it accepts the request with Nuevo Encargo's body instead of creating an assignment", async () => {
    const calls = routes();
    renderRoute();
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar Encargo' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/solicitudes/5/aceptar/')).toBe(true));
    expect(calls.find((call) => call.url === '/api/v1/solicitudes/5/aceptar/')?.body).toMatchObject({
      estudio_juridico: 3,
      parte_demandante: 9,
      numero_rol: 'C-7788-2026',
      rut_ejecutado: '12345678-5',
      domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia' }],
    });
    expect(calls.some((call) => call.url === '/api/v1/nuevo_encargo/crear/')).toBe(false);
  });

  it('a request no longer pending is not offered again', async () => {
    stubApi({ 'GET /api/v1/solicitudes/5/': () => json({ solicitud: { ...SOLICITUD, estado: 'rechazada', motivo_rechazo: 'Duplicada' } }) });
    renderRoute();
    expect(await screen.findByText('La solicitud no existe o ya no está pendiente.')).toBeTruthy();
  });
});
