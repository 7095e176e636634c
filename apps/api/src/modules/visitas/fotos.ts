import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FOTO_ENLACE_SEGUNDOS, type FotoTipoMime } from '@receptoria/contracts';
import type { ControlDb } from '@receptoria/db';
import { resolveSetting } from '../estampados/estampados.repository';

/**
 * The image type by its first bytes (never by the name or the declared type): JPEG (FF D8 FF), PNG
 * (its 8-byte signature) or WebP (RIFF....WEBP); anything else is null.
 */
export function tipoPorFirma(bytes: Buffer): FotoTipoMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export const FOTO_PATH_PREFIX = '/api/v1/visitas/fotos';

/**
 * Signed photo links: the browser's <img> and a new tab carry no bearer, so the link carries an HMAC
 * over the receiver, the photo and the expiry (`exp`, Unix seconds, inside the signed part).
 */
export interface FotoSigner {
  url(tenantId: number, fotoId: string, now?: Date): string;
  verify(tenantId: number, fotoId: string, exp: number, sig: string, now?: Date): boolean;
}

export async function createFotoSigner(controlDb: ControlDb): Promise<FotoSigner> {
  const key = await resolveSetting(controlDb, 'visitas_fotos_url_key', () => randomBytes(32).toString('base64url'));
  const sign = (tenantId: number, fotoId: string, exp: number) =>
    createHmac('sha256', key).update(`visita_foto:${tenantId}:${fotoId}:${exp}`).digest('base64url');
  return {
    url(tenantId, fotoId, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + FOTO_ENLACE_SEGUNDOS;
      return `${FOTO_PATH_PREFIX}/${tenantId}/${fotoId}?exp=${exp}&sig=${sign(tenantId, fotoId, exp)}`;
    },
    verify(tenantId, fotoId, exp, sig, now = new Date()) {
      if (!Number.isSafeInteger(exp) || exp * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(tenantId, fotoId, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
