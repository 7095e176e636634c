import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { formatRutWithDots, isValidRut } from '@receptoria/contracts';
import type * as Forge from 'node-forge';
import { requerirForge } from '../../lib/lazy';
import type { FirmanteCms } from './cms-pades';
import { atributo, type Certificado, leerCertificado, nombreCorto, OID_ATRIBUTO } from './x509';

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

const RUT_EN_TEXTO = /(\d{1,2}\.?\d{3}\.?\d{3}-[\dkK])/;

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
function rutDelCertificado(cert: Certificado): string {
  for (const valor of [atributo(cert.sujeto, OID_ATRIBUTO.serialNumber), ...cert.sujeto.map((a) => a.valor)]) {
    const rut = rutDe(valor);
    if (rut) return rut;
  }
  return rutDe(cert.sanTexto);
}

/** An opened PKCS#12: what the signature needs (the key for Node's OpenSSL, the certificates as DER). */
export interface P12Abierto extends FirmanteCms {
  info: P12Info;
  /** The signer's certificate, parsed. */
  firmante: Certificado;
  /** Every certificate the file brought (the signer's included), parsed. */
  certificados: Certificado[];
}

const derDeAsn1 = (node: Forge.asn1.Asn1) => Buffer.from(requerirForge().asn1.toDer(node).getBytes(), 'binary');
const derDe = (cert: Forge.pki.Certificate) => derDeAsn1(requerirForge().pki.certificateToAsn1(cert));

type Bolsa = Forge.pkcs12.Bag & { asn1?: Forge.asn1.Asn1 };

/** The bag's private key: forge reads RSA keys; any other type (EC) comes as its decrypted PrivateKeyInfo. */
function claveDe(bag: Bolsa): KeyObject | undefined {
  try {
    if (bag.key) return createPrivateKey(requerirForge().pki.privateKeyToPem(bag.key as Forge.pki.rsa.PrivateKey));
    if (bag.asn1) return createPrivateKey({ key: derDeAsn1(bag.asn1), format: 'der', type: 'pkcs8' });
  } catch {
    return undefined;
  }
  return undefined;
}

const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });

/**
 * Opens a PKCS#12 (.p12/.pfx) with its password — both the legacy 3DES/RC2 encoding and OpenSSL 3's
 * AES-256-CBC with PBKDF2-HMAC-SHA256 — and reads the signer's certificate (the one matching the key),
 * RSA or EC.
 */
export function abrirP12(bytes: Buffer, password: string): P12Abierto {
  const forge = requerirForge();
  let asn1: Forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), { strict: false } as never);
  } catch {
    throw new P12FormatoError('no es DER');
  }
  let p12: Forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const mensaje = error instanceof Error ? error.message : String(error);
    if (/password|MAC/i.test(mensaje)) throw new P12PasswordError(mensaje);
    throw new P12FormatoError(mensaje);
  }
  const oidClave = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const oidClaveSimple = forge.pki.oids.keyBag as string;
  const oidCert = forge.pki.oids.certBag as string;
  const llaves = [...(p12.getBags({ bagType: oidClave })[oidClave] ?? []), ...(p12.getBags({ bagType: oidClaveSimple })[oidClaveSimple] ?? [])] as Bolsa[];
  const clave = llaves.map(claveDe).find((k): k is KeyObject => k !== undefined);
  if (!clave) throw new P12SinClaveError('sin clave privada');
  const bolsas = (p12.getBags({ bagType: oidCert })[oidCert] ?? []) as Bolsa[];
  const certificados: Certificado[] = [];
  for (const bag of bolsas) {
    const der = bag.cert ? derDe(bag.cert) : bag.asn1 ? derDeAsn1(bag.asn1) : undefined;
    if (!der) continue;
    try {
      certificados.push(leerCertificado(der));
    } catch {
      // a certificate bag that is not X.509: left out
    }
  }
  const publica = spki(createPublicKey(clave));
  const firmante = certificados.find((c) => spki(c.node.publicKey).equals(publica));
  if (!firmante) throw new P12SinClaveError('ningún certificado corresponde a la clave');
  const info = infoDeCertificado(firmante);
  const cadena = [firmante.der, ...certificados.filter((c) => c !== firmante).map((c) => c.der)];
  return { info, clave, certificado: firmante.der, cadena, firmante, certificados };
}

/** What is shown and stored of a signer's certificate: its name (accents kept), RUT, issuer, serial, fingerprint and validity. */
export function infoDeCertificado(firmante: Certificado): P12Info {
  return {
    nombre: (
      atributo(firmante.sujeto, OID_ATRIBUTO.cn) ||
      [atributo(firmante.sujeto, OID_ATRIBUTO.givenName), atributo(firmante.sujeto, OID_ATRIBUTO.surname)].filter(Boolean).join(' ') ||
      atributo(firmante.sujeto, OID_ATRIBUTO.o)
    ).slice(0, 300),
    rut: rutDelCertificado(firmante),
    emisor: nombreCorto(firmante.emisor).slice(0, 300),
    numeroSerie: firmante.serieHex.slice(0, 100),
    huellaSha256: firmante.huellaSha256,
    validoDesde: firmante.validoDesde,
    validoHasta: firmante.validoHasta,
  };
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
