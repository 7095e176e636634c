import { describe, expect, it } from 'vitest';
import { onboardingMessages as m } from './messages';
import {
  ClienteCreateSchema,
  ClienteUpdateSchema,
  ClienteUsuarioCreateSchema,
  isHttpUrl,
  suggestUsername,
} from './schemas';

const valid = {
  nombre: 'Receptora Judicial Ana Torres',
  rut: '12.345.678-5',
  direccion: 'Huérfanos 1160, oficina 504',
  comuna: 'Santiago',
  telefono: '+56 2 2345 6789',
  email: 'Oficina@Torres.cl',
  username: 'receptor_ana_torres',
  password: 'clave-segura-1',
  usuario_email: 'ana@torres.cl',
  first_name: 'Ana',
  last_name: 'Torres',
  carpeta_principal: 'https://drive.google.com/drive/folders/abc',
  carpeta_cobranza: '',
  carpeta_estampados: 'https://drive.google.com/drive/folders/def?usp=sharing',
  carpeta_plantillas: undefined,
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('suggestUsername', () => {
  it('prefixes receptor_ and turns every run of other characters into one underscore', () => {
    expect(suggestUsername('Receptor Juan  Pérez & Cía. 2')).toBe('receptor_receptor_juan_p_rez_c_a_2');
    expect(suggestUsername('ANA-MARÍA')).toBe('receptor_ana_mar_a');
    expect(suggestUsername('  Muñoz ')).toBe('receptor_mu_oz');
    expect(suggestUsername('Juan Pérez')).toBe('receptor_juan_p_rez');
  });
});

describe('ClienteCreateSchema', () => {
  it('accepts a full client, normalises the RUT and lower-cases e-mails', () => {
    const value = ClienteCreateSchema.parse(valid);
    expect(value.rut).toBe('12345678-5');
    expect(value.email).toBe('oficina@torres.cl');
    expect(value.cargo).toBe('receptor');
    expect(value.carpeta_cobranza).toBe('');
    expect(value.carpeta_plantillas).toBe('');
  });

  it('rejects a RUT with a wrong check digit', () => {
    const result = ClienteCreateSchema.safeParse({ ...valid, rut: '12345678-9' });
    expect(messagesOf(result)).toEqual({ rut: m.rutInvalido });
  });

  it('names every missing required field in Spanish', () => {
    const result = ClienteCreateSchema.safeParse({});
    expect(messagesOf(result)).toEqual({
      nombre: m.nombreRequerido,
      rut: m.rutRequerido,
      username: m.usernameRequerido,
      password: m.passwordRequerida,
      usuario_email: m.usuarioEmailRequerido,
      first_name: m.firstNameRequerido,
      last_name: m.lastNameRequerido,
    });
  });

  it('rejects folder links that are not http(s) URLs', () => {
    const result = ClienteCreateSchema.safeParse({ ...valid, carpeta_cobranza: 'carpeta compartida', carpeta_plantillas: 'ftp://x.cl/a' });
    expect(messagesOf(result)).toEqual({ carpeta_cobranza: m.urlInvalida, carpeta_plantillas: m.urlInvalida });
  });

  it('rejects a short password, a bad username, a bad cargo and a bad e-mail', () => {
    const result = ClienteCreateSchema.safeParse({
      ...valid,
      password: '1234567',
      username: 'ana torres',
      cargo: 'jefe',
      usuario_email: 'ana@',
    });
    expect(messagesOf(result)).toEqual({
      password: m.passwordMinima,
      username: m.usernameFormato,
      cargo: m.cargoInvalido,
      usuario_email: m.emailFormato,
    });
  });
});

describe('ClienteUsuarioCreateSchema', () => {
  it('defaults the cargo to secretaria', () => {
    const value = ClienteUsuarioCreateSchema.parse({
      username: 'sec_ana',
      password: 'clave-segura-2',
      email: 'sec@torres.cl',
      first_name: 'Paula',
      last_name: 'Secretaria',
    });
    expect(value.cargo).toBe('secretaria');
  });

  it('requires the e-mail', () => {
    const result = ClienteUsuarioCreateSchema.safeParse({ username: 'sec_ana', password: 'clave-segura-2', first_name: 'P', last_name: 'S' });
    expect(messagesOf(result)).toEqual({ email: m.emailRequerido });
  });
});

describe('ClienteUpdateSchema', () => {
  it('refuses an empty change', () => {
    expect(messagesOf(ClienteUpdateSchema.safeParse({}))).toEqual({ '': m.sinCambios });
  });

  it('accepts a state change alone', () => {
    expect(ClienteUpdateSchema.parse({ activo: false })).toEqual({ activo: false });
  });
});

describe('isHttpUrl', () => {
  it('accepts http and https addresses only', () => {
    expect(isHttpUrl('https://drive.google.com/drive/folders/1AbC')).toBe(true);
    expect(isHttpUrl('http://localhost:8080/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('www.google.cl')).toBe(false);
  });
});
