import type { EncargoConResultados } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { encargoToInfoValues, modifiedFields, patchErrors, toPatchPayload } from './info-form';

const encargo = {
  fecha_encargo: '2024-05-02',
  tribunal: { id: 3, nombre: '3° Juzgado Civil de Santiago' },
  tipo_causa: { id: 1, nombre: 'Ejecutivo' },
  tipo_encargo: { id: 2, nombre: 'Notificación' },
  partes: 'Banco de Chile con Paula Contreras',
  ejecutados: 'Paula Contreras Ibáñez',
  rut_ejecutado: '12345678-5',
  rut_representante_legal: null,
  fecha_retiro: '2024-05-02',
  fecha_demanda: '2024-04-01',
  dda_fs_fecha: '2024-04-01',
  fecha_resolucion: '2024-04-15',
  fecha_comparendo: '2025-01-10T12:30:00-03:00',
  fecha_prueba: null,
  cuantia: 1500000,
  numero_operacion: '',
  observaciones_encargo: 'Es urgente',
  observacion_retiro: '',
  motivo_no_realizable: '',
  domicilios: [
    { id: 10, direccion: 'Los Aromos 55', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: false, activo: true },
    { id: 11, direccion: 'Av. Providencia 1234', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true, activo: true },
  ],
} as unknown as EncargoConResultados;

describe('encargoToInfoValues', () => {
  it('takes the principal address and shows stored date-times as Santiago wall time', () => {
    const values = encargoToInfoValues(encargo);
    expect(values.direccion).toBe('Av. Providencia 1234');
    expect(values.tribunal).toBe('3');
    expect(values.fecha_comparendo).toBe('2025-01-10 12:30:00');
    expect(values.fecha_prueba).toBeNull();
    expect(values.rut_representante_legal).toBe('');
  });
});

describe('modified fields', () => {
  it('lists only the fields flagged dirty, in form order', () => {
    expect(modifiedFields({ cuantia: true, partes: true, comuna: false })).toEqual(['partes', 'cuantia']);
  });

  it('sends only the changed fields, ids as numbers', () => {
    const values = { ...encargoToInfoValues(encargo), tribunal: '5', cuantia: 2000000, ejecutados: 'Otra Persona' };
    expect(toPatchPayload(values, ['tribunal', 'ejecutados', 'cuantia'], encargo)).toEqual({
      tribunal: 5,
      ejecutados: 'Otra Persona',
      cuantia: 2000000,
    });
  });

  it('rewrites the principal address and keeps the others when an address part changed', () => {
    const values = { ...encargoToInfoValues(encargo), comuna: 'Las Condes' };
    expect(toPatchPayload(values, ['comuna'], encargo)).toEqual({
      domicilios: [
        { direccion: 'Los Aromos 55', comuna: 'Ñuñoa', ciudad: 'Santiago', es_principal: false, activo: true },
        { direccion: 'Av. Providencia 1234', comuna: 'Las Condes', ciudad: 'Santiago', es_principal: true, activo: true },
      ],
    });
  });

  it('checks the changes with the contract rules of the full form', () => {
    expect(patchErrors({ cuantia: 100, ejecutados: 'Alguien' })).toEqual({});
    const errors = patchErrors({ rut_ejecutado: '12.345.678-9', cuantia: null, domicilios: [{ direccion: '', comuna: 'X', ciudad: 'Y' }] });
    expect(errors.rut_ejecutado).toBe('RUT inválido');
    expect(errors.cuantia).toBe('La cuantía es requerida');
    expect(errors.direccion).toBe('La dirección es requerida');
  });
});
