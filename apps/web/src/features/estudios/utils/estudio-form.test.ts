import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { addErrorText, registerErrorText } from './api-errors';
import { type EstudioFormValues, defaultEstudioValues, estudioResolver } from './estudio-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<EstudioFormValues>;

describe('estudioResolver', () => {
  it('starts with one principal e-mail row and one empresa party row', () => {
    const values = defaultEstudioValues();
    expect(values.emails).toEqual([{ email: '', tipo: 'principal' }]);
    expect(values.partes_demandantes).toEqual([{ nombre: '', tipo: 'empresa' }]);
  });

  it('puts list messages on the list and field messages on the field', async () => {
    const { errors } = await estudioResolver(defaultEstudioValues(), undefined, options);
    expect(errors.nombre?.message).toBe('El nombre es requerido');
    expect(errors.emails?.root?.message).toBe('Debe proporcionar al menos un correo electrónico válido');
    expect(errors.partes_demandantes?.root?.message).toBe('Debe proporcionar al menos una parte demandante válida');
    const bad = { ...defaultEstudioValues(), emails: [{ email: 'x@', tipo: 'principal' as const }] };
    expect((await estudioResolver(bad, undefined, options)).errors.emails?.[0]?.email?.message).toBe('Formato de email inválido');
  });

  it('sends only the filled rows', async () => {
    const values: EstudioFormValues = {
      ...defaultEstudioValues(),
      nombre: 'Estudio Uno',
      rut_estudio: '76543210-k',
      telefono: '+56 2 2234 5678',
      direccion: 'Av. Apoquindo 3000',
      comuna: 'Las Condes',
      ciudad: 'Santiago',
      emails: [
        { email: 'uno@estudio.cl', tipo: 'principal' },
        { email: '', tipo: 'secundario' },
      ],
      partes_demandantes: [{ nombre: 'Banco Uno', tipo: 'banco' }],
    };
    const result = await estudioResolver(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ rut_estudio: '76543210-K', emails: [{ email: 'uno@estudio.cl', tipo: 'principal' }] });
  });
});

describe('error texts (spec 01 §8)', () => {
  const connection = (message: string) => `Error de conexión: ${message}`;
  it('firm creation: detail, else field messages, else fallback; connection errors', () => {
    expect(registerErrorText(new ApiError(409, { detail: 'Ya existe' }), 'F', connection, 'C')).toBe('Ya existe');
    expect(registerErrorText(new ApiError(400, { errors: { a: ['Uno'], b: ['Dos'] } }), 'F', connection, 'C')).toBe('Uno, Dos');
    expect(registerErrorText(new ApiError(500, {}), 'F', connection, 'C')).toBe('F');
    expect(registerErrorText(new NetworkError(new Error('Failed to fetch')), 'F', connection, 'C')).toBe('Error de conexión: Failed to fetch');
    expect(registerErrorText('boom', 'F', connection, 'C')).toBe('C');
  });

  it('adding rows: error, else detail, else 400 field messages or validation text, else fallback', () => {
    expect(addErrorText(new ApiError(400, { error: 'Malo' }), 'F', 'V')).toBe('Malo');
    expect(addErrorText(new ApiError(409, { detail: 'Repetido' }), 'F', 'V')).toBe('Repetido');
    expect(addErrorText(new ApiError(400, {}), 'F', 'V')).toBe('V');
    expect(addErrorText(new ApiError(500, {}), 'F', 'V')).toBe('F');
  });
});
