import type { EncargoConResultados, TipoEstampado } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_RESULTADOS, actionAvailability, resultadosProblem, toGuardarResultados } from './resultados-form';

const tipos = [{ id: 4, nombre: 'Búsqueda positiva', codigo: 'busqueda_positiva', valor_por_defecto: 45000, tiene_plantilla: true }] as TipoEstampado[];
const encargo = { id: 9, numero_rol: 'C-1-2024', estado: 'preparado' } as EncargoConResultados;
const full = {
  ...EMPTY_RESULTADOS,
  tipo_estampado: '4',
  fecha_diligencia: '10/03/2025',
  apuntes_terreno: 'Notificado personalmente',
};

describe('resultadosProblem', () => {
  it('asks for an assignment, a type, a valid type, the state, the date, the notes and the reason, in that order', () => {
    expect(resultadosProblem(null, full, tipos, false)).toBe('Primero debes buscar y seleccionar un encargo');
    expect(resultadosProblem(encargo, { ...full, tipo_estampado: null }, tipos, false)).toBe('Debes seleccionar un tipo de estampado');
    expect(resultadosProblem(encargo, { ...full, tipo_estampado: '99' }, tipos, false)).toBe('Tipo de estampado no válido');
    expect(resultadosProblem({ ...encargo, estado: 'estampado' }, full, tipos, false)).toBe(
      'Este encargo está en estado "estampado". Solo se pueden registrar resultados para encargos en estado "preparado" o "listo para estampar".',
    );
    expect(resultadosProblem(encargo, { ...full, fecha_diligencia: ' ' }, tipos, false)).toBe(
      'Debes especificar la fecha y hora de la diligencia',
    );
    expect(resultadosProblem(encargo, { ...full, apuntes_terreno: '   ' }, tipos, false)).toBe(
      'Debes escribir los apuntes del receptor en terreno',
    );
    expect(resultadosProblem(encargo, { ...full, valor_personalizado: 50000 }, tipos, false)).toBe(
      'Si especificas un valor personalizado, debes indicar el motivo en las observaciones',
    );
    expect(resultadosProblem(encargo, { ...full, valor_personalizado: 50000, observaciones_diligencia: 'Distancia' }, tipos, false)).toBeNull();
  });

  it('lets a stamp be generated in any state without notes', () => {
    expect(resultadosProblem({ ...encargo, estado: 'estampado' }, { ...full, apuntes_terreno: '' }, tipos, true)).toBeNull();
  });
});

describe('actionAvailability', () => {
  it('needs type and date to generate, and notes too to stamp later', () => {
    expect(actionAvailability(EMPTY_RESULTADOS)).toEqual({ generate: false, later: false });
    expect(actionAvailability({ ...full, apuntes_terreno: '' })).toEqual({ generate: true, later: false });
    expect(actionAvailability(full)).toEqual({ generate: true, later: true });
  });
});

describe('toGuardarResultados', () => {
  it('sends the type id, the Santiago date-time and a null value when none was given', () => {
    expect(toGuardarResultados(encargo, { ...full, tratamiento: 'doña' })).toEqual({
      numero_rol: 'C-1-2024',
      encargo_id: 9,
      resultado_id: 4,
      fecha_diligencia: '2025-03-10T09:00:00-03:00',
      apuntes_terreno: 'Notificado personalmente',
      valor_personalizado: null,
      observaciones_diligencia: '',
      tratamiento: 'doña',
      cambiar_estado_a: 'listo_para_estampar',
    });
  });
});
