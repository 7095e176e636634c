import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/render-with-session';
import { SESSION_KEYS } from '../../../lib/session-storage';
import { PORTAL_SESSION_KEYS, portalSessionStore } from '../lib/portal-session-storage';
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

const EMPTY_LIST = { count: 0, page: 1, page_size: 20, results: [] };

function renderPortal(path: string) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/portal/*" element={<PortalApp />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

function signInStored(access = 'portal-access-1') {
  portalSessionStore.setSession({ access, refresh: 'portal-refresh-1', user: USER });
}

describe('portal session', () => {
  it('without a portal session the firm\'s screens send to /portal/login', async () => {
    stubApi({});
    renderPortal('/portal/encargos');
    expect(await screen.findByRole('heading', { name: 'Ingreso al portal' })).toBeTruthy();
  });

  it('signs in with e-mail and password, keeps the portal tokens apart from the staff session and shows the receiver and the firm on top', async () => {
    window.localStorage.setItem(SESSION_KEYS.access, 'staff-access');
    window.localStorage.setItem(SESSION_KEYS.refresh, 'staff-refresh');
    const calls = stubApi({
      'POST /api/v1/portal/auth/login/': () => json({ access: 'portal-access-1', refresh: 'portal-refresh-1', user: USER }),
      'GET /api/v1/portal/encargos/': () => json(EMPTY_LIST),
    });
    renderPortal('/portal/login');
    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: ' ana@estudio.cl ' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'clave-segura-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByTestId('portal-receptor')).toHaveProperty('textContent', USER.receptor.nombre);
    expect(screen.getByTestId('portal-estudio').textContent).toBe(USER.estudio.nombre);
    expect(await screen.findByText('Aún no hay encargos de su estudio.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/portal/auth/login/')?.body).toEqual({ email: 'ana@estudio.cl', password: 'clave-segura-1' });
    expect(window.localStorage.getItem(PORTAL_SESSION_KEYS.access)).toBe('portal-access-1');
    // The staff session is untouched, and the portal's calls carry the portal token only.
    expect(window.localStorage.getItem(SESSION_KEYS.access)).toBe('staff-access');
    const list = vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith('/api/v1/portal/encargos/'));
    expect((list?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer portal-access-1');
  });

  it('says why a sign-in failed and asks for both fields first', async () => {
    stubApi({ 'POST /api/v1/portal/auth/login/': () => json({ detail: 'Correo o contraseña incorrectos' }, 401) });
    renderPortal('/portal/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El correo es requerido')).toBeTruthy();
    expect(screen.getByText('La contraseña es requerida')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'ana@estudio.cl' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByTestId('portal-login-error')).textContent).toBe('Correo o contraseña incorrectos');
    expect(portalSessionStore.getUser()).toBeNull();
  });

  it('renews an expired access token through /portal/auth/refresh/ and repeats the call', async () => {
    signInStored('viejo');
    let served = 0;
    const calls = stubApi({
      'GET /api/v1/portal/encargos/': () => {
        served += 1;
        return served === 1 ? json({ detail: 'Token expirado' }, 401) : json({ ...EMPTY_LIST, count: 0 });
      },
      'POST /api/v1/portal/auth/refresh/': () => json({ access: 'nuevo', refresh: 'portal-refresh-2' }),
    });
    renderPortal('/portal/encargos');
    expect(await screen.findByText('Aún no hay encargos de su estudio.')).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/portal/auth/refresh/')?.body).toEqual({ refresh: 'portal-refresh-1' });
    expect(window.localStorage.getItem(PORTAL_SESSION_KEYS.access)).toBe('nuevo');
    expect(window.localStorage.getItem(PORTAL_SESSION_KEYS.refresh)).toBe('portal-refresh-2');
  });

  it('a refused renewal ends the portal session only and the sign-in page says so', async () => {
    signInStored('viejo');
    window.localStorage.setItem(SESSION_KEYS.access, 'staff-access');
    stubApi({
      'GET /api/v1/portal/encargos/': () => json({ detail: 'Token expirado' }, 401),
      'POST /api/v1/portal/auth/refresh/': () => json({ detail: 'El token de actualización es inválido o expiró' }, 401),
    });
    renderPortal('/portal/encargos');
    expect(await screen.findByText('Su sesión expiró. Ingrese nuevamente.')).toBeTruthy();
    expect(window.localStorage.getItem(PORTAL_SESSION_KEYS.access)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEYS.access)).toBe('staff-access');
  });

  it('Salir revokes the portal refresh token and returns to the sign-in page', async () => {
    signInStored();
    const calls = stubApi({
      'GET /api/v1/portal/encargos/': () => json(EMPTY_LIST),
      'POST /api/v1/portal/auth/logout/': () => json({ success: true }),
    });
    renderPortal('/portal/encargos');
    fireEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(await screen.findByRole('heading', { name: 'Ingreso al portal' })).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/v1/portal/auth/logout/')?.body).toEqual({ refresh: 'portal-refresh-1' });
    await waitFor(() => expect(portalSessionStore.getAccessToken()).toBeNull());
  });
});

describe('account activation', () => {
  it('asks for a password with the product rules, the same one twice, then sends to sign-in', async () => {
    const calls = stubApi({
      'POST /api/v1/portal/auth/activar/': () => json({ success: true, detail: 'Cuenta activada. Ya puede ingresar al portal.', email: USER.email }),
    });
    renderPortal('/portal/activar/token-de-prueba');
    const password = await screen.findByLabelText('Nueva contraseña');
    fireEvent.change(password, { target: { value: 'corta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'clave-segura-1' } });
    fireEvent.change(screen.getByLabelText('Repita la contraseña'), { target: { value: 'clave-segura-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Repita la contraseña'), { target: { value: 'clave-segura-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    expect(await screen.findByText('Su cuenta está activa. Ingrese con su correo y la contraseña que eligió.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ token: 'token-de-prueba', password: 'clave-segura-1' });
  });

  it('a used or expired link says so and offers the sign-in page', async () => {
    stubApi({ 'POST /api/v1/portal/auth/activar/': () => json({ detail: 'El enlace de activación es inválido, ya fue usado o expiró' }, 400) });
    renderPortal('/portal/activar/usado');
    fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: 'clave-segura-1' } });
    fireEvent.change(screen.getByLabelText('Repita la contraseña'), { target: { value: 'clave-segura-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    expect(await screen.findByTestId('portal-activar-invalido')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al ingreso' })).toBeTruthy();
  });
});
