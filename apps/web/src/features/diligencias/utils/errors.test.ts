import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { isHoraRequerida, saveResultsErrorMessage, stampErrorMessage } from './errors';

describe('stampErrorMessage', () => {
  it('maps a type without template to its fixed text', () => {
    const error = new ApiError(400, { detail: 'El tipo de estampado "lanzamiento" no tiene plantilla configurada' });
    expect(stampErrorMessage(error)).toBe(
      'El tipo de estampado seleccionado no tiene plantilla configurada. Contacta al administrador.',
    );
  });

  it('shows a refusal that names the missing markers as the server wrote it', () => {
    expect(stampErrorMessage(new ApiError(422, { detail: 'Marcadores sin reemplazar: <<foo>>' }))).toBe('Marcadores sin reemplazar: <<foo>>');
    expect(
      stampErrorMessage(
        new ApiError(400, { detail: 'Faltan datos para los marcadores: <<informante>>, <<receptor_rut>>', errors: { marcadores: ['<<informante>>'] } }),
      ),
    ).toBe('Faltan datos para los marcadores: <<informante>>, <<receptor_rut>>');
  });

  it('names the markers of errors.marcadores when the detail is the generic text', () => {
    const error = new ApiError(400, {
      detail: 'Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.',
      errors: { marcadores: ['<<informante>>', 'hora_diligencia'] },
    });
    expect(stampErrorMessage(error)).toBe('Faltan datos para los marcadores: <<informante>>, <<hora_diligencia>>');
  });

  it('keeps the generic missing-data text when no marker is named', () => {
    expect(stampErrorMessage(new ApiError(400, { detail: 'Faltan datos requeridos' }))).toBe(
      'Faltan datos requeridos para generar el estampado. Verifica que todos los campos estén completos.',
    );
  });

  it('maps 404, 403 and 500', () => {
    expect(stampErrorMessage(new ApiError(404, { detail: 'x' }))).toBe(
      'El documento o plantilla no fue encontrado. Puede haber sido eliminado.',
    );
    expect(stampErrorMessage(new ApiError(403, undefined))).toBe(
      'No tienes permisos para acceder a este recurso. Contacta al administrador.',
    );
    expect(stampErrorMessage(new ApiError(500, { detail: 'boom' }))).toBe(
      'Error interno del servidor. Intenta nuevamente en unos minutos.',
    );
  });

  it('keeps any other message, else says it is unknown', () => {
    expect(stampErrorMessage(new ApiError(400, { detail: 'Título demasiado largo' }))).toBe('Título demasiado largo');
    expect(stampErrorMessage(new ApiError(400, {}))).toBe('Error desconocido al procesar la solicitud.');
    expect(stampErrorMessage(new Error('Respuesta inválida del servidor'))).toBe('Respuesta inválida del servidor');
    expect(stampErrorMessage('??')).toBe('Error desconocido al procesar la solicitud.');
  });
});

describe('isHoraRequerida', () => {
  it('recognises the refusal that asks for the hour of the diligence', () => {
    const error = new ApiError(400, {
      detail: 'Indique la hora de la diligencia: se registró solo la fecha',
      errors: { hora_diligencia: ['Indique la hora de la diligencia: se registró solo la fecha'] },
    });
    expect(isHoraRequerida(error)).toBe(true);
    expect(isHoraRequerida(new ApiError(400, { detail: 'x', errors: { marcadores: ['<<a>>'] } }))).toBe(false);
    expect(isHoraRequerida(new Error('x'))).toBe(false);
  });
});

describe('saveResultsErrorMessage', () => {
  it('reads a string body, error, detail or a details map', () => {
    expect(saveResultsErrorMessage(new ApiError(400, 'Texto plano'))).toBe('Texto plano');
    expect(saveResultsErrorMessage(new ApiError(400, { error: 'Estado inválido' }))).toBe('Estado inválido');
    expect(saveResultsErrorMessage(new ApiError(400, { detail: 'Debes escribir los apuntes del receptor en terreno' }))).toBe(
      'Debes escribir los apuntes del receptor en terreno',
    );
    expect(
      saveResultsErrorMessage(new ApiError(400, { details: { apuntes_terreno: ['Requerido', 'Muy corto'], valor: 'Inválido' } })),
    ).toBe('apuntes_terreno: Requerido, Muy corto; valor: Inválido');
  });

  it('falls back to the spec texts', () => {
    expect(saveResultsErrorMessage(new ApiError(400, {}))).toBe('Error al guardar los resultados');
    expect(saveResultsErrorMessage(new NetworkError(new Error('offline')))).toBe(
      'Error al guardar los resultados. Por favor, intenta nuevamente.',
    );
  });
});
