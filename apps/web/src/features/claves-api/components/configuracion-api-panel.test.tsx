import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { ConfiguracionApiPanel } from './configuracion-api-panel';

afterEach(() => vi.unstubAllGlobals());

describe('Uso de la API', () => {
  it("shows the firm's saved limit and automatic acceptance, refuses a bad limit in Spanish and saves both", async () => {
    let saved = { limite_api_por_minuto: 600, aceptar_api_automaticamente: false };
    const calls = stubApi({
      'GET /api/v1/estudios/3/portal_configuracion/': () => json(saved),
      'PUT /api/v1/estudios/3/portal_configuracion/': (call) => {
        saved = call.body as typeof saved;
        return json(saved);
      },
    });
    renderWithSession(<ConfiguracionApiPanel estudioId={3} />);
    // The form opens once the saved values are read.
    await waitFor(() => expect((within(screen.getByTestId('configuracion-api')).getByRole('button', { name: 'Guardar' }) as HTMLButtonElement).disabled).toBe(false));
    const panel = screen.getByTestId('configuracion-api');
    const limite = within(panel).getByLabelText('Límite de solicitudes por minuto (por clave)') as HTMLInputElement;
    await waitFor(() => expect(limite.value).toBe('600'));
    expect(within(panel).getByText('Aceptar automáticamente las solicitudes enviadas por API')).toBeTruthy();
    const aceptar = panel.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(aceptar.checked).toBe(false);

    fireEvent.change(limite, { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El límite de solicitudes por minuto debe ser un número entero entre 1 y 100.000')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(limite, { target: { value: '1200' } });
    fireEvent.click(aceptar);
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ limite_api_por_minuto: 1200, aceptar_api_automaticamente: true }));
  });
});
