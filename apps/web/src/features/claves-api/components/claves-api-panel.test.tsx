import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { ClavesApiPanel } from './claves-api-panel';

afterEach(() => vi.unstubAllGlobals());

const SECRETO = 'rk_AbCdEfGh0123456789AbCdEfGh0123456789AbCdEfG';
const clave = (id: number, nombre: string) => ({
  id,
  nombre,
  prefijo: 'rk_AbCdEfGh',
  alcances: ['encargos:leer'],
  creada: '2026-12-01T10:00:00-03:00',
  ultimo_uso: null,
  expira: null,
});

describe('Claves API', () => {
  it('checks the form, shows the secret once with a copy button, lists the key and revokes it after asking', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let list: Array<ReturnType<typeof clave>> = [];
    const calls = stubApi({
      'GET /api/v1/estudios/3/claves_api/': () => json({ results: list }),
      'POST /api/v1/estudios/3/claves_api/': (call) => {
        list = [clave(7, (call.body as { nombre: string }).nombre)];
        return json({ clave: list[0], secreto: SECRETO }, 201);
      },
      'DELETE /api/v1/estudios/3/claves_api/7/': () => {
        list = [];
        return json({ message: 'Clave API revocada' });
      },
    });
    renderWithSession(<ClavesApiPanel estudioId={3} />);
    const panel = await screen.findByTestId('claves-api');
    expect(await within(panel).findByText('El estudio no tiene claves API.')).toBeTruthy();

    fireEvent.change(within(panel).getByLabelText('Nombre'), { target: { value: 'ERP del estudio' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear clave' }));
    expect(await within(panel).findByText('Elija al menos un alcance para la clave')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(panel).getByLabelText('Leer encargos'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear clave' }));
    expect((await within(panel).findByLabelText('Secreto') as HTMLInputElement).value).toBe(SECRETO);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ nombre: 'ERP del estudio', alcances: ['encargos:leer'] });
    fireEvent.click(within(panel).getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRETO));

    const row = await within(panel).findByTestId('clave-api');
    expect(row.textContent).toContain('rk_AbCdEfGh…');
    expect(row.textContent).not.toContain(SECRETO);
    fireEvent.click(within(row).getByRole('button', { name: 'Revocar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar clave API' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/v1/estudios/3/claves_api/7/')).toBe(true));
    expect(await within(panel).findByText('El estudio no tiene claves API.')).toBeTruthy();
  });
});
