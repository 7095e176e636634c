import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { clienteResolver, defaultClienteValues, nextUsername, serverErrorText, serverFieldErrors } from './cliente-form';

describe('nextUsername', () => {
  it('suggests receptor_ plus the name while the field was not typed by the user', () => {
    expect(nextUsername('Juan Pérez', '', false)).toBe('receptor_juan_perez');
    expect(nextUsername('Juan Pérez 2', 'receptor_juan_perez', false)).toBe('receptor_juan_perez_2');
  });

  it('keeps a username the user typed', () => {
    expect(nextUsername('Juan Pérez', 'jperez', true)).toBe('jperez');
  });

  it('suggests again once the user empties the field', () => {
    expect(nextUsername('Ana', '', true)).toBe('receptor_ana');
  });

  it('clears the suggestion when the name is blank', () => {
    expect(nextUsername('  ', 'receptor_a', false)).toBe('');
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
