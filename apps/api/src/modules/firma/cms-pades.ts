import { createHash, type KeyObject, sign, X509Certificate } from 'node:crypto';
import type * as Forge from 'node-forge';
import { requerirForge } from '../../lib/lazy';

/** node-forge's ASN.1 module (the library is required at the first CMS built). */
const asn1 = () => requerirForge().asn1;
type Asn1 = Forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  /** id-aa-signingCertificateV2 (RFC 5035). */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  /** id-RSASSA-PSS (RFC 4055) and id-mgf1. */
  rsassaPss: '1.2.840.113549.1.1.10',
  mgf1: '1.2.840.113549.1.1.8',
  /** ecdsa-with-SHA256 (RFC 5758): EC P-256/P-384 keys; Node's sign() gives the DER ECDSA-Sig-Value CMS wants. */
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  /** id-aa-signatureTimeStampToken (RFC 3161 appendix A): an unsigned attribute over the signature value. */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

const seq = (items: Asn1[]) => asn1().create(asn1().Class.UNIVERSAL, asn1().Type.SEQUENCE, true, items);
const oid = (value: string) => asn1().create(asn1().Class.UNIVERSAL, asn1().Type.OID, false, asn1().oidToDer(value).getBytes());
const octets = (bytes: Buffer) => asn1().create(asn1().Class.UNIVERSAL, asn1().Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (n: number) => asn1().create(asn1().Class.UNIVERSAL, asn1().Type.INTEGER, false, asn1().integerToDer(n).getBytes());
const nulo = () => asn1().create(asn1().Class.UNIVERSAL, asn1().Type.NULL, false, '');
const algoritmo = (id: string) => seq([oid(id), nulo()]);

/** How an RSA signature value was made: RSASSA-PKCS1-v1_5 (the default) or RSASSA-PSS (SHA-256, MGF1-SHA-256, salt 32). */
export type RellenoRsa = 'pkcs1' | 'pss';

/** Salt length of the RSA-PSS signatures (RFC 4055 recommends the hash's length). */
export const PSS_SAL = 32;

const explicito = (n: number, valor: Asn1) => asn1().create(asn1().Class.CONTEXT_SPECIFIC, n, true, [valor]);

/** RSASSA-PSS-params (RFC 4055 §3.1): SHA-256, MGF1 with SHA-256, salt 32, trailer field 1 (its DEFAULT, left out). */
function parametrosPss(): Asn1 {
  const sha256 = algoritmo(OID.sha256);
  return seq([explicito(0, sha256), explicito(1, seq([oid(OID.mgf1), algoritmo(OID.sha256)])), explicito(2, integer(PSS_SAL))]);
}

/** The SignerInfo's signatureAlgorithm for the signer's key: RSA (parameters NULL), RSA-PSS (its parameters) or ECDSA (parameters absent). */
function algoritmoFirma(certificado: Buffer, relleno: RellenoRsa): Asn1 {
  if (new X509Certificate(certificado).publicKey.asymmetricKeyType === 'ec') return seq([oid(OID.ecdsaWithSha256)]);
  return relleno === 'pss' ? seq([oid(OID.rsassaPss), parametrosPss()]) : algoritmo(OID.rsaEncryption);
}
const der = (node: Asn1) => Buffer.from(asn1().toDer(node).getBytes(), 'binary');
// BIT STRINGs kept as bytes, so a certificate's key and signature are written back exactly as read.
const desdeDer = (bytes: Buffer) => asn1().fromDer(requerirForge().util.createBuffer(bytes.toString('binary')), { decodeBitStrings: false } as never);

/** A DER SET OF: its elements in the order of their encodings (X.690 §11.6). */
function setOf(items: Asn1[], tagClass = asn1().Class.UNIVERSAL, type: number = asn1().Type.SET): Asn1 {
  const ordenados = items.map((item) => ({ item, bytes: der(item) })).sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  return asn1().create(tagClass, type, true, ordenados.map((o) => o.item));
}

const atributo = (tipo: string, valor: Asn1) => seq([oid(tipo), setOf([valor])]);

/** The issuer Name and serialNumber of a certificate, as the CA encoded them (copied, never re-encoded). */
function emisorYSerie(certificado: Buffer): { emisor: Asn1; serie: Asn1 } {
  const tbs = (desdeDer(certificado).value as Asn1[])[0]!.value as Asn1[];
  // tbsCertificate: [0] version (absent in v1), serialNumber, signature, issuer, …
  const i = tbs[0]!.tagClass === asn1().Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { serie: tbs[i]!, emisor: tbs[i + 2]! };
}

/** What a PAdES signature needs of the signer: the private key and the certificates as DER. */
export interface FirmanteCms {
  clave: KeyObject;
  /** The signer's certificate. */
  certificado: Buffer;
  /** Every certificate to embed (the signer's and its chain). */
  cadena: Buffer[];
}

/**
 * A DER value kept byte for byte inside a forge tree (a TSA's token must not be re-encoded: its
 * signature covers its own bytes). forge writes a primitive node's tag as `tagClass | type` and its
 * value verbatim, so the node carries the original tag byte and content.
 */
function crudo(bytes: Buffer): Asn1 {
  let largo = 1;
  const primero = bytes[1]!;
  if (primero & 0x80) largo += 1 + (primero & 0x7f);
  else largo += 1;
  return asn1().create(0 as never, bytes[0]!, false, bytes.subarray(largo).toString('binary'));
}

/**
 * The signed attributes of a PAdES baseline signature over `contenido` (the PDF's byte range), DER
 * encoded as the SET OF the signature covers: content-type, message-digest and ESS
 * signing-certificate-v2 (the signer certificate's SHA-256 with its issuer and serial). No
 * signing-time attribute: PAdES puts the time in the signature dictionary's /M.
 */
export function atributosFirmados(contenido: Buffer, certificado: Buffer): Buffer {
  const { emisor, serie } = emisorYSerie(certificado);
  const digest = createHash('sha256').update(contenido).digest();
  const huella = createHash('sha256').update(certificado).digest();
  // ESSCertIDv2 without hashAlgorithm: SHA-256 is its DEFAULT, which DER leaves out.
  const issuerSerial = seq([seq([asn1().create(asn1().Class.CONTEXT_SPECIFIC, 4, true, [emisor])]), serie]);
  const signingCertificateV2 = seq([seq([seq([octets(huella), issuerSerial])])]);
  return der(
    setOf([
      atributo(OID.contentType, oid(OID.data)),
      atributo(OID.messageDigest, octets(digest)),
      atributo(OID.signingCertificateV2, signingCertificateV2),
    ]),
  );
}

/** What the CMS carries of the signer: its certificate and every certificate to embed (its chain). */
export type CertificadosCms = Pick<FirmanteCms, 'certificado' | 'cadena'>;

/**
 * The SignedData (detached, SHA-256 with RSA, RSA-PSS when `relleno` is 'pss', or ECDSA) from the signed attributes and their signature value,
 * made wherever the key is (this server, or the receiver's token); with `sello`, the TSA's token over
 * that signature value as the unsigned attribute signature-time-stamp (PAdES B-T).
 */
export function ensamblarCms(certificados: CertificadosCms, atributos: Buffer, firma: Buffer, sello?: Buffer, relleno: RellenoRsa = 'pkcs1'): Buffer {
  const { emisor, serie } = emisorYSerie(certificados.certificado);
  // The SignerInfo carries the attributes as [0] IMPLICIT: the same content under another tag.
  const firmados = desdeDer(atributos);
  firmados.tagClass = asn1().Class.CONTEXT_SPECIFIC;
  firmados.type = 0;
  const signerInfo = seq([
    integer(1),
    seq([emisor, serie]),
    algoritmo(OID.sha256),
    firmados,
    algoritmoFirma(certificados.certificado, relleno),
    octets(firma),
    ...(sello ? [setOf([atributo(OID.signatureTimeStampToken, crudo(sello))], asn1().Class.CONTEXT_SPECIFIC, 1)] : []),
  ]);
  const signedData = seq([
    integer(1),
    setOf([algoritmo(OID.sha256)]),
    seq([oid(OID.data)]),
    setOf(certificados.cadena.map(desdeDer), asn1().Class.CONTEXT_SPECIFIC, 0),
    setOf([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1().create(asn1().Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

/**
 * The CMS of a PAdES baseline B-B signature (ETSI EN 319 142-1) over `contenido` (the PDF's byte
 * range): SignedData, detached, SHA-256 with RSA, the certificates embedded, and the signed
 * attributes of `atributosFirmados`.
 */
export function cmsPades(contenido: Buffer, firmante: FirmanteCms): Buffer {
  const atributos = atributosFirmados(contenido, firmante.certificado);
  return ensamblarCms(firmante, atributos, sign('sha256', atributos, firmante.clave));
}

/**
 * A PAdES B-T CMS: the B-B signature, then `sellar` asked for a timestamp over its signature value
 * (the SignerInfo's signature OCTET STRING's content), carried as an unsigned attribute.
 */
export async function cmsPadesConSello(contenido: Buffer, firmante: FirmanteCms, sellar: (valorFirma: Buffer) => Promise<Buffer>): Promise<Buffer> {
  const atributos = atributosFirmados(contenido, firmante.certificado);
  const firma = sign('sha256', atributos, firmante.clave);
  return ensamblarCms(firmante, atributos, firma, await sellar(firma));
}
