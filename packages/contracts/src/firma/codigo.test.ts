import { describe, expect, it } from 'vitest';
import {
  BASE32_ALFABETO,
  codigoVerificacionDesdeBytes,
  formatearCodigoVerificacion,
  normalizarCodigoVerificacion,
  rutaVerificacion,
} from './codigo';
import { CodigoVerificacionSchema, FirmarSchema, MarcarDocumentoSubidoSchema } from './schemas';

describe('verification codes', () => {
  const codigo = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

  it('prints groups of 4 joined by hyphens', () => {
    expect(formatearCodigoVerificacion(codigo)).toBe('ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ');
    expect(rutaVerificacion(codigo)).toBe('/verificar/ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ');
  });

  it('accepts it with or without hyphens, in any case', () => {
    expect(normalizarCodigoVerificacion('abcd-efgh-ijkl-mnop-qrst-uvwx-yz')).toBe(codigo);
    expect(normalizarCodigoVerificacion('abcdEFGHijklMNOPqrstUVWXyz')).toBe(codigo);
    expect(normalizarCodigoVerificacion(' ABCD EFGH-IJKL MNOP-QRST-UVWX-YZ ')).toBe(codigo);
    expect(CodigoVerificacionSchema.parse('abcd-efgh-ijkl-mnop-qrst-uvwx-yz')).toBe(codigo);
  });

  it('refuses other alphabets, lengths and types', () => {
    for (const bad of ['ABCDEFGHIJKLMNOPQRSTUVWXY1', 'ABCDEFGHIJKLMNOPQRSTUVWXY', 'ABCDEFGHIJKLMNOPQRSTUVWXYZA', '', 'Ñ'.repeat(26), 'A'.repeat(200)]) {
      expect(normalizarCodigoVerificacion(bad)).toBeNull();
      expect(CodigoVerificacionSchema.safeParse(bad).error?.issues[0]?.message).toBe('El código de verificación no es válido');
    }
    expect(normalizarCodigoVerificacion(42)).toBeNull();
  });

  it('carries 130 bits: every byte value reaches the code, the last 6 bits of 17 bytes are dropped', () => {
    const ceros = codigoVerificacionDesdeBytes(new Uint8Array(17));
    expect(ceros).toBe('A'.repeat(26));
    const unos = codigoVerificacionDesdeBytes(new Uint8Array(17).fill(255));
    expect(unos).toBe('7'.repeat(26));
    const ultimo = new Uint8Array(17);
    ultimo[16] = 0b0011_1111;
    expect(codigoVerificacionDesdeBytes(ultimo)).toBe('A'.repeat(26));
    ultimo[16] = 0b0100_0000;
    expect(codigoVerificacionDesdeBytes(ultimo)).toBe(`${'A'.repeat(25)}B`);
    for (const ch of codigoVerificacionDesdeBytes(Uint8Array.from({ length: 17 }, (_, i) => i * 37))) expect(BASE32_ALFABETO).toContain(ch);
  });
});

describe('signing inputs', () => {
  it('needs documents and a password; ids are uuids, repeated once', () => {
    const id = '0b6f8a4e-8f7c-4d7e-9a55-1c2d3e4f5a6b';
    expect(FirmarSchema.parse({ documento_ids: [id, id.toUpperCase()], password: 'x' }).documento_ids).toEqual([id]);
    expect(FirmarSchema.safeParse({ documento_ids: [], password: 'x' }).error?.issues[0]?.message).toBe('Debe seleccionar al menos un documento');
    expect(FirmarSchema.safeParse({ documento_ids: [id], password: '' }).error?.issues[0]?.message).toBe('Debe ingresar la contraseña del certificado');
    expect(FirmarSchema.safeParse({ documento_ids: ['1'], password: 'x' }).error?.issues[0]?.message).toBe('Documento no válido');
    expect(MarcarDocumentoSubidoSchema.safeParse({ fecha: '2026-02-30' }).error?.issues[0]?.message).toBe('Fecha de subida inválida');
    expect(MarcarDocumentoSubidoSchema.safeParse({}).error?.issues[0]?.message).toBe('Debe indicar la fecha en que se subió al tribunal');
  });
});
