import { hasModule as userHasModule } from '@receptoria/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionContext, type SessionValue } from '../../lib/auth/session-context';
import { RequireModule } from './require-module';

function session(username: string, permisos: string[]): SessionValue {
  return {
    status: 'authenticated',
    user: { id: 5, username },
    profile: null,
    permisos,
    isAdmin: username === 'admin',
    displayName: username,
    login: async () => undefined,
    logout: async () => undefined,
    hasModule: (module) => userHasModule({ username }, permisos, module),
  };
}

function renderGuarded(value: SessionValue, guard: (child: ReactNode) => ReactNode) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SessionContext.Provider value={value}>{guard(<p>Pantalla protegida</p>)}</SessionContext.Provider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('RequireModule', () => {
  it('shows the screen to a user holding one code of the module', () => {
    renderGuarded(session('secretaria', ['rebaja_recibos']), (child) => (
      <RequireModule module="cobranza">{child}</RequireModule>
    ));
    expect(screen.getByText('Pantalla protegida')).toBeTruthy();
  });

  it("shows 'Acceso Denegado' with the module message when the module is missing", () => {
    renderGuarded(session('secretaria', ['estampa_1']), (child) => (
      <RequireModule module="cobranza">{child}</RequireModule>
    ));
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(screen.getByText('No tienes permisos para acceder a este módulo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
    expect(screen.queryByText('Pantalla protegida')).toBeNull();
  });

  it('shows the permission message when the module is held but none of the required codes', () => {
    renderGuarded(session('secretaria', ['estampa_1']), (child) => (
      <RequireModule module="estampar" permissions={['ingreso_diligencias']}>
        {child}
      </RequireModule>
    ));
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(screen.getByText('No tienes los permisos necesarios para esta función.')).toBeTruthy();
  });

  it('accepts any one of the required codes, and admin always', () => {
    renderGuarded(session('secretaria', ['estampa_2']), (child) => (
      <RequireModule module="estampar" permissions={['estampa_1', 'estampa_2']}>
        {child}
      </RequireModule>
    ));
    expect(screen.getByText('Pantalla protegida')).toBeTruthy();
  });

  it('lets admin through without any stored code', () => {
    renderGuarded(session('admin', []), (child) => (
      <RequireModule module="config_permisos" permissions={['gestiona_permisos']}>
        {child}
      </RequireModule>
    ));
    expect(screen.getByText('Pantalla protegida')).toBeTruthy();
  });
});
