import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/render-with-session';
import { portalSessionStore } from '../lib/portal-session-storage';
import { PortalApp } from './portal-app';

afterEach(() => vi.unstubAllGlobals());

const USER = {
  id: 7,
  kind: 'portal',
  nombre: 'Ana Rojas',
  email: 'ana@estudio.cl',
  estudio: { id: 3, nombre: 'Larraín, Vial y Asociados' },
  receptor: { id: 1, nombre: 'María González Receptora' },
};

const documento = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  numero_rol: `C-${1000 + n}-2026`,
  tribunal: '1° Juzgado Civil de Santiago',
  tipo: 'Búsqueda positiva',
  fecha: '2026-03-0' + ((n % 9) + 1) + 'T10:00:00-03:00',
  firmado: false,
  url: `/estampados/api/estampados/documento/${n}/archivo?exp=1&firma=x&formato=pdf`,
  ...extra,
});

function renderDocumentos() {
  portalSessionStore.setSession({ access: 'portal-access-1', refresh: 'portal-refresh-1', user: USER });
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/portal/documentos']}>
        <Routes>
          <Route path="/portal/*" element={<PortalApp />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('Documentos', () => {
  it('lists the firm’s certificates from one request per page, each with its signed link, and pages through them', async () => {
    const calls = stubApi({
      'GET /api/v1/portal/documentos/': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const results = page === 1 ? [documento(1, { firmado: true, url: '/firmado/1' }), documento(2, { url: null })] : [documento(3)];
        return json({ count: 3, page, page_size: 2, results });
      },
    });
    renderDocumentos();
    const cards = await screen.findAllByTestId('portal-documento');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('C-1001-2026')).toBeTruthy();
    expect(within(cards[0]!).getByText('Firmado')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Descargar' }).getAttribute('href')).toBe('/firmado/1');
    expect(within(cards[1]!).getByText('Sin archivo aún')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    expect(screen.getByTestId('portal-documentos-total').textContent).toBe('3 certificados');

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('C-1003-2026')).toBeTruthy();
    expect(screen.getByText('Página 2 de 2')).toBeTruthy();
    // One request per page: the screen no longer opens each assignment.
    const urls = calls.map((call) => call.url);
    expect(urls.every((url) => url.startsWith('/api/v1/portal/documentos/'))).toBe(true);
    expect(urls.filter((url) => url.includes('page=2'))).toHaveLength(1);
  });

  it('filters by date range from page one, and refuses an inverted range without asking', async () => {
    const calls = stubApi({
      'GET /api/v1/portal/documentos/': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        return json(params.get('desde') ? { count: 0, page: 1, page_size: 20, results: [] } : { count: 1, page: 1, page_size: 20, results: [documento(1)] });
      },
    });
    renderDocumentos();
    expect(await screen.findByText('C-1001-2026')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-04-01' } });
    expect(await screen.findByText('No hay certificados entre esas fechas.')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('desde=2026-04-01');
    expect(calls.at(-1)!.url).toContain('page=1');
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('La fecha final no puede ser anterior a la inicial')).toBeTruthy();
    expect(calls).toHaveLength(before);
  });
});
