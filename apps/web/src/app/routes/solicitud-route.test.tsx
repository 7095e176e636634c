import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Solicitud } from '@receptoria/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredModals } from '../modals/deferred-modals';
import { SessionContext } from '../../lib/auth/session-context';
import { json, sessionWith, stubApi } from '../../testing/render-with-session';
import { SolicitudRoute, solicitudFormValues } from './solicitud-route';

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
  clave_api: null,
  remitente: 'Andrea Vial',
  creada_en: '2026-11-26T10:00:00-03:00',
  resuelta_en: null,
  encargo_id: null,
  motivo_rechazo: null,
};

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
  // Registering it (POST /solicitudes/{id}/aceptar/ with the checked form) runs in the browser test e2e/tests/portal.spec.ts.
  it('starts Nuevo Encargo from what the firm sent: its firm, parties, rol and addresses', () => {
    const values = solicitudFormValues(SOLICITUD as unknown as Solicitud);
    expect(values).toMatchObject({
      estudio_juridico: '3',
      parte_demandante: '9',
      tribunal: '4',
      numero_rol: 'C-7788-2026',
      partes: 'Banco de Chile con Rodrigo Fuentes',
      rut_ejecutado: '12345678-5',
      cuantia: 1500000,
      fecha_demanda: '2026-04-01',
      observaciones_encargo: 'Es urgente',
      domicilios: [{ direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    });
  });

  it('a request no longer pending is not offered again', async () => {
    stubApi({ 'GET /api/v1/solicitudes/5/': () => json({ solicitud: { ...SOLICITUD, estado: 'rechazada', motivo_rechazo: 'Duplicada' } }) });
    renderRoute();
    expect(await screen.findByText('La solicitud no existe o ya no está pendiente.')).toBeTruthy();
  });
});
