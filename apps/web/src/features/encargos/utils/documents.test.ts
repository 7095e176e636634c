import type { EstudioListItem } from '@receptoria/contracts';
import { describe, expect, it } from 'vitest';
import { fichaTerrenoRequest, membreteRequest } from './documents';
import { defaultEncargoValues, type EncargoFormValues } from './encargo-form';

const lookups = {
  estudios: [{ id: 1, nombre: 'Larraín, Vial y Asociados', rut_estudio: '76482915-8', activo: true, partes_demandantes: [] }] as EstudioListItem[],
  tribunales: [{ id: 3, nombre: '3° Juzgado Civil de Santiago' }],
  tiposCausa: [{ id: 4, nombre: 'Juicio Ejecutivo' }],
  tiposEncargo: [{ id: 5, nombre: 'Notificación Personal' }],
};

const values: EncargoFormValues = {
  ...defaultEncargoValues(),
  fecha_encargo: '2024-05-02',
  estudio_juridico: '1',
  tribunal: '3',
  numero_rol: ' c-7-2024 ',
  tipo_causa: '4',
  tipo_encargo: '5',
  partes: 'Banco con Juan',
  fecha_demanda: '2024-04-01',
  fecha_resolucion: '2024-04-15',
  cuantia: 150000,
  rut_ejecutado: '12345678-5',
  ejecutados: 'Juan Pérez',
  domicilios: [
    { direccion: 'Antigua 1', comuna: 'Macul', ciudad: 'Santiago', es_principal: false },
    { direccion: 'Los Leones 45', comuna: 'Providencia', ciudad: 'Santiago', es_principal: true },
  ],
};

describe('document requests', () => {
  it('fill the membrete with names, the principal address and dd/mm/yyyy dates', () => {
    expect(membreteRequest(values, lookups)).toEqual({
      nombre_receptor: '',
      ejecutados: 'Juan Pérez',
      ejecutado_direccion: 'Los Leones 45',
      ejecutado_comuna: 'Providencia',
      tribunal_nombre: '3° Juzgado Civil de Santiago',
      numero_rol: 'C-7-2024',
      tipo_causa_nombre: 'Juicio Ejecutivo',
      partes: 'Banco con Juan',
      fecha_encargo: '02/05/2024',
    });
  });

  it('fill the ficha terreno with the firm and court names', () => {
    const ficha = fichaTerrenoRequest(values, lookups);
    expect(ficha).toMatchObject({
      estudio_juridico: 'Larraín, Vial y Asociados',
      tribunal: '3° Juzgado Civil de Santiago',
      tipo_encargo_nombre: 'Notificación Personal',
      cuantia: 150000,
      fecha_demanda: '01/04/2024',
      fecha_resolucion: '15/04/2024',
      ejecutado_direccion: 'Los Leones 45',
    });
    expect(ficha.fecha_actual).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});
