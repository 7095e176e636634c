import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { NumeracionCard } from './numeracion-card';

afterEach(() => vi.unstubAllGlobals());

describe('Numeración de recibos', () => {
  it('refuses a start of zero without sending, shows the API refusal, and saves a valid start', async () => {
    let refuse = true;
    const calls = stubApi({
      'GET /api/v1/recibos/configuracion/': () => json({ numero_inicial: 1, siguiente_numero: 8, ultimo_numero: 7 }),
      'PUT /api/v1/recibos/configuracion/': () =>
        refuse
          ? json({ detail: 'El número inicial debe ser mayor que el último recibo emitido (N° 7)' }, 400)
          : json({ numero_inicial: 100, siguiente_numero: 100, ultimo_numero: 7 }),
    });
    renderWithSession(<NumeracionCard />);
    expect(await screen.findByText('Próximo recibo: N° 8')).toBeTruthy();
    const numero = screen.getByRole('textbox', { name: 'Número inicial' });

    fireEvent.change(numero, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar numeración' }));
    expect(await screen.findByText('El número inicial debe ser un entero entre 1 y 999.999.999')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(numero, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar numeración' }));
    expect(await screen.findByText('El número inicial debe ser mayor que el último recibo emitido (N° 7)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ numero_inicial: 5 });

    refuse = false;
    fireEvent.change(numero, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar numeración' }));
    await waitFor(() => expect(screen.queryByText('El número inicial debe ser mayor que el último recibo emitido (N° 7)')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ numero_inicial: 100 });
  });
});
