import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DeferredModals } from '../../../app/modals/deferred-modals';
import { NuevaSolicitudScreen } from '../components/nueva-solicitud-screen';
import { PortalSessionProvider } from '../lib/portal-session';
import { portalSessionStore } from '../lib/portal-session-storage';

/** The portal's catalogues as GET /portal/catalogos/ answers them: one of each. */
export const CATALOGOS = {
  tribunales: [{ id: 4, nombre: '1° Juzgado Civil de Santiago' }],
  tipos_causa: [{ id: 1, nombre: 'Ejecutiva' }],
  tipos_encargo: [{ id: 2, nombre: 'Notificación' }],
  partes_demandantes: [{ id: 9, nombre: 'Banco de Chile' }],
  comunas: [{ id: 1, nombre: 'Providencia', region: 'Metropolitana' }],
};

/** A file that starts as a PDF does. */
export const pdf = (name: string) => new File(['%PDF-1.4\n1 0 obj\n'], name, { type: 'application/pdf' });

/** The input labelled `label` (a select's list is labelled by it too). */
export const field = (label: string) => screen.getAllByLabelText(label, { exact: false }).find((element) => element.tagName === 'INPUT') as HTMLInputElement;

/** Nueva solicitud for a signed-in lawyer of firm 3, with a fresh query client. */
export function renderNuevaSolicitud() {
  portalSessionStore.setSession({
    access: 'portal-access',
    refresh: 'portal-refresh',
    user: { id: 7, nombre: 'Ana', email: 'ana@estudio.cl', estudio: { id: 3, nombre: 'Estudio' }, receptor: { id: 1, nombre: 'Receptora' } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <DeferredModals />
        <MemoryRouter>
          <PortalSessionProvider>
            <NuevaSolicitudScreen />
          </PortalSessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
