import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './error-text';

describe('errorText', () => {
  it('shows the API detail when it sent one', () => {
    expect(errorText(new ApiError(409, { detail: 'El recibo ya fue emitido' }))).toBe('El recibo ya fue emitido');
  });

  it('shows the first field message of a validation answer without detail', () => {
    expect(errorText(new ApiError(400, { errors: { monto: ['El monto debe ser positivo'], fecha: ['Fecha inválida'] } }))).toBe(
      'El monto debe ser positivo',
    );
  });

  it('falls back to the error text, or the value itself', () => {
    expect(errorText(new ApiError(500, null))).toBe('Error 500');
    expect(errorText(new Error('Sin conexión'))).toBe('Sin conexión');
    expect(errorText('raro')).toBe('raro');
  });
});
