import { EncargoCreateSchema, ReEncargoSchema, type Encargo } from '@receptoria/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  autoFillPartes,
  type EncargoFormValues,
  createResolver,
  defaultEncargoValues,
  emptyDomicilio,
  encargoToFormValues,
  erasedByModify,
  hasValidDomicilio,
  incompleteFields,
  missingRequiredFields,
  reEncargoResolver,
  toCreatePayload,
  toModifyPayload,
  toPickerDateTime,
  toReEncargoPayload,
} from './encargo-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<EncargoFormValues>;

function complete(): EncargoFormValues {
  return {
    ...defaultEncargoValues(),
    fecha_encargo: '2024-05-02',
    estudio_juridico: '1',
    parte_demandante: '2',
    tribunal: '3',
    numero_rol: 'c-123-2024',
    tipo_causa: '4',
    tipo_encargo: '5',
    partes: 'Banco de Chile con Juan Pérez',
    fecha_retiro: '2024-05-02',
    fecha_demanda: '2024-04-01',
    fecha_resolucion: '2024-04-15',
    cuantia: 1500000,
    rut_ejecutado: '12345678-5',
    ejecutados: 'Juan Pérez',
    domicilios: [{ direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }],
    observaciones_encargo: 'Es urgente',
  };
}

describe('defaults', () => {
  it('start with today as order date, one principal address and, for re-encargos, today as retiro', () => {
    const nuevo = defaultEncargoValues();
    expect(nuevo.fecha_encargo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(nuevo.fecha_retiro).toBeNull();
    expect(nuevo.domicilios).toEqual([emptyDomicilio(true)]);
    expect(defaultEncargoValues({ retiroToday: true }).fecha_retiro).toBe(nuevo.fecha_encargo);
  });
});

describe('createResolver', () => {
  it('turns a complete form into the creation payload', async () => {
    const result = await createResolver()(complete(), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      numero_rol: 'C-123-2024',
      estudio_juridico: 1,
      parte_demandante: 2,
      cuantia: 1500000,
      encargo_no_realizable: false,
      domicilios: [{ direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true, activo: true }],
    });
  });

  it('leaves out untouched address rows and keeps errors on the right row', async () => {
    const values = complete();
    values.domicilios = [
      emptyDomicilio(false),
      { direccion: 'Av. Matta 10', comuna: null, ciudad: 'Santiago', es_principal: true },
    ];
    const result = await createResolver()(values, undefined, options);
    expect(result.errors.domicilios?.[1]?.comuna?.message).toBe('La comuna es requerida');
    expect(result.errors.domicilios?.[0]).toBeUndefined();
  });

  it('asks for one valid address when every row is blank', async () => {
    const values = { ...complete(), domicilios: [emptyDomicilio(true)] };
    const result = await createResolver()(values, undefined, options);
    expect(result.errors.domicilios?.root?.message).toBe('Debe agregar al menos un domicilio válido');
  });

  it('puts the spec messages on their fields', async () => {
    const values = { ...complete(), numero_rol: 'C123-2024', rut_ejecutado: '12345678-9', partes: 'ab' };
    const { errors } = await createResolver()(values, undefined, options);
    expect(errors.numero_rol?.message).toBe('Formato inválido (ej: C-123-2024)');
    expect(errors.rut_ejecutado?.message).toBe('El RUT del demandado no es válido. Formato: 12345678-9');
    expect(errors.partes?.message).toBe('Mínimo 3 caracteres');
  });
});

describe('reEncargoResolver', () => {
  it('needs the loaded original and uses the modify messages', async () => {
    const values = { ...complete(), fecha_encargo: null, rut_ejecutado: '1234' };
    const none = await reEncargoResolver()(values, { originalId: null }, options);
    expect(none.errors).toMatchObject({
      encargo_original_id: { message: 'Primero debes buscar y seleccionar un encargo original' },
      fecha_encargo: { message: 'La fecha del encargo es requerida' },
      rut_ejecutado: { message: 'RUT inválido' },
    });
    const loaded = await reEncargoResolver()({ ...complete(), estado_especial: 'Suspendido' }, { originalId: 7 }, options);
    expect(loaded.values).toMatchObject({ encargo_original_id: 7, motivo_no_realizable: 'Suspendido', encargo_no_realizable: true });
  });

  it('builds the modify and re-assign payloads of spec 01 §3', () => {
    const value = ReEncargoSchema.parse({ ...complete(), encargo_original_id: 7, observacion_re_encargo: 'Nuevo domicilio' });
    const modify = toModifyPayload(value);
    expect(modify).not.toHaveProperty('encargo_original_id');
    expect(modify).not.toHaveProperty('fecha_demanda');
    expect(modify.dda_fs_fecha).toBe('2024-04-01');
    const reassign = toReEncargoPayload(value, 'Re-encargo con datos actualizados');
    expect(reassign).toMatchObject({
      encargo_original_id: 7,
      es_re_encargo: true,
      motivo_re_encargo: 'Re-encargo con datos actualizados',
      encargo_no_realizable: false,
      observacion_re_encargo: 'Nuevo domicilio',
    });
  });
});

describe('form checks', () => {
  it('lists the empty required fields in form order', () => {
    expect(missingRequiredFields(defaultEncargoValues())).toEqual([
      'Estudio jurídico',
      'Parte demandante',
      'Tribunal',
      'Número de rol',
      'Tipo de causa',
      'Tipo de encargo',
      'Partes',
      'Fecha de retiro',
      'Fecha de la demanda',
      'Fecha de la resolución',
      'Cuantía',
      'RUT del demandado',
      'Ejecutados',
      'Observaciones',
    ]);
    expect(missingRequiredFields(complete())).toEqual([]);
  });

  it('needs an address with dirección and comuna', () => {
    expect(hasValidDomicilio(defaultEncargoValues())).toBe(false);
    expect(hasValidDomicilio(complete())).toBe(true);
  });

  it('names what keeps the documents disabled, including invalid RUTs and addresses', () => {
    expect(incompleteFields(complete(), EncargoCreateSchema)).toEqual([]);
    const values = { ...complete(), rut_representante_legal: '7654321-0', domicilios: [emptyDomicilio(true)] };
    expect(incompleteFields(values, EncargoCreateSchema)).toEqual(['RUT del representante legal', 'Domicilio']);
    expect(() => toCreatePayload(values)).toThrow();
  });
});

describe('encargoToFormValues', () => {
  it('loads an assignment as read from the API', () => {
    const encargo = {
      id: 9,
      numero_rol: 'C-9-2024',
      estado: 'preparado',
      fecha_encargo: '2024-05-02',
      fecha_retiro: '2024-05-03',
      fecha_demanda: null,
      dda_fs_fecha: '2024-04-01',
      fecha_resolucion: '2024-04-15',
      fecha_comparendo: '2030-01-15T10:00:00-03:00',
      fecha_prueba: null,
      cuantia: 250000,
      numero_operacion: 'OP-1',
      rut_ejecutado: '12345678-5',
      rut_representante_legal: null,
      ejecutados: 'Juan Pérez',
      partes: 'Banco con Juan',
      estudio_juridico: { id: 1, nombre: 'Estudio' },
      parte_demandante: { id: 2, nombre: 'Banco' },
      tribunal: { id: 3, nombre: 'Tribunal' },
      tipo_encargo: { id: 5, nombre: 'Tipo' },
      tipo_causa: { id: 4, nombre: 'Causa' },
      observaciones: 'Es urgente',
      observaciones_encargo: '',
      motivo_no_realizable: 'Suspendido',
      observacion_re_encargo: '',
      domicilios: [
        { id: 1, direccion: 'Antigua 1', comuna: 'Macul', ciudad: 'Santiago', es_principal: false, activo: false },
        { id: 2, direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago', es_principal: false, activo: true },
      ],
    } as unknown as Encargo;
    const values = encargoToFormValues(encargo);
    expect(values).toMatchObject({
      estudio_juridico: '1',
      parte_demandante: '2',
      tribunal: '3',
      tipo_causa: '4',
      tipo_encargo: '5',
      fecha_demanda: '2024-04-01',
      cuantia: 250000,
      rut_representante_legal: '',
      fecha_comparendo: '2030-01-15 10:00:00',
      observaciones_encargo: 'Es urgente',
      estado_especial: 'Suspendido',
    });
    expect(values.domicilios).toEqual([{ direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true }]);
  });

  it('reads instants as Santiago wall time for the picker', () => {
    expect(toPickerDateTime('2024-07-10T13:30:00Z')).toBe('2024-07-10 09:30:00');
    expect(toPickerDateTime(null)).toBeNull();
    expect(toPickerDateTime('nada')).toBeNull();
  });
});

describe('autoFillPartes', () => {
  it('fills blank text with the chosen plaintiff', () => {
    expect(autoFillPartes('  ', 'Banco de Chile', [])).toBe('Banco de Chile con ');
  });

  it('replaces the earlier plaintiff, also one cleared by a change of firm', () => {
    expect(autoFillPartes('Banco de Chile con ', 'Banco Estado', ['Banco de Chile'])).toBe('Banco Estado con ');
    expect(autoFillPartes('Banco de Chile con Juan Pérez', 'Banco Estado', [undefined, 'Banco de Chile'])).toBe(
      'Banco Estado con Juan Pérez',
    );
  });

  it('keeps text the user wrote', () => {
    expect(autoFillPartes('Juan Pérez con Banco', 'Banco Estado', ['Banco de Chile'])).toBeNull();
    expect(autoFillPartes('Banco Estado con Juan', 'Banco Estado', ['Banco Estado'])).toBeNull();
  });
});

describe('erasedByModify', () => {
  const stored: EncargoFormValues = {
    ...defaultEncargoValues(),
    numero_rol: 'C-1234-2024',
    ejecutados: 'Paula Contreras Ibáñez',
    observaciones_encargo: 'Es urgente',
    fecha_comparendo: '2030-05-02T09:00',
    domicilios: [
      { direccion: 'Av. Irarrázaval 1234', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: true },
      { direccion: 'Av. Grecia 55', comuna: 'Peñalolén', ciudad: 'Santiago', es_principal: false },
    ],
  };

  it('is empty when nothing stored is lost (changed values and new data are not erasing)', () => {
    expect(erasedByModify(stored, { ...stored, ejecutados: 'Paula Andrea Contreras Ibáñez', partes: 'Banco con Paula' })).toEqual([]);
    // The same address typed with other spacing or case is kept.
    const domicilios = stored.domicilios.map((d) => ({ ...d, direccion: `  ${d.direccion.toUpperCase()} ` }));
    expect(erasedByModify(stored, { ...stored, domicilios })).toEqual([]);
  });

  it('names the fields that held a value and are now empty', () => {
    expect(erasedByModify(stored, { ...stored, observaciones_encargo: '  ', fecha_comparendo: null })).toEqual([
      'Fecha de comparendo',
      'Observaciones',
    ]);
  });

  it('names the addresses no longer in the form', () => {
    const domicilios = [stored.domicilios[0]!, emptyDomicilio(false)];
    expect(erasedByModify(stored, { ...stored, domicilios })).toEqual(['Domicilio Av. Grecia 55, Peñalolén']);
  });
});
