import { confianzaMessages as m } from '@receptoria/contracts';
import type { Certificado } from './x509';

/** Why a certificate is unfit to sign, as the upload's 400 names it. */
export type RazonNoApto = 'uso_clave' | 'tamano_clave' | 'tipo_clave';

export interface NoApto {
  razon: RazonNoApto;
  mensaje: string;
}

/** RSA keys shorter than this are refused (validators judge them a disallowed algorithm). */
export const RSA_BITS_MINIMO = 2048;
/** EC curves PAdES signatures accept here (ECDSA with SHA-256). */
export const CURVAS_ACEPTADAS: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384' };

function nombreTipo(cert: Certificado): string {
  const { tipo, curva, bits } = cert.clave;
  if (tipo === 'ec') return `EC ${curva ?? 'de curva desconocida'}`;
  if (tipo === 'rsa-pss') return `RSA-PSS${bits ? ` de ${bits} bits` : ''}`;
  return tipo.toUpperCase();
}

/**
 * Whether a signer certificate may sign a court document: keyUsage with nonRepudiation
 * (contentCommitment), which validators demand of a signature that commits its signer, an RSA key of
 * 2048 bits or more, or an EC key on P-256 or P-384; never a CA's certificate.
 */
export function motivoNoApto(cert: Certificado): NoApto | null {
  const { tipo, bits, curva } = cert.clave;
  if (tipo === 'rsa') {
    if ((bits ?? 0) < RSA_BITS_MINIMO) return { razon: 'tamano_clave', mensaje: m.tamanoClave(bits ?? 0) };
  } else if (!(tipo === 'ec' && curva && curva in CURVAS_ACEPTADAS)) {
    return { razon: 'tipo_clave', mensaje: m.tipoClave(nombreTipo(cert)) };
  }
  if (cert.esCa) return { razon: 'uso_clave', mensaje: m.usoClaveCa };
  if (cert.usos === null) return { razon: 'uso_clave', mensaje: m.usoClaveAusente };
  if (!cert.usos.has('nonRepudiation')) return { razon: 'uso_clave', mensaje: m.usoClaveSinNoRepudio };
  return null;
}
