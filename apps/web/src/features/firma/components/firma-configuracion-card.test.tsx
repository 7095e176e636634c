import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithSession, stubApi } from '../../../testing/render-with-session';
import { FirmaConfiguracionCard } from './firma-configuracion-card';

afterEach(() => vi.unstubAllGlobals());

function stubConfiguracion() {
  let valor = 'firmar_y_marcar';
  return stubApi({
    'GET /api/v1/firma/configuracion/': () => json({ firma_sin_revocacion: valor }),
    'PUT /api/v1/firma/configuracion/': ({ body }) => {
      valor = (body as { firma_sin_revocacion: string }).firma_sin_revocacion;
      return json({ firma_sin_revocacion: valor });
    },
  });
}

describe('FirmaConfiguracionCard', () => {
  it('shows the default and lets the receiver choose to refuse signing without a revocation answer', async () => {
    const calls = stubConfiguracion();
    renderWithSession(<FirmaConfiguracionCard />, { permisos: ['estampa_1', 'gestiona_permisos'] });
    const marcar = await screen.findByRole('radio', { name: 'Firmar y marcar el documento "revocación no verificada" (recomendado)' });
    expect((marcar as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'No firmar hasta poder verificar la revocación' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firma_sin_revocacion: 'rechazar' });
    await waitFor(() => expect((screen.getByRole('radio', { name: 'No firmar hasta poder verificar la revocación' }) as HTMLInputElement).checked).toBe(true));
  });

  it('is read-only for a user who is not the receiver', async () => {
    const calls = stubConfiguracion();
    renderWithSession(<FirmaConfiguracionCard />, { permisos: ['estampa_1'] });
    const marcar = await screen.findByRole('radio', { name: 'Firmar y marcar el documento "revocación no verificada" (recomendado)' });
    expect((marcar as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Solo el receptor puede cambiar esta configuración.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
