import type { LecturaDocumentosResponse } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { defaultEncargoValues, type EncargoFormValues } from '../encargo-form/encargo-form-values';
import { applyLectura, estadoLeido, pendientesDeRevision, sameValue } from './lectura-fill';

const fuente = (confianza: number, pagina = 1, documento: 'demanda' | 'resolucion' = 'demanda') => ({
  confianza,
  documento,
  pagina,
  extracto: 'texto de la página',
  ocr: false,
});

const OPCIONES = { tribunales: [{ id: 4 }, { id: 7 }], tiposCausa: [{ id: 1 }], partes: [{ id: 9 }] };

function respuesta(overrides: Partial<LecturaDocumentosResponse> = {}): LecturaDocumentosResponse {
  return {
    propuesta: {
      numero_rol: 'c-1234-2025',
      tribunal: 4,
      tipo_causa: 1,
      parte_demandante: 9,
      partes: 'BANCO DE CHILE con PÉREZ',
      ejecutados: 'Juan Pérez González',
      rut_ejecutado: '12345678-5',
      cuantia: 1850000,
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
      numero_operacion: '998877',
      domicilios: [
        { direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago' },
        { direccion: 'Los Leones 55', comuna: 'Ñuñoa', ciudad: 'Santiago' },
      ],
    },
    campos: {
      numero_rol: { valor: 'C-1234-2025', ...fuente(0.98) },
      tribunal: { valor: 4, ...fuente(0.95) },
      tipo_causa: { valor: 1, ...fuente(0.92) },
      parte_demandante: { valor: 9, ...fuente(0.93) },
      partes: { valor: 'BANCO DE CHILE con PÉREZ', ...fuente(0.97) },
      ejecutados: { valor: 'Juan Pérez González', ...fuente(0.96) },
      rut_ejecutado: { valor: '12345678-5', ...fuente(0.99) },
      cuantia: { valor: 1850000, ...fuente(0.7, 2) },
      fecha_demanda: { valor: '2025-03-03', ...fuente(0.95) },
      fecha_resolucion: { valor: '2025-03-12', ...fuente(0.95, 1, 'resolucion') },
      numero_operacion: { valor: '998877', ...fuente(0.91) },
      domicilios: {
        valor: [],
        ...fuente(0.9),
        elementos: [fuente(0.95, 1), fuente(0.6, 3)],
      },
    },
    advertencias: [],
    documentos: { demanda: { paginas: 3, paginas_ocr: 0 }, resolucion: { paginas: 1, paginas_ocr: 0 } },
    ...overrides,
  };
}

describe('applyLectura', () => {
  it('fills every empty field with the read value, ids as the selects hold them', () => {
    const result = applyLectura(defaultEncargoValues(), respuesta(), OPCIONES);
    expect(result.values).toMatchObject({
      numero_rol: 'C-1234-2025',
      tribunal: '4',
      tipo_causa: '1',
      parte_demandante: '9',
      partes: 'BANCO DE CHILE con PÉREZ',
      ejecutados: 'Juan Pérez González',
      rut_ejecutado: '12345678-5',
      cuantia: 1850000,
      fecha_demanda: '2025-03-03',
      fecha_resolucion: '2025-03-12',
      numero_operacion: '998877',
    });
    expect(result.llenados).toHaveLength(11);
    expect(result.conservados).toEqual([]);
    expect(result.leidos.cuantia?.fuente.pagina).toBe(2);
  });

  it('adds the read addresses as rows (the first principal), replacing the blank row', () => {
    const result = applyLectura(defaultEncargoValues(), respuesta(), OPCIONES);
    expect(result.values.domicilios).toEqual([
      { direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true },
      { direccion: 'Los Leones 55', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: false },
    ]);
    expect(result.domiciliosAgregados).toBe(2);
    expect(result.domicilios.map((d) => d.fuente.confianza)).toEqual([0.95, 0.6]);
  });

  it('keeps what the person typed and an address already there, offering the read value beside it', () => {
    const current: EncargoFormValues = {
      ...defaultEncargoValues(),
      ejecutados: 'Juan Pérez',
      rut_ejecutado: '12.345.678-5',
      domicilios: [{ direccion: 'av. providencia  1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    };
    const result = applyLectura(current, respuesta(), OPCIONES);
    expect(result.values.ejecutados).toBe('Juan Pérez');
    expect(result.conservados).toEqual(['ejecutados']);
    // The same RUT written with dots is the read value: neither filled nor kept as a conflict.
    expect(result.values.rut_ejecutado).toBe('12.345.678-5');
    expect(result.llenados).not.toContain('rut_ejecutado');
    expect(result.leidos.ejecutados?.valor).toBe('Juan Pérez González');
    expect(result.values.domicilios.map((d) => d.direccion)).toEqual(['av. providencia  1234', 'Los Leones 55']);
  });

  it('replaces a value the previous reading put there, but not one the person changed since', () => {
    const first = applyLectura(defaultEncargoValues(), respuesta(), OPCIONES);
    const edited = { ...first.values, ejecutados: 'Juan Pérez G.' };
    const second = applyLectura(
      edited,
      respuesta({ propuesta: { ...respuesta().propuesta, numero_rol: 'C-99-2024', ejecutados: 'Otro Nombre' } }),
      OPCIONES,
      first,
    );
    expect(second.values.numero_rol).toBe('C-99-2024');
    expect(second.values.ejecutados).toBe('Juan Pérez G.');
    expect(second.conservados).toContain('ejecutados');
  });

  it('proposes no id outside the lists, no plaintiff without the firm, and nothing for an amount left in UF', () => {
    const uf = respuesta({
      propuesta: { ...respuesta().propuesta, tribunal: 99, cuantia: undefined, cuantia_uf: 120.5 },
      advertencias: ['La cuantía está expresada en UF (120,5) …'],
    });
    const result = applyLectura(defaultEncargoValues(), uf, { ...OPCIONES, partes: [] });
    expect(result.values.tribunal).toBeNull();
    expect(result.values.parte_demandante).toBeNull();
    expect(result.values.cuantia).toBe('');
    expect(result.leidos.tribunal).toBeUndefined();
    expect(result.advertencias).toEqual(['La cuantía está expresada en UF (120,5) …']);
  });

  it('leaves absent fields alone (a field not read is absent from both propuesta and campos)', () => {
    const result = applyLectura(defaultEncargoValues(), respuesta({ propuesta: { numero_rol: 'C-1-2025' }, campos: { numero_rol: { valor: 'C-1-2025', ...fuente(0.99) } } }), OPCIONES);
    expect(result.llenados).toEqual(['numero_rol']);
    expect(result.values.domicilios).toEqual(defaultEncargoValues().domicilios);
  });
});

describe('estadoLeido and pendientesDeRevision', () => {
  it('marks a low-confidence value for review until it is confirmed or changed', () => {
    const result = applyLectura(defaultEncargoValues(), respuesta(), OPCIONES);
    const cuantia = result.leidos.cuantia!;
    expect(estadoLeido('cuantia', 1850000, cuantia, false)).toBe('revisar');
    expect(estadoLeido('cuantia', '$ 1.850.000', cuantia, false)).toBe('revisar');
    expect(estadoLeido('cuantia', 1850000, cuantia, true)).toBe('leido');
    expect(estadoLeido('cuantia', 1900000, cuantia, false)).toBe('modificado');
    expect(estadoLeido('numero_rol', 'C-1234-2025', result.leidos.numero_rol!, false)).toBe('leido');
    expect(pendientesDeRevision(result.values, result, new Set())).toEqual(['Cuantía']);
    expect(pendientesDeRevision(result.values, result, new Set(['cuantia']))).toEqual([]);
    expect(pendientesDeRevision({ ...result.values, cuantia: 2000000 }, result, new Set())).toEqual([]);
  });

  it('compares values the way the form writes them', () => {
    expect(sameValue('rut_ejecutado', '12.345.678-k', '12345678-K')).toBe(true);
    expect(sameValue('numero_rol', 'c-12-2024', 'C-12-2024')).toBe(true);
    expect(sameValue('partes', 'Banco  con  Pérez ', 'Banco con Pérez')).toBe(true);
    expect(sameValue('ejecutados', '', 'Juan')).toBe(false);
    expect(sameValue('ejecutados', 'Juan Andrés Pérez', 'JUAN ANDRÉS PÉREZ')).toBe(true);
    expect(sameValue('ejecutados', 'Juan Andres Perez', 'JUAN ANDRÉS PÉREZ')).toBe(false);
  });
});
