import { describe, expect, it } from 'vitest';
import { AgregarEmailsSchema, AgregarPartesSchema, EstudioCreateSchema } from './schemas';

const valid = {
  nombre: 'Estudio Jurídico Larraín y Asociados',
  direccion: 'Av. Apoquindo 3000, oficina 1201',
  comuna: 'Las Condes',
  ciudad: 'Santiago',
  telefono: '+56 2 2234 5678',
  fax: '',
  rut_estudio: '76543210-k',
  emails: [{ email: 'Contacto@Larrain.cl', tipo: 'principal' }, { email: '' }, 'cobranza@larrain.cl'],
  partes_demandantes: [{ nombre: 'Banco de Chile', tipo: 'banco' }, { nombre: '  ' }],
  enviar_informes_diarios: true,
  enviar_informes_mensuales: false,
};

function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('EstudioCreateSchema', () => {
  it('drops blank rows and fills default types', () => {
    const value = EstudioCreateSchema.parse(valid);
    expect(value.emails).toEqual([
      { email: 'contacto@larrain.cl', tipo: 'principal', activo: true },
      { email: 'cobranza@larrain.cl', tipo: 'secundario', activo: true },
    ]);
    expect(value.partes_demandantes).toEqual([{ nombre: 'Banco de Chile', tipo: 'banco', activo: true }]);
    expect(value.rut_estudio).toBe('76543210-K');
  });

  it('accepts phones with and without the country code', () => {
    for (const telefono of ['+56222345678', '56 9 8765 4321', '222345678', '+56 2 2234 5678']) {
      expect(EstudioCreateSchema.safeParse({ ...valid, telefono }).success).toBe(true);
    }
  });

  it('gives the spec messages', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nombre: '' }, 'El nombre es requerido'],
      [{ nombre: 'ab' }, 'Mínimo 3 caracteres'],
      [{ telefono: '' }, 'El teléfono es requerido'],
      [{ telefono: '+56 1 2234 5678' }, 'Formato inválido (ej: +56 2 2234 5678)'],
      [{ telefono: '2234567' }, 'Formato inválido (ej: +56 2 2234 5678)'],
      [{ direccion: '' }, 'La dirección es requerida'],
      [{ direccion: 'Calle 1' }, 'Mínimo 10 caracteres'],
      [{ comuna: '' }, 'La comuna es requerida'],
      [{ ciudad: '' }, 'La ciudad es requerida'],
      [{ rut_estudio: '' }, 'El RUT del estudio es requerido'],
      [{ rut_estudio: '76.543.210-K' }, 'Formato inválido (ej: 12345678-9)'],
      [{ emails: [{ email: '' }] }, 'Debe proporcionar al menos un correo electrónico válido'],
      [{ emails: ['no-es-correo'] }, 'Formato de email inválido'],
      [{ partes_demandantes: [''] }, 'Debe proporcionar al menos una parte demandante válida'],
    ];
    for (const [patch, message] of cases) {
      expect(messagesOf(EstudioCreateSchema.safeParse({ ...valid, ...patch }))).toEqual([message]);
    }
  });
});

describe('adding e-mails and parties', () => {
  it('validates each e-mail', () => {
    expect(messagesOf(AgregarEmailsSchema.safeParse({ emails: [''] }))).toEqual(['Debe ingresar un email válido']);
    expect(messagesOf(AgregarEmailsSchema.safeParse({ emails: [{ email: 'a@b' }] }))).toEqual([
      'Formato de email inválido',
    ]);
    expect(AgregarEmailsSchema.parse({ emails: [{ email: 'x@y.cl', tipo: 'informes' }, 'z@y.cl'] }).emails).toEqual([
      { email: 'x@y.cl', tipo: 'informes', activo: true },
      { email: 'z@y.cl', tipo: 'secundario', activo: true },
    ]);
  });
  it('validates each party name', () => {
    expect(messagesOf(AgregarPartesSchema.safeParse({ partes_demandantes: [{ nombre: ' ' }] }))).toEqual([
      'Debe ingresar un nombre para la parte demandante',
    ]);
    expect(messagesOf(AgregarPartesSchema.safeParse({ partes_demandantes: [{ nombre: 'X', tipo: 'otro' }] }))).toEqual([
      'Tipo de parte demandante inválido',
    ]);
  });
});
