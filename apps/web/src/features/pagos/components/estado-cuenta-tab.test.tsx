import type { EstadoCuenta } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { EstadoCuentaTab } from './estado-cuenta-tab';

afterEach(() => vi.unstubAllGlobals());

const estudios = [{ id: 1, nombre: 'Estudio Pérez' }];

/** A page of the statement as the API answers it: 250 movements (100 a page) and 230 open receipts (200 a page). */
function pagina(movimientosPage: number, abiertosPage: number): EstadoCuenta {
  return {
    estudio: estudios[0]!,
    hasta: '2026-11-26',
    saldo: 4_600_000,
    credito: 0,
    antiguedad: { d0_30: 0, d31_60: 0, d61_90: 0, d90_mas: 4_600_000 },
    recibos_abiertos: [{ id: abiertosPage, numero: 5000 + abiertosPage, fecha: '2026-01-10', total: 20_000, pagado: 0, retenido: 0, saldo: 20_000, dias: 320 }],
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
    recibos_abiertos_total: 230,
    movimientos_total: 250,
  };
}

describe('Cobranza › Estado de cuenta: open receipts', () => {
  it('shows the retention the firm keeps, so that total = paid + retention + balance', async () => {
    const fila = { id: 9, numero: 31, fecha: '2026-03-20', total: 95_000, pagado: 50_000, retenido: 14_488, saldo: 30_512, dias: 40 };
    stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () =>
        json({ ...pagina(1, 1), recibos_abiertos: [fila], recibos_abiertos_total: 2, movimientos_total: 1 }),
    });
    renderWithSession(<EstadoCuentaTab />, { path: '/cobranza?tab=estado-cuenta&estudio=1' });
    const tabla = await screen.findByTestId('estado-cuenta-abiertos');
    const celdas = (row: Element) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
    const [cabecera, recibo] = Array.from(tabla.querySelectorAll('tr'));
    expect(celdas(cabecera!)).toEqual(['Recibo N°', 'Fecha', 'Días', 'Total', 'Pagado', 'Retención', 'Saldo']);
    expect(celdas(recibo!)).toEqual(['31', '20-03-2026', '40', '$ 95.000', '$ 50.000', '$ 14.488', '$ 30.512']);
  });

});

describe('Cobranza › Estado de cuenta: pages', () => {
  it('pages the movements back from the most recent and the open receipts on from the oldest, from page one again for another date', async () => {
    const calls = stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        return json(pagina(Number(params.get('movimientos_page') ?? 1), Number(params.get('abiertos_page') ?? 1)));
      },
    });
    renderWithSession(<EstadoCuentaTab />, { path: '/cobranza?tab=estado-cuenta&estudio=1' });
    expect(await screen.findByText('Recibo de la página 1')).toBeTruthy();
    const movimientos = screen.getByTestId('estado-cuenta-movimientos-paginas');
    expect(movimientos.textContent).toContain('Página 1 de 3 · 250 movimientos');
    expect(within(movimientos).getByRole('button', { name: 'Más recientes' })).toHaveProperty('disabled', true);

    fireEvent.click(within(movimientos).getByRole('button', { name: 'Anteriores' }));
    expect(await screen.findByText('Recibo de la página 2')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('movimientos_page=2');
    expect(calls.at(-1)!.url).not.toContain('abiertos_page');
    fireEvent.click(within(screen.getByTestId('estado-cuenta-movimientos-paginas')).getByRole('button', { name: 'Anteriores' }));
    expect(await screen.findByText('Recibo de la página 3')).toBeTruthy();
    expect(within(screen.getByTestId('estado-cuenta-movimientos-paginas')).getByRole('button', { name: 'Anteriores' })).toHaveProperty('disabled', true);

    const abiertos = screen.getByTestId('estado-cuenta-abiertos-paginas');
    expect(abiertos.textContent).toContain('Página 1 de 2 · 230 recibos abiertos');
    fireEvent.click(within(abiertos).getByRole('button', { name: 'Siguiente' }));
    expect(await within(screen.getByTestId('estado-cuenta-abiertos')).findByText('5002')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('abiertos_page=2');
    // The movements stay on the page chosen.
    expect(calls.at(-1)!.url).toContain('movimientos_page=3');

    // Another date starts both lists again at their first page.
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(calls.at(-1)!.url).toMatch(/^\/api\/v1\/estudios\/1\/estado_cuenta\/\?hasta=2026-10-31$/));
    expect(await screen.findByText('Recibo de la página 1')).toBeTruthy();
  });

  it('shows no page controls when everything fits on one page', async () => {
    stubApi({
      'GET /api/v1/estudios/': () => json(estudios),
      'GET /api/v1/estudios/1/estado_cuenta/': () => json({ ...pagina(1, 1), recibos_abiertos_total: 1, movimientos_total: 1 }),
    });
    renderWithSession(<EstadoCuentaTab />, { path: '/cobranza?tab=estado-cuenta&estudio=1' });
    expect(await screen.findByText('Recibo de la página 1')).toBeTruthy();
    expect(screen.queryByTestId('estado-cuenta-movimientos-paginas')).toBeNull();
    expect(screen.queryByTestId('estado-cuenta-abiertos-paginas')).toBeNull();
  });
});
