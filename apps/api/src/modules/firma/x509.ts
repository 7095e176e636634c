import { createHash, type KeyObject, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** X.509 fields the signature checks read (RFC 5280), whatever the key type (RSA or EC). */

const OID = {
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  basicConstraints: '2.5.29.19',
  crlDistributionPoints: '2.5.29.31',
  subjectAltName: '2.5.29.17',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  ocsp: '1.3.6.1.5.5.7.48.1',
} as const;

/** keyUsage bits in the order of RFC 5280 §4.2.1.3. */
export const KEY_USAGE_BITS = ['digitalSignature', 'nonRepudiation', 'keyEncipherment', 'dataEncipherment', 'keyAgreement', 'keyCertSign', 'cRLSign', 'encipherOnly', 'decipherOnly'] as const;
export type KeyUsageBit = (typeof KEY_USAGE_BITS)[number];

export interface Atributo {
  /** OID of the attribute type (2.5.4.3 CN, 2.5.4.5 serialNumber…). */
  tipo: string;
  valor: string;
}

export interface ClavePublica {
  /** Node's key type: 'rsa', 'ec', 'rsa-pss', 'ed25519', 'dsa'… */
  tipo: string;
  /** RSA modulus length in bits. */
  bits?: number;
  /** EC curve as OpenSSL names it (prime256v1, secp384r1). */
  curva?: string;
}

export interface Certificado {
  der: Buffer;
  pki: pkijs.Certificate;
  node: X509Certificate;
  sujeto: Atributo[];
  emisor: Atributo[];
  /** Serial number as lower-case hex (the DER integer's bytes). */
  serieHex: string;
  huellaSha256: string;
  validoDesde: Date;
  validoHasta: Date;
  clave: ClavePublica;
  /** null when the certificate has no keyUsage extension. */
  usos: Set<KeyUsageBit> | null;
  usosExtendidos: string[];
  esCa: boolean;
  urlsOcsp: string[];
  urlsCrl: string[];
  /** The subjectAltName's bytes as printable ASCII (where Chilean CAs put the RUT), '' without one. */
  sanTexto: string;
}

export class CertificadoIlegibleError extends Error {}

function texto(valor: unknown): string {
  const bloque = (valor as { valueBlock?: { value?: unknown } })?.valueBlock;
  return typeof bloque?.value === 'string' ? bloque.value.trim() : '';
}

const atributos = (nombre: pkijs.RelativeDistinguishedNames): Atributo[] => nombre.typesAndValues.map((tv) => ({ tipo: tv.type, valor: texto(tv.value) }));

function uris(nombres: pkijs.GeneralName[] | undefined): string[] {
  return (nombres ?? []).filter((n) => n.type === 6 && typeof n.value === 'string').map((n) => n.value as string);
}

function usosDe(ext: pkijs.Extension | undefined): Set<KeyUsageBit> | null {
  if (!ext) return null;
  const bits = ext.parsedValue as asn1js.BitString | undefined;
  const bytes = bits?.valueBlock?.valueHexView ?? new Uint8Array();
  const usos = new Set<KeyUsageBit>();
  KEY_USAGE_BITS.forEach((nombre, i) => {
    const byte = bytes[i >> 3] ?? 0;
    if (byte & (0x80 >> (i & 7))) usos.add(nombre);
  });
  return usos;
}

function clavePublica(key: KeyObject): ClavePublica {
  const detalles = key.asymmetricKeyDetails ?? {};
  return { tipo: key.asymmetricKeyType ?? 'desconocido', bits: detalles.modulusLength, curva: detalles.namedCurve };
}

/** Reads a DER (or PEM) certificate. */
export function leerCertificado(bytes: Buffer): Certificado {
  const der = /-----BEGIN CERTIFICATE-----/.test(bytes.toString('latin1')) ? Buffer.from(new X509Certificate(bytes).raw) : bytes;
  let pki: pkijs.Certificate;
  let node: X509Certificate;
  try {
    const asn = asn1js.fromBER(new Uint8Array(der));
    if (asn.offset === -1) throw new Error(asn.result.error);
    pki = new pkijs.Certificate({ schema: asn.result });
    node = new X509Certificate(der);
  } catch (error) {
    throw new CertificadoIlegibleError(error instanceof Error ? error.message : String(error));
  }
  const ext = (id: string) => pki.extensions?.find((e) => e.extnID === id);
  const aia = ext(OID.authorityInfoAccess)?.parsedValue as pkijs.InfoAccess | undefined;
  const cdp = ext(OID.crlDistributionPoints)?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  const eku = ext(OID.extKeyUsage)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  const bc = ext(OID.basicConstraints)?.parsedValue as pkijs.BasicConstraints | undefined;
  const san = ext(OID.subjectAltName);
  return {
    der,
    pki,
    node,
    sujeto: atributos(pki.subject),
    emisor: atributos(pki.issuer),
    serieHex: Buffer.from(pki.serialNumber.valueBlock.valueHexView).toString('hex'),
    huellaSha256: createHash('sha256').update(der).digest('hex'),
    validoDesde: pki.notBefore.value,
    validoHasta: pki.notAfter.value,
    clave: clavePublica(node.publicKey),
    usos: usosDe(ext(OID.keyUsage)),
    usosExtendidos: eku?.keyPurposes ?? [],
    esCa: bc?.cA === true,
    urlsOcsp: (aia?.accessDescriptions ?? []).filter((d) => d.accessMethod === OID.ocsp).flatMap((d) => uris([d.accessLocation])),
    urlsCrl: (cdp?.distributionPoints ?? []).flatMap((dp) => (Array.isArray(dp.distributionPoint) ? uris(dp.distributionPoint) : [])),
    sanTexto: san ? Buffer.from(san.extnValue.valueBlock.valueHexView).toString('latin1').replace(/[^\x20-\x7e]/g, ' ') : '',
  };
}

/** Whether `emisor` issued `cert`: names chained (and key identifiers, when present) and the signature verifies. */
export function emitidoPor(cert: Certificado, emisor: Certificado): boolean {
  try {
    return cert.node.checkIssued(emisor.node) && cert.node.verify(emisor.node.publicKey);
  } catch {
    return false;
  }
}

export const esAutofirmado = (cert: Certificado) => emitidoPor(cert, cert);

/** The first value of an attribute by OID. */
export const atributo = (attrs: Atributo[], tipo: string) => attrs.find((a) => a.tipo === tipo)?.valor ?? '';

export const OID_ATRIBUTO = {
  cn: '2.5.4.3',
  serialNumber: '2.5.4.5',
  o: '2.5.4.10',
  ou: '2.5.4.11',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
} as const;

/** A short readable name of a certificate (its CN, else O). */
export function nombreCorto(attrs: Atributo[]): string {
  return atributo(attrs, OID_ATRIBUTO.cn) || atributo(attrs, OID_ATRIBUTO.o) || atributo(attrs, OID_ATRIBUTO.ou);
}
