import { describe, expect, it, vi } from 'vitest';
import { AgregarEmailsSchema, EMAIL_PATTERN, EstudioCreateSchema } from '../estudios/schemas';
import { ClienteCreateSchema } from '../onboarding/schemas';
import { LoginSchema } from '../auth/schemas';
import { EncargoListQuerySchema } from '../encargos/schemas';
import { IdParamSchema } from './errors';
import { ReceptorDatosUpdateSchema } from '../receptor/schemas';
import { boundedString, hasOnlyAsciiDigits, hasVisibleCharacter, ID_MAX, idSchema, inputMessages } from './text';

const MEGABYTE = 'a'.repeat(1024 * 1024);

describe('bounded strings', () => {
  it('cuts an oversized value before any later check runs', () => {
    const later = vi.fn(() => true);
    const schema = boundedString(254).refine(later).regex(/^(a+)+$/);
    const result = schema.safeParse(MEGABYTE);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(inputMessages.textoDemasiadoLargo(254));
    expect(later).not.toHaveBeenCalled();
  });

  it('refuses a NUL character', () => {
    const result = boundedString(50).safeParse('hola\u0000mundo');
    expect(result.error?.issues[0]?.message).toBe(inputMessages.caracterNoPermitido);
    expect(LoginSchema.safeParse({ username: 'ad\u0000min', password: 'secreto-1' }).success).toBe(false);
  });
});

describe('ids', () => {
  it('accepts 1..2147483647 and refuses anything outside with a Spanish message', () => {
    expect(idSchema().parse('2147483647')).toBe(ID_MAX);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'abc', '99999999999999999999999']) {
      const result = IdParamSchema.safeParse({ id: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(inputMessages.idInvalido);
    }
    expect(EncargoListQuerySchema.safeParse({ estudio: '2147483648' }).success).toBe(false);
  });

  it('reads only canonical ids: no sign, leading zero, spaces, decimals, exponents or other digits', () => {
    expect(IdParamSchema.parse({ id: '10' }).id).toBe(10);
    expect(IdParamSchema.parse({ id: 7 }).id).toBe(7);
    for (const bad of ['+1', '01', '00', ' 1', '1 ', '\t1', '1.0', '1e0', '0x1', '٠١', '１', '', '-0']) {
      const result = IdParamSchema.safeParse({ id: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(inputMessages.idInvalido);
    }
    expect(EncargoListQuerySchema.safeParse({ estudio: '01' }).success).toBe(false);
  });
});

describe('text that is not text', () => {
  it('needs a visible character in required text and ASCII digits where digits are read', () => {
    expect(hasVisibleCharacter('\u202E')).toBe(false);
    expect(hasVisibleCharacter('\u200B\u2060\uFEFF \u00A0')).toBe(false);
    expect(hasVisibleCharacter('\u0301')).toBe(false);
    expect(hasVisibleCharacter('\u202Eabc')).toBe(true);
    expect(hasVisibleCharacter('Ñ')).toBe(true);
    expect(hasOnlyAsciiDigits('OP-778812')).toBe(true);
    expect(hasOnlyAsciiDigits('OP-\u0667\u0667')).toBe(false);
    expect(hasOnlyAsciiDigits('１２')).toBe(false);
    const rut = ReceptorDatosUpdateSchema.safeParse({ nombre: 'Ana Torres', rut: '\u0661' + '12.345.678-5' });
    expect(rut.success).toBe(false);
    expect(ReceptorDatosUpdateSchema.safeParse({ nombre: '\u202E', rut: '12.345.678-5' }).success).toBe(false);
    expect(ReceptorDatosUpdateSchema.parse({ nombre: 'Ana Torres', rut: '12.345.678-5' }).rut).toBe('12345678-5');
  });
});

describe('Spanish messages', () => {
  it('never answers with zod English defaults', () => {
    const samples = [
      LoginSchema.safeParse({ username: 12, password: [] }),
      LoginSchema.safeParse(null),
      EstudioCreateSchema.safeParse({ nombre: {}, emails: 'x', partes_demandantes: 5, activo: 'quizás' }),
      ClienteCreateSchema.safeParse({ nombre: true, rut: 1, username: 'a b', password: 1 }),
      EncargoListQuerySchema.safeParse({ page: 'x', page_size: '1e9', estado: 'nada' }),
    ];
    const messages = samples.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) expect(message).not.toMatch(/\b(Invalid|Expected|expected|received|Too (big|small))\b/);
  });
});

describe('linear-time patterns', () => {
  it('matches e-mails as before', () => {
    for (const ok of ['a@b.cl', 'juan.perez@estudio.co.cl', 'x+y@d-1.com']) expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a b@c.cl', '@b.cl', 'a@@b.cl', 'a@b.', 'a@.b']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('refuses the long agregar_emails value of the report quickly', () => {
    const adversarial = ['a@' + 'a.'.repeat(20_000) + ' ', 'a@' + '.'.repeat(40_000) + '@'];
    const started = Date.now();
    for (const value of adversarial) {
      EMAIL_PATTERN.test(value);
      expect(AgregarEmailsSchema.safeParse({ emails: [value] }).success).toBe(false);
    }
    // The quadratic pattern took over a second per value here.
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('refuses a 1 MB value in every text field of a body', () => {
    const started = Date.now();
    const result = EstudioCreateSchema.safeParse({
      nombre: MEGABYTE,
      direccion: MEGABYTE,
      comuna: MEGABYTE,
      ciudad: MEGABYTE,
      telefono: MEGABYTE,
      rut_estudio: MEGABYTE,
      emails: [MEGABYTE],
      partes_demandantes: [MEGABYTE],
    });
    expect(result.success).toBe(false);
    expect(Date.now() - started).toBeLessThan(200);
  });
});
