import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { statisticsErrorMessage } from './error-message';

describe('statistics error panel message', () => {
  it('words each status as the spec does', () => {
    expect(statisticsErrorMessage(new ApiError(401, {}))).toBe('Error de autenticación: Token inválido o expirado.');
    expect(statisticsErrorMessage(new ApiError(403, {}))).toBe('Error de permisos: No tiene acceso a las estadísticas.');
    expect(statisticsErrorMessage(new ApiError(404, {}))).toBe('Error: Endpoints de estadísticas no encontrados en el servidor.');
    expect(statisticsErrorMessage(new ApiError(503, {}))).toBe('Error del servidor: El sistema de estadísticas no está respondiendo.');
    expect(statisticsErrorMessage(new ApiError(400, {}))).toBe('Error de conexión: No se pudo conectar con el sistema de estadísticas.');
    expect(statisticsErrorMessage(new NetworkError(new Error('down')))).toBe(
      'Error de conexión: No se pudo conectar con el sistema de estadísticas.',
    );
    expect(statisticsErrorMessage(new TypeError('x'))).toBe('Error inesperado al cargar los datos');
  });
});
