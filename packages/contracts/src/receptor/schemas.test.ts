import { describe, expect, it } from 'vitest';
import { canEditReceptor } from './access';
import { receptorMessages as m } from './messages';
import { ReceptorDatosUpdateSchema } from './schemas';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ReceptorDatosUpdateSchema', () => {
  it('accepts the RUT with dots and stores it as 12345678-5; keeps absent fields absent', () => {
    const value = ReceptorDatosUpdateSchema.parse({ nombre: ' Ana Torres ', rut: '12.345.678-5', email: 'Ana@Torres.CL', titulo: null });
    expect(value).toEqual({ nombre: 'Ana Torres', rut: '12345678-5', email: 'ana@torres.cl', titulo: '' });
  });

  it('rejects a RUT with a wrong check digit, and names missing name and RUT', () => {
    expect(messagesOf(ReceptorDatosUpdateSchema.safeParse({ nombre: 'Ana', rut: '12.345.678-9' }))).toEqual({ rut: m.rutInvalido });
    expect(messagesOf(ReceptorDatosUpdateSchema.safeParse({}))).toEqual({ nombre: m.nombreRequerido, rut: m.rutRequerido });
  });

  it('holds each field to its column length', () => {
    const result = ReceptorDatosUpdateSchema.safeParse({ nombre: 'Ana', rut: '12345678-5', titulo: 'x'.repeat(201), comuna: 'x'.repeat(101) });
    expect(messagesOf(result)).toEqual({ titulo: m.textoDemasiadoLargo(200), comuna: m.textoDemasiadoLargo(100) });
  });
});

describe('canEditReceptor', () => {
  it('allows cargo receptor, the permissions module and the platform admin; not a plain secretaria', () => {
    expect(canEditReceptor({ username: 'ana', cargo: 'receptor' }, [])).toBe(true);
    expect(canEditReceptor({ username: 'paula', cargo: 'secretaria' }, ['gestiona_permisos'])).toBe(true);
    expect(canEditReceptor({ username: 'admin', cargo: 'secretaria' }, [])).toBe(true);
    expect(canEditReceptor({ username: 'paula', cargo: 'secretaria' }, ['estampa_1', 'imprime_recibos'])).toBe(false);
  });
});
