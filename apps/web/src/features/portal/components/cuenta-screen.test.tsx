import { MantineProvider } from '@mantine/core';
import type { PortalEstadoCuentaResponse } from '@receptoria/contracts';
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

/** A page of the firm's account as the API answers it: 250 movements, 100 a page. */
function cuenta(movimientosPage: number): PortalEstadoCuentaResponse {
  return {
    estudio: USER.estudio,
    hasta: '2026-11-26',
    saldo: 4_600_000,
    credito: 0,
    antiguedad: { d0_30: 0, d31_60: 0, d61_90: 0, d90_mas: 4_600_000 },
    recibos_abiertos: [],
    movimientos: [
      {
        fecha: '2026-02-01',
        tipo: 'recibo',
        descripcion: `Recibo de la página ${movimientosPage}`,
        recibo_id: 100 + movimientosPage,
        pago_id: null,
        cargo: 20_000,
        abono: 0,
        saldo: 20_000,
      },
    ],
    recibos_abiertos_total: 0,
    movimientos_total: 250,
  };
}

function renderCuenta() {
  portalSessionStore.setSession({ access: 'portal-access-1', refresh: 'portal-refresh-1', user: USER });
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/portal/cuenta']}>
        <Routes>
          <Route path="/portal/*" element={<PortalApp />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('Cuenta', () => {
  it('pages the firm’s movements back from the most recent, as the office’s statement does', async () => {
    const calls = stubApi({
      'GET /api/v1/portal/recibos/': () => json({ count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/v1/portal/estado_cuenta/': ({ url }) => json(cuenta(Number(new URL(url, 'http://x').searchParams.get('movimientos_page') ?? 1))),
    });
    renderCuenta();
    expect(await screen.findByText('Recibo de la página 1')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/portal/estado_cuenta/'))!.url).not.toContain('movimientos_page');
    const paginas = screen.getByTestId('portal-movimientos-paginas');
    expect(paginas.textContent).toContain('Página 1 de 3 · 250 movimientos');
    expect(within(paginas).getByRole('button', { name: 'Más recientes' })).toHaveProperty('disabled', true);

    fireEvent.click(within(paginas).getByRole('button', { name: 'Anteriores' }));
    expect(await screen.findByText('Recibo de la página 2')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/portal/estado_cuenta/')).at(-1)!.url).toContain('/portal/estado_cuenta/?movimientos_page=2');
    fireEvent.click(within(screen.getByTestId('portal-movimientos-paginas')).getByRole('button', { name: 'Anteriores' }));
    expect(await screen.findByText('Recibo de la página 3')).toBeTruthy();
    expect(screen.getByTestId('portal-movimientos-paginas').textContent).toContain('Página 3 de 3');
    expect(within(screen.getByTestId('portal-movimientos-paginas')).getByRole('button', { name: 'Anteriores' })).toHaveProperty('disabled', true);

    fireEvent.click(within(screen.getByTestId('portal-movimientos-paginas')).getByRole('button', { name: 'Más recientes' }));
    expect(await screen.findByText('Recibo de la página 2')).toBeTruthy();
    expect(screen.getByTestId('portal-saldo').textContent).toContain('4.600.000');
  });

  it('shows each receipt’s payments, the retention the firm keeps and the balance, so that they add up to its total', async () => {
    const recibo = {
      id: 31,
      numero: 31,
      estudio: USER.estudio,
      fecha: '2026-03-20',
      observaciones: '',
      subtotal: 95_000,
      rebaja: 0,
      total: 95_000,
      pagado: 50_000,
      retenido: 14_488,
      saldo: 30_512,
      estado: 'pagado_parcial',
      boleta: { numero_boleta: '881', fecha: '2026-03-21', retiene: 'pagador', bruto: 95_000, tasa: 15.25, retencion: 14_488, liquido: 80_512 },
      anulacion: null,
      creado_en: '2026-03-20T10:00:00-03:00',
      cantidad_diligencias: 2,
      url: '/api/v1/portal/recibos/31/pdf/',
    };
    stubApi({
      'GET /api/v1/portal/recibos/': () => json({ count: 1, page: 1, page_size: 20, results: [recibo] }),
      'GET /api/v1/portal/estado_cuenta/': () => json({ ...cuenta(1), movimientos_total: 1 }),
    });
    renderCuenta();
    const montos = await screen.findByTestId('portal-recibo-montos');
    expect(montos.textContent).toBe('20/03/2026 · Pagado: $ 50.000 · Retención: $ 14.488 · Saldo pendiente: $ 30.512');
  });

  it('shows no page controls when the movements fit in one page', async () => {
    stubApi({
      'GET /api/v1/portal/recibos/': () => json({ count: 0, page: 1, page_size: 20, results: [] }),
      'GET /api/v1/portal/estado_cuenta/': () => json({ ...cuenta(1), movimientos_total: 1 }),
    });
    renderCuenta();
    expect(await screen.findByText('Recibo de la página 1')).toBeTruthy();
    expect(screen.queryByTestId('portal-movimientos-paginas')).toBeNull();
  });
});
