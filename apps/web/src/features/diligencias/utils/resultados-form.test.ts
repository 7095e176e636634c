import { type EncargoConResultados, GuardarResultadosSchema, type TipoEstampado, plazoMessages } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RESULTADOS,
  actionAvailability,
  diaDiligenciaIso,
  diasExcepcionesTipeados,
  encargoToResultadosValues,
  esRequerimiento,
  fechaGuiones,
  planGenerate,
  resultadosProblem,
  toGuardarResultados,
  typedStampDatos,
} from './resultados-form';

const tipos = [
  { id: 4, nombre: 'Búsqueda positiva', codigo: 'busqueda_positiva', valor_por_defecto: 45000, tiene_plantilla: true },
  { id: 7, nombre: 'Requerimiento de pago', codigo: 'requerimiento_pago', valor_por_defecto: 60000, tiene_plantilla: true },
] as TipoEstampado[];
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

  it('lets a loaded assignment generate with nothing typed only when its results are stored (spec 02 §5)', () => {
    expect(actionAvailability(EMPTY_RESULTADOS, encargo)).toEqual({ generate: false, later: false });
    expect(actionAvailability(EMPTY_RESULTADOS, { ...encargo, diligencia: null })).toEqual({ generate: false, later: false });
    const conDiligencia = { ...encargo, diligencia: { id: 3, fecha_diligencia: '2025-03-10T10:00:00-03:00' } } as EncargoConResultados;
    expect(actionAvailability(EMPTY_RESULTADOS, conDiligencia)).toEqual({ generate: true, later: false });
    expect(actionAvailability({ ...full, apuntes_terreno: '' }, encargo)).toEqual({ generate: true, later: false });
  });
});

describe('toGuardarResultados', () => {
  it('sends the type id, the Santiago date-time and a null value when none was given', () => {
    expect(toGuardarResultados(encargo, { ...full, tratamiento: 'doña' }, tipos)).toEqual({
      numero_rol: 'C-1-2024',
      encargo_id: 9,
      resultado_id: 4,
      fecha_diligencia: '2025-03-10T09:00:00-03:00',
      hora_informada: false,
      apuntes_terreno: 'Notificado personalmente',
      valor_personalizado: null,
      observaciones_diligencia: '',
      tratamiento: 'doña',
      informante: '',
      informante_relacion: '',
      cambiar_estado_a: 'listo_para_estampar',
    });
  });

  it('sends the informant, their relation, and that the hour was given when it was typed', () => {
    const body = toGuardarResultados(encargo, {
      ...full,
      fecha_diligencia: '10/03/2025 16:45',
      informante: '  Pedro Soto ',
      informante_relacion: 'conserje',
    }, tipos);
    expect(body).toMatchObject({
      fecha_diligencia: '2025-03-10T16:45:00-03:00',
      hora_informada: true,
      informante: 'Pedro Soto',
      informante_relacion: 'conserje',
    });
  });

  it('sends the place of a requerimiento de pago, and the days of the tabla outside the territory', () => {
    const requerimiento = { ...full, tipo_estampado: '7' };
    const comuna = toGuardarResultados(encargo, { ...requerimiento, lugar_requerimiento: 'comuna_tribunal', dias_tabla: 5 }, tipos);
    expect(comuna).toMatchObject({ resultado_id: 7, lugar_requerimiento: 'comuna_tribunal' });
    expect(comuna).not.toHaveProperty('dias_tabla');
    const fuera = toGuardarResultados(encargo, { ...requerimiento, lugar_requerimiento: 'fuera_territorio', dias_tabla: '12' }, tipos);
    expect(fuera).toMatchObject({ lugar_requerimiento: 'fuera_territorio', dias_tabla: 12 });
    expect(GuardarResultadosSchema.safeParse(fuera).success).toBe(true);
  });

  it('sends no place for other types, even when one was chosen before changing the type', () => {
    const body = toGuardarResultados(encargo, { ...full, lugar_requerimiento: 'fuera_territorio', dias_tabla: 3 }, tipos);
    expect(body).not.toHaveProperty('lugar_requerimiento');
    expect(body).not.toHaveProperty('dias_tabla');
  });
});

describe('requerimiento de pago', () => {
  const requerimiento = { ...full, tipo_estampado: '7' };

  it('asks for the place, and the days of the tabla outside the territory, with the API messages', () => {
    expect(esRequerimiento('7', tipos)).toBe(true);
    expect(esRequerimiento('4', tipos)).toBe(false);
    expect(resultadosProblem(encargo, requerimiento, tipos, false)).toBe(plazoMessages.lugarRequerido);
    expect(resultadosProblem(encargo, requerimiento, tipos, false)).toBe(
      'Indique el lugar del requerimiento (comuna del tribunal, su territorio o fuera de él)',
    );
    expect(resultadosProblem(encargo, { ...requerimiento, lugar_requerimiento: 'territorio_tribunal' }, tipos, false)).toBeNull();
    const fuera = { ...requerimiento, lugar_requerimiento: 'fuera_territorio' };
    expect(resultadosProblem(encargo, fuera, tipos, false)).toBe(plazoMessages.diasTablaRequeridos);
    expect(resultadosProblem(encargo, { ...fuera, dias_tabla: 61 }, tipos, false)).toBe(plazoMessages.diasTablaInvalidos);
    expect(resultadosProblem(encargo, { ...fuera, dias_tabla: '2,5' }, tipos, false)).toBe(plazoMessages.diasTablaInvalidos);
    expect(resultadosProblem(encargo, { ...fuera, dias_tabla: 0 }, tipos, false)).toBeNull();
    expect(planGenerate(encargo, requerimiento, tipos)).toEqual({ kind: 'error', message: plazoMessages.lugarRequerido });
  });

  it('does not ask for the place to generate from a stored diligence, nor for other types', () => {
    expect(resultadosProblem(encargo, requerimiento, tipos, true)).toBeNull();
    expect(resultadosProblem(encargo, full, tipos, false)).toBeNull();
  });

  it('counts the días hábiles to oppose excepciones from the diligence day in Santiago', () => {
    const fecha = { ...requerimiento, fecha_diligencia: '10/03/2025 23:30' };
    expect(diaDiligenciaIso(fecha)).toBe('2025-03-10');
    expect(diasExcepcionesTipeados({ ...fecha, lugar_requerimiento: 'comuna_tribunal' }, tipos)).toBe(4);
    expect(diasExcepcionesTipeados({ ...fecha, lugar_requerimiento: 'territorio_tribunal' }, tipos)).toBe(8);
    expect(diasExcepcionesTipeados({ ...fecha, lugar_requerimiento: 'fuera_territorio', dias_tabla: 6 }, tipos)).toBe(14);
    expect(diasExcepcionesTipeados({ ...fecha, lugar_requerimiento: 'fuera_territorio' }, tipos)).toBeNull();
    expect(diasExcepcionesTipeados({ ...full, lugar_requerimiento: 'comuna_tribunal' }, tipos)).toBeNull();
    expect(fechaGuiones('2025-03-14')).toBe('14-03-2025');
  });
});

/** An assignment whose last diligence is stored, as buscar_por_rol answers it. */
function stored(overrides: Partial<EncargoConResultados> = {}): EncargoConResultados {
  return {
    ...encargo,
    estado: 'listo_para_estampar',
    tipo_estampado: 4,
    ultima_diligencia_tipo_estampado: 4,
    ultima_diligencia_fecha: '2025-03-10T16:45:00-03:00',
    ultima_diligencia_apuntes: 'Notificado personalmente',
    ultima_diligencia_observaciones: '',
    ultima_diligencia_tratamiento: '',
    ultima_diligencia_informante: '',
    ultima_diligencia_informante_relacion: '',
    ultima_diligencia_hora_informada: true,
    ultima_diligencia_valor: 45000,
    diligencia: {
      id: 1,
      fecha_diligencia: '2025-03-10T16:45:00-03:00',
      apuntes_terreno: 'Notificado personalmente',
      tratamiento: '',
      valor_cobrado: null,
      valor_final: 45000,
      motivo_cambio_valor: '',
      observaciones: '',
      informante: '',
      informante_relacion: '',
      hora_informada: true,
    },
    ...overrides,
  } as EncargoConResultados;
}

describe('encargoToResultadosValues', () => {
  it('shows a diligence stored with its date alone without an hour, and its informant', () => {
    const values = encargoToResultadosValues(
      stored({
        ultima_diligencia_fecha: '2025-03-10T09:00:00-03:00',
        ultima_diligencia_hora_informada: false,
        ultima_diligencia_informante: 'Pedro Soto',
        ultima_diligencia_informante_relacion: 'conserje',
      }),
    );
    expect(values).toMatchObject({ fecha_diligencia: '10/03/2025', informante: 'Pedro Soto', informante_relacion: 'conserje' });
    expect(encargoToResultadosValues(stored()).fecha_diligencia).toBe('10/03/2025 16:45');
  });
});

describe('planGenerate', () => {
  const typed = { ...full, fecha_diligencia: '10/03/2025 16:45' };

  it('asks for the results when nothing is stored and nothing typed', () => {
    expect(planGenerate(encargo, EMPTY_RESULTADOS, tipos)).toEqual({ kind: 'error', message: 'Primero registre los resultados de la diligencia' });
    expect(planGenerate({ ...encargo, estado: 'estampado' }, EMPTY_RESULTADOS, tipos)).toEqual({
      kind: 'error',
      message: 'Primero registre los resultados de la diligencia',
    });
    expect(planGenerate(null, typed, tipos)).toEqual({ kind: 'error', message: 'Primero debes buscar y seleccionar un encargo' });
  });

  it('saves typed results first when none are stored, under the rules of Estampar Más Tarde', () => {
    expect(planGenerate(encargo, typed, tipos)).toEqual({ kind: 'save', tipoId: 4, sinHora: false });
    expect(planGenerate(encargo, { ...typed, fecha_diligencia: '10/03/2025' }, tipos)).toEqual({ kind: 'save', tipoId: 4, sinHora: true });
    expect(planGenerate(encargo, { ...typed, apuntes_terreno: '' }, tipos)).toEqual({
      kind: 'error',
      message: 'Debes escribir los apuntes del receptor en terreno',
    });
    expect(planGenerate(encargo, { ...typed, valor_personalizado: 52000 }, tipos)).toEqual({
      kind: 'error',
      message: 'Si especificas un valor personalizado, debes indicar el motivo en las observaciones',
    });
  });

  it('generates from the stored diligence when the form says the same or nothing', () => {
    expect(planGenerate(stored(), encargoToResultadosValues(stored()), tipos)).toEqual({ kind: 'stored', tipoId: 4, sinHora: false });
    expect(planGenerate(stored(), { ...typed, apuntes_terreno: '  Notificado personalmente ' }, tipos)).toMatchObject({ kind: 'stored' });
    expect(planGenerate(stored(), EMPTY_RESULTADOS, tipos)).toEqual({ kind: 'stored', tipoId: 4, sinHora: false });
  });

  it('saves again when the typed results differ from the stored ones', () => {
    expect(planGenerate(stored(), { ...typed, valor_personalizado: 52000, observaciones_diligencia: 'Distancia' }, tipos)).toMatchObject({
      kind: 'save',
    });
    expect(planGenerate(stored(), { ...typed, informante: 'Pedro Soto' }, tipos)).toMatchObject({ kind: 'save' });
    expect(planGenerate(stored(), { ...typed, fecha_diligencia: '10/03/2025 17:00' }, tipos)).toMatchObject({ kind: 'save' });
  });

  it('asks the hour of a diligence stored with its date alone', () => {
    const sinHora = stored({ ultima_diligencia_fecha: '2025-03-10T09:00:00-03:00', ultima_diligencia_hora_informada: false });
    expect(planGenerate(sinHora, encargoToResultadosValues(sinHora), tipos)).toEqual({ kind: 'stored', tipoId: 4, sinHora: true });
  });

  it('uses the stored diligence in other states, whatever is typed', () => {
    const estampado = stored({ estado: 'estampado' });
    expect(planGenerate(estampado, { ...typed, apuntes_terreno: 'Nueva visita' }, tipos)).toEqual({ kind: 'stored', tipoId: 4, sinHora: false });
  });
});

describe('typedStampDatos', () => {
  it('names the typed results as the stamp payload does, the hour only when typed, the value only when custom (the API prints the price list’s fee)', () => {
    const tipo = tipos[0];
    expect(
      typedStampDatos('C-1-2024', { ...full, fecha_diligencia: '10/03/2025 16:45', informante: 'Pedro Soto', informante_relacion: 'conserje' }, tipo),
    ).toEqual({
      numero_rol: 'C-1-2024',
      fecha_diligencia: '10-03-2025',
      hora_diligencia: '16:45',
      resultado_diligencia: 'Búsqueda positiva',
      informante: 'Pedro Soto',
      informante_relacion: 'conserje',
      apuntes_terreno: 'Notificado personalmente',
    });
    expect(typedStampDatos('C-1-2024', { ...full, valor_personalizado: 52000 }, tipo)).not.toHaveProperty('hora_diligencia');
    expect(typedStampDatos('C-1-2024', { ...full, valor_personalizado: 52000 }, tipo).valor_cobrado).toBe(52000);
  });
});
