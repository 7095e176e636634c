import { describe, expect, it } from 'vitest';
import {
  PortalActivarSchema,
  PortalInvitacionSchema,
  PortalPreferenciasInputSchema,
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
