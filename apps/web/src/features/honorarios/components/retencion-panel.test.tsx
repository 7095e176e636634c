import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { RetencionPanel } from './retencion-panel';

afterEach(() => vi.unstubAllGlobals());

describe('Retención de boletas de honorarios', () => {
  it('says why the rates could not be read under the panel title', async () => {
    stubApi({ 'GET /api/v1/honorarios/retencion/': () => json({ detail: 'Base de datos no disponible' }, 503) });
    renderWithSession(<RetencionPanel />);
    expect(await screen.findByText('No se pudieron cargar las tasas de retención')).toBeTruthy();
    expect(screen.getByText('Base de datos no disponible')).toBeTruthy();
  });

  it('refuses a repeated year without sending, shows the API refusal, and saves the rates', async () => {
    let refuse = true;
    const calls = stubApi({
      'GET /api/v1/honorarios/retencion/': () => json([{ anio: 2026, tasa: 15.25 }]),
      'PUT /api/v1/honorarios/retencion/': (call) => (refuse ? json({ detail: 'No se puede cambiar la tasa de un año con boletas' }, 409) : json(call.body)),
    });
    renderWithSession(<RetencionPanel />);
    await screen.findByTestId('tabla-retencion');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar año' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Año 2' }), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasas' }));
    expect(await screen.findByText('Hay años repetidos')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Año 2' }), { target: { value: '2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasas' }));
    expect(await screen.findByText('No se puede cambiar la tasa de un año con boletas')).toBeTruthy();
    expect(screen.queryByText('Hay años repetidos')).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tasas' }));
    await waitFor(() => expect(screen.queryByText('No se puede cambiar la tasa de un año con boletas')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual([
      { anio: 2026, tasa: 15.25 },
      { anio: 2027, tasa: 0 },
    ]);
  });
});
