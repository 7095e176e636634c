import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PortalActivarSchema,
  PortalInvitacionSchema,
  PortalPreferenciasInputSchema,
  SolicitudDatosFormSchema,
  SolicitudDatosSchema,
} from './schemas';

describe('portal contracts', () => {
  it('a request carries Nuevo Encargo fields without the firm', () => {
    const result = SolicitudDatosSchema.safeParse({ estudio_juridico: 1 });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toContain('numero_rol');
    expect(paths).not.toContain('estudio_juridico');
  });

  it('a request’s data has no field of unknown type and refuses unknown keys in Spanish', () => {
    const datos = {
      fecha_encargo: '2026-03-10',
      parte_demandante: 1,
      tribunal: 2,
      numero_rol: 'C-1-2026',
      tipo_causa: 3,
      tipo_encargo: 4,
      partes: 'Banco con Soto',
      fecha_retiro: '2026-03-10',
      fecha_demanda: '2026-03-01',
      fecha_resolucion: '2026-03-02',
      cuantia: 1000,
      rut_ejecutado: '12345678-5',
      ejecutados: 'Pedro Soto',
      domicilios: [{ direccion: 'Calle 1', comuna: 'Ñuñoa', ciudad: 'Santiago' }],
      observaciones_encargo: 'Es urgente',
    };
    const json = z.toJSONSchema(SolicitudDatosSchema, { io: 'input' }) as { properties: Record<string, object>; additionalProperties: unknown };
    for (const [key, schema] of Object.entries(json.properties)) expect(Object.keys(schema), key).not.toHaveLength(0);
    expect(json.additionalProperties).toBe(false);
    expect(SolicitudDatosSchema.parse({ ...datos, encargo_no_realizable: true }).encargo_no_realizable).toBe(true);
    expect(SolicitudDatosSchema.parse(datos)).not.toHaveProperty('encargo_no_realizable');
    for (const bad of [{ html: '<img src=x onerror=alert(1)>', n: 1 }, [null, [1, 2]], 1e308, 'true']) {
      expect(SolicitudDatosSchema.safeParse({ ...datos, encargo_no_realizable: bad }).error?.issues[0]?.message).toBe('Valor inválido');
    }
    expect(SolicitudDatosSchema.safeParse({ ...datos, extra: 1 }).error?.issues[0]?.message).toBe('Campo no reconocido: extra');
    const domicilio = { ...datos, domicilios: [{ ...datos.domicilios[0], id: 7 }] };
    expect(SolicitudDatosSchema.safeParse(domicilio).error?.issues[0]?.message).toBe('Campo no reconocido: id');
    // The request form holds other fields of the shared assignment form: they are left out.
    const fromForm = SolicitudDatosFormSchema.parse({ ...datos, estudio_juridico: null, observacion_re_encargo: '' });
    expect(SolicitudDatosSchema.parse(JSON.parse(JSON.stringify(fromForm)))).toEqual(fromForm);
  });

  it('invitation e-mails are trimmed and lowercased', () => {
    expect(PortalInvitacionSchema.parse({ nombre: 'Ana', email: ' Ana@Estudio.CL ' }).email).toBe('ana@estudio.cl');
  });

  it('activation uses the product password rules', () => {
    const result = PortalActivarSchema.safeParse({ token: 'x', password: 'corta' });
    expect(result.error?.issues[0]?.message).toBe('La contraseña debe tener al menos 8 caracteres');
  });

  it('preferences refuse unknown keys', () => {
    expect(PortalPreferenciasInputSchema.safeParse({ mail_otros: true }).success).toBe(false);
    expect(PortalPreferenciasInputSchema.parse({ mail_plazos: false })).toEqual({ mail_plazos: false });
  });
});
