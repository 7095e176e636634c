import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the users' signing certificates at rest. The key comes from TOKEN_ENCRYPTION_KEY
 * (else the installation's signing secret), hashed with a purpose of its own so it never equals the
 * key of the OAuth tokens. Stored as v1:iv:tag:data (base64url).
 */
export class CifradoCertificados {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`receptoria-firma-p12:${secret}`).digest();
  }

  cifrar(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  /** Throws when the value was not encrypted with this key (or was altered). */
  descifrar(stored: string): Buffer {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('formato de certificado cifrado desconocido');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  }
}
