import { todayIso } from '@receptoria/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { ArancelPanel } from './arancel-panel';

afterEach(() => vi.unstubAllGlobals());

const mes = todayIso().slice(0, 7);

describe('Arancel oficial', () => {
  it('asks for the UTM by hand when mindicador.cl cannot give it, and prices the schedule with the value typed', async () => {
    const calls = stubApi({
      'GET /api/v1/honorarios/arancel/': () => json([{ id: 1, actuacion: 'Búsqueda', cuantia_desde: 0, cuantia_hasta: null, porcentaje_utm: 10 }]),
      'GET /api/v1/honorarios/utm/': () => json({ mes, valor: null, fuente: null, detalle: `No se pudo obtener la UTM de ${mes}: ingrese el valor manualmente` }),
      'PUT /api/v1/honorarios/utm/': (call) => json({ ...(call.body as object), fuente: 'manual', detalle: null }),
      'PUT /api/v1/honorarios/arancel/': (call) => json((call.body as object[]).map((row, i) => ({ id: 10 + i, ...row }))),
    });
    renderWithSession(<ArancelPanel />, { permisos: ['imprime_recibos'] });
    const utm = await screen.findByTestId('utm-mes');
    expect(await within(utm).findByText(`No se pudo obtener la UTM de ${mes}: ingrese el valor manualmente`)).toBeTruthy();
    const tabla = await screen.findByTestId('tabla-arancel');
    expect(tabla.textContent).toContain('—');
    fireEvent.change(within(utm).getByRole('textbox', { name: 'Valor manual de la UTM' }), { target: { value: '70000' } });
    fireEvent.click(within(utm).getByRole('button', { name: 'Guardar UTM' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ mes, valor: 70_000 }));
    await waitFor(() => expect(utm.textContent).toContain('(ingresada manualmente)'));
    // 10 % of $ 70.000.
    await waitFor(() => expect(tabla.textContent).toContain('$ 7.000'));

    fireEvent.click(screen.getByRole('button', { name: 'Agregar actuación' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar arancel' }));
    expect((await screen.findByTestId('arancel-error')).textContent).toBe('Actuación 2: La actuación es requerida');
    expect(calls.some((c) => c.url === '/api/v1/honorarios/arancel/' && c.method === 'PUT')).toBe(false);
  });
});
