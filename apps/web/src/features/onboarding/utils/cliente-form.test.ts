import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { clienteResolver, defaultClienteValues, nextUsername, serverErrorText, serverFieldErrors, suggestsUsername } from './cliente-form';

describe('username suggestion', () => {
  it('suggests only while the username field is empty', () => {
    expect(suggestsUsername('')).toBe(true);
    expect(suggestsUsername('receptor_juan')).toBe(false);
    expect(suggestsUsername('jperez')).toBe(false);
  });

  it('suggests receptor_ plus lowercase letters/digits, other characters as single underscores', () => {
    expect(nextUsername('Juan Pérez', '', true)).toBe('receptor_juan_p_rez');
    expect(nextUsername('Ana  María 2', 'receptor_ana', true)).toBe('receptor_ana_mar_a_2');
  });

  it('leaves a username that already had a value, suggested or typed', () => {
    expect(nextUsername('Juan Pérez 2', 'receptor_juan_p_rez', false)).toBe('receptor_juan_p_rez');
    expect(nextUsername('Juan Pérez', 'jperez', false)).toBe('jperez');
  });

  it('clears its own suggestion when the name is blanked', () => {
    expect(nextUsername('  ', 'receptor_a', true)).toBe('');
  });
});

describe('clienteResolver', () => {
  it('reports the contract messages on their fields', async () => {
    const result = await clienteResolver(
      { ...defaultClienteValues(), rut: '12345678-9', carpeta_cobranza: 'no es url' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.rut?.message).toBe('El RUT no es válido (formato 12345678-9)');
    expect(result.errors.carpeta_cobranza?.message).toBe('Ingrese una URL válida (http:// o https://)');
    expect(result.errors.nombre?.message).toBe('El nombre del receptor es requerido');
  });
});

describe('server errors', () => {
  const conflict = new ApiError(409, {
    detail: 'Ya existe un usuario con ese nombre de usuario.',
    errors: { username: ['Ya existe un usuario con ese nombre de usuario.'] },
  });

  it("shows the server's field error", () => {
    expect(serverErrorText(conflict, 'Error creando cliente')).toBe('Ya existe un usuario con ese nombre de usuario.');
    expect(serverFieldErrors(conflict, defaultClienteValues())).toEqual({ username: 'Ya existe un usuario con ese nombre de usuario.' });
  });

  it('falls back to the generic message without one', () => {
    expect(serverErrorText(new ApiError(500, { detail: 'Error interno' }), 'Error creando cliente')).toBe('Error creando cliente');
    expect(serverErrorText(new NetworkError(new Error('x')), 'Error creando cliente')).toBe('Error creando cliente');
  });
});
