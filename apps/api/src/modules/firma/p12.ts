import { createHash, createPrivateKey } from 'node:crypto';
import { formatRutWithDots, isValidRut } from '@receptoria/contracts';
import forge from 'node-forge';
import type { FirmanteCms } from './cms-pades';

/** The PKCS#12 file is not one (or not one this server can read). */
export class P12FormatoError extends Error {}
/** The password does not open the PKCS#12 file. */
export class P12PasswordError extends Error {}
/** The file opens but carries no private key matching a certificate. */
export class P12SinClaveError extends Error {}

export interface P12Info {
  nombre: string;
  /** RUT with dots and hyphen, '' when the certificate carries none. */
  rut: string;
  emisor: string;
  numeroSerie: string;
  /** SHA-256 (hex) of the signer's certificate (DER). */
  huellaSha256: string;
  validoDesde: Date;
  validoHasta: Date;
}

const OID_SERIAL_NUMBER = '2.5.4.5';
const OID_SUBJECT_ALT_NAME = '2.5.29.17';
const RUT_EN_TEXTO = /(\d{1,2}\.?\d{3}\.?\d{3}-[\dkK])/;

interface Atributo {
  type: string;
  name?: string;
  shortName?: string;
  value: unknown;
  valueTagClass?: number;
}

/**
 * forge reads UTF8String values as raw bytes (Muñoz would read MuÃ±oz): decoded in place for the
 * names we show. The signature never re-encodes a name: it copies the certificates' DER (cms-pades.ts).
 */
function normalizarNombres(cert: forge.pki.Certificate): void {
  for (const attrs of [cert.subject.attributes, cert.issuer.attributes] as Atributo[][]) {
    for (const attr of attrs) {
      if (attr.valueTagClass !== forge.asn1.Type.UTF8 || typeof attr.value !== 'string') continue;
      try {
        attr.value = forge.util.decodeUtf8(attr.value);
      } catch {
        // not valid UTF-8: kept as it came
      }
    }
  }
}

function texto(attr: Atributo | undefined): string {
  return attr && typeof attr.value === 'string' ? attr.value.trim() : '';
}

function campo(attrs: Atributo[], shortName: string): string {
  return texto(attrs.find((a) => a.shortName === shortName));
}

function rutDe(valor: string): string {
  const hallado = RUT_EN_TEXTO.exec(valor)?.[1];
  if (!hallado) return '';
  const limpio = hallado.replace(/\./g, '').toUpperCase();
  return isValidRut(limpio) ? formatRutWithDots(limpio) : '';
}

/**
 * The RUT a Chilean signing certificate carries: the subject's serialNumber (12345678-5, sometimes with
 * a prefix), another subject attribute, or the subjectAltName (otherName 1.3.6.1.4.1.8321.1 of the
 * Chilean CAs).
 */
function rutDelCertificado(cert: forge.pki.Certificate): string {
  const attrs = cert.subject.attributes as Atributo[];
  const serial = attrs.find((a) => a.type === OID_SERIAL_NUMBER);
  for (const valor of [texto(serial), ...attrs.map((a) => texto(a))]) {
    const rut = rutDe(valor);
    if (rut) return rut;
  }
  const san = (cert.extensions as { id?: string; value?: string }[]).find((e) => e.id === OID_SUBJECT_ALT_NAME);
  return san?.value ? rutDe(san.value.replace(/[^\x20-\x7e]/g, ' ')) : '';
}

function esMismaClave(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate): boolean {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(pub?.n && key.n.compareTo(pub.n) === 0 && key.e.compareTo(pub.e) === 0);
}

/** An opened PKCS#12: what the signature needs (the key for Node's OpenSSL, the certificates as DER). */
export interface P12Abierto extends FirmanteCms {
  info: P12Info;
}

const derDe = (cert: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

/**
 * Opens a PKCS#12 (.p12/.pfx) with its password — both the legacy 3DES/RC2 encoding and OpenSSL 3's
 * AES-256-CBC with PBKDF2-HMAC-SHA256 — and reads the signer's certificate (the one matching the key).
 */
export function abrirP12(bytes: Buffer, password: string): P12Abierto {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), { strict: false } as never);
  } catch {
    throw new P12FormatoError('no es DER');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const mensaje = error instanceof Error ? error.message : String(error);
    if (/password|MAC/i.test(mensaje)) throw new P12PasswordError(mensaje);
    throw new P12FormatoError(mensaje);
  }
  const oidClave = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const oidCert = forge.pki.oids.certBag as string;
  const llaves: forge.pkcs12.Bag[] = p12.getBags({ bagType: oidClave })[oidClave] ?? [];
  const key = llaves[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new P12SinClaveError('sin clave privada');
  const bolsas: forge.pkcs12.Bag[] = p12.getBags({ bagType: oidCert })[oidCert] ?? [];
  const certs = bolsas
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => c !== undefined);
  const cert = certs.find((c) => esMismaClave(key, c));
  if (!cert) throw new P12SinClaveError('ningún certificado corresponde a la clave');
  certs.forEach(normalizarNombres);
  const subject = cert.subject.attributes as Atributo[];
  const issuer = cert.issuer.attributes as Atributo[];
  const der = derDe(cert);
  const info: P12Info = {
    nombre: (campo(subject, 'CN') || [campo(subject, 'GN'), campo(subject, 'SN')].filter(Boolean).join(' ') || campo(subject, 'O')).slice(0, 300),
    rut: rutDelCertificado(cert),
    emisor: (campo(issuer, 'CN') || campo(issuer, 'O') || campo(issuer, 'OU')).slice(0, 300),
    numeroSerie: cert.serialNumber.slice(0, 100),
    huellaSha256: createHash('sha256').update(der).digest('hex'),
    validoDesde: cert.validity.notBefore,
    validoHasta: cert.validity.notAfter,
  };
  return { info, clave: createPrivateKey(forge.pki.privateKeyToPem(key)), certificado: der, cadena: certs.map(derDe) };
}

export function leerP12(bytes: Buffer, password: string): P12Info {
  return abrirP12(bytes, password).info;
}

export type Vigencia = 'vigente' | 'vencido' | 'no_vigente_aun';

export function vigencia(info: Pick<P12Info, 'validoDesde' | 'validoHasta'>, now: Date): Vigencia {
  if (now.getTime() < info.validoDesde.getTime()) return 'no_vigente_aun';
  if (now.getTime() > info.validoHasta.getTime()) return 'vencido';
  return 'vigente';
}
