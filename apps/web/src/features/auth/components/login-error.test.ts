import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { loginErrorMessage } from './login-screen';

describe('loginErrorMessage', () => {
  it("shows the server's detail", () => {
    expect(loginErrorMessage(new ApiError(401, { detail: 'Usuario o contraseña incorrectos' }))).toBe(
      'Usuario o contraseña incorrectos',
    );
  });

  it('falls back to Error de autenticación when the server sent no detail', () => {
    expect(loginErrorMessage(new ApiError(500, '<html>'))).toBe('Error de autenticación');
  });

  it('reports a request without answer as Error de conexión', () => {
    expect(loginErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe('Error de conexión');
    expect(loginErrorMessage(new Error('x'))).toBe('Error de conexión');
  });
});
